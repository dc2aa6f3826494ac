"""Edits of the configured servers: save (add or replace), remove, share/consent, era pin.

A new server shares nothing until the user consents: unless a sharing choice comes with it, it is
saved with consent pending, so servers see an empty list until the user decides.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import cast
from urllib.parse import urlsplit

from pydantic import ValidationError

from app.core.confine.support import confine_refusal, confined_by_default
from app.core.model import SERVER_NAME_RE, HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.paths import canonicalize, printable
from app.core.policy import load_policy
from app.core.roots.lookup import RootError, find_root
from app.core.servers.aliases import clean_remote, is_remote_absolute
from app.core.servers.folder_args import command_line_folders
from app.core.servers.secrets import keep_unchanged
from app.core.servers.words import ERAS, ROOTS_SOURCES, EraPin, SharingMode
from app.core.text import UserError, refusal

ShareChoice = SharingMode | Sequence[str] | str
"""`all`, `none`, a list of roots (ids, names or paths), or the CLI's comma-separated text of them."""



def _expand(word: str) -> str:
    return os.path.expanduser(word) if word.startswith("~") else word


def stdio_target(
    command: str,
    args: Sequence[str] = (),
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    base: str | None = None,
) -> StdioTarget:
    """A command server; `~` is expanded in the command, its arguments and the working folder, which must exist."""
    folder = None
    if cwd is not None and cwd.strip():
        folder = os.path.normpath(os.path.join(base or os.getcwd(), os.path.expanduser(cwd.strip())))
    check_stdio(command, args, env=env, cwd=folder)
    if folder is not None and not os.path.isdir(folder):  # typed now, so it must exist now
        raise refusal("server.cwd_missing", cwd=printable(folder))
    return StdioTarget(command=_expand(command), args=[_expand(a) for a in args], env=dict(env or {}), cwd=folder)


def check_stdio(command: str, args: Sequence[str] = (), *, env: Mapping[str, str] | None = None,
                cwd: str | None = None) -> None:
    """Refuse (one sentence) a command that could never start: none given, or a NUL byte anywhere.

    The one rule for every way a command server arrives: `servers add`, the GUI's form and host import.
    (A working folder missing today is not impossible: a host's config may name one made later.)
    """
    if not command.strip():
        raise refusal("server.no_command")
    words = [command, *args, *(env or {}).keys(), *(env or {}).values(), cwd or ""]
    if any("\x00" in word for word in words):  # exec cannot pass a NUL; the server could never start
        raise refusal("server.nul")


_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
"""An HTTP field name is a `token` (RFC 9110 5.6.2): no spaces, colons or controls."""


def _check_url(url: str) -> None:
    """Refuse what no HTTP client can ever connect to: whitespace inside, no host, a port outside 1–65535."""
    if re.search(r"\s", url):
        raise refusal("server.url_space", url=printable(url))
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise refusal("server.bad_url", url=printable(url))
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and not 1 <= port <= 65535:
        shown = parts.netloc.rpartition(":")[2]
        raise refusal("server.bad_port", url=printable(url), port=printable(shown))


def _check_headers(headers: Mapping[str, str]) -> None:
    for name, value in headers.items():
        if not _HEADER_NAME.match(name):
            raise refusal("server.bad_header_name", name=printable(name))
        if re.search(r"[\r\n\x00]", value):
            raise refusal("server.bad_header_value", name=printable(name))


def http_target(url: str, headers: Mapping[str, str] | None = None) -> HttpTarget:
    """A Streamable HTTP server; refused (one sentence) when it could never be reached.

    The one rule for every way an HTTP server arrives: `servers add`, the GUI's form and host import.
    """
    cleaned = url.strip()
    _check_url(cleaned)
    _check_headers(headers or {})
    try:
        return HttpTarget(url=cleaned, headers=dict(headers or {}))
    except ValidationError as exc:
        raise refusal("server.bad_url", url=printable(url)) from exc


def find_server(data: StoreData, name: str) -> ServerEntry:
    server = data.server(name)
    if server is None:
        raise refusal("server.not_found", name=printable(name))
    return server


def parse_share(data: StoreData, spec: ShareChoice) -> SharingMode | list[str]:
    """`all`, `none`, or roots (a list, or comma-separated text of ids, names or paths) -> stored sharing."""
    if isinstance(spec, str):
        cleaned = spec.strip()
        if cleaned in ("all", "none"):
            return cast(SharingMode, cleaned)
        selectors = [part.strip() for part in cleaned.split(",") if part.strip()]
    else:
        selectors = list(spec)
    if not selectors:
        raise RootError("share.empty")
    ids: list[str] = []
    for selector in selectors:
        root_id = find_root(data, selector).id
        if root_id not in ids:
            ids.append(root_id)
    return ids


def save_server(
    data: StoreData,
    name: str,
    target: StdioTarget | HttpTarget,
    *,
    share: ShareChoice | None = None,
    era: str | None = None,
    replacing: str | None = None,
    confined: bool | None = None,
) -> ServerEntry:
    """Add a server, or replace the one called `replacing` in place.

    A replaced entry keeps each secret value given as shown (`****`, see `app.core.servers.secrets`), and its
    consent, sharing, era, aliases, own-folders option and roots source
    unless `share`/`era` are given; a new one
    waits for consent (shares nothing) unless `share` is given.

    `confined` (None: a new stdio server where the system can confine it, a replaced one as it was) says whether
    it runs confined to its folders; turning it on where the system cannot confine is refused.
    """
    if not SERVER_NAME_RE.match(name):
        raise refusal("server.bad_name", name=printable(name))
    old = find_server(data, replacing) if replacing is not None else None
    clash = data.server(name)
    if clash is not None and clash is not old:
        raise refusal("server.exists", name=name)
    if old is not None:  # a secret shown masked and left as shown is kept, not replaced by '****'
        target = keep_unchanged(target, old.target)
    pinned = _era(era) if era is not None else (old.era if old is not None else "auto")
    entry = ServerEntry(name=name, target=target, era=pinned, **(old.model_extra or {}) if old is not None else {})
    if old is not None:
        entry.share, entry.consent, entry.added_at = old.share, old.consent, old.added_at
        entry.legacy_only = old.legacy_only and old.target == target
        entry.asks_roots = old.asks_roots if old.target == target else None  # another program: not seen yet
        entry.keeps_after_empty = old.keeps_after_empty and old.target == target
        # How the server is sent its folders is its own setting, not part of how it is reached.
        entry.path_aliases = dict(old.path_aliases)
        entry.also_send_own_folders = old.also_send_own_folders and isinstance(target, StdioTarget)
        # Folders kept as its own stay recorded while they are still on its command line.
        entry.kept_folders = [folder for folder in old.kept_folders if folder in command_line_folders(target)]
        entry.roots_source = old.roots_source
        entry.enabled = old.enabled
        entry.confined = old.confined and isinstance(target, StdioTarget)
    else:
        entry.confined = confined_by_default(target)
    if confined is not None and isinstance(target, StdioTarget):
        if confined and (unsupported := confine_refusal()) is not None:
            raise UserError(unsupported.code, **unsupported.args)
        entry.confined = confined
    if share is not None:
        entry.share = parse_share(data, share)
        entry.consent = "given"
    _check_policy(entry)
    if old is None:
        data.servers.append(entry)
    else:
        data.servers[data.servers.index(old)] = entry
    return entry


def remove_server(data: StoreData, name: str, log_dir: Path | None = None) -> Path | None:
    """Forget the server; returns its log file (in `log_dir`) for the caller to delete once the edit is saved.

    Its secrets are deleted from the keyring when the store is written without it (`Store.transaction`).
    """
    server = find_server(data, name)
    data.servers.remove(server)
    return log_dir / f"{server.name}.log" if log_dir is not None else None


def share(data: StoreData, name: str, spec: ShareChoice) -> ServerEntry:
    """Record what `name` may see, and that the user consented to it."""
    server = find_server(data, name)
    chosen = parse_share(data, spec)
    if chosen != "none":
        forbidden = load_policy().share_refusal(server)
        if forbidden is not None:
            raise forbidden
    server.share = chosen
    server.consent = "given"
    return server


def _check_policy(entry: ServerEntry) -> None:
    """The administrator's policy: a barred server is never saved, a share-none one never shares."""
    policy = load_policy()
    barred = policy.server_refusal(entry)
    if barred is not None:
        raise barred
    if entry.consent == "given" and entry.share != "none":  # pending consent shares nothing yet
        refused = policy.share_refusal(entry)
        if refused is not None:
            raise refused


def _era(era: str) -> EraPin:
    if era not in ERAS:
        raise refusal("server.bad_era", era=printable(era))
    return cast(EraPin, era)


def set_era(data: StoreData, name: str, era: str) -> ServerEntry:
    """Pin the protocol era `name` is spoken to in (`auto` lets the connection detect it)."""
    server = find_server(data, name)
    server.era = _era(era)
    return server


def set_aliases(data: StoreData, name: str, pairs: Mapping[str, str]) -> ServerEntry:
    """Replace `name`'s path aliases (local prefix -> the path the server sees); an empty mapping clears them.

    Each local prefix is made canonical like a root (`~` expanded, symlinks resolved; it need not
    exist yet, a drive may be unmounted); the server-side path must be absolute.
    """
    server = find_server(data, name)
    cleaned: dict[str, str] = {}
    for local, remote in pairs.items():
        if not local.strip():
            raise refusal("alias.no_local", remote=printable(remote))
        if any(unicodedata.category(char) == "Cc" for char in remote):
            raise refusal("alias.remote_control", remote=printable(remote))
        if not is_remote_absolute(remote.strip()):
            raise refusal("alias.remote_relative", remote=printable(remote))
        prefix = canonicalize(local.strip(), must_exist=False).resolved
        if prefix in cleaned:
            raise refusal("alias.twice", path=printable(prefix))
        cleaned[prefix] = clean_remote(remote)
    server.path_aliases = cleaned
    return server


def set_own_folders(data: StoreData, name: str, on: bool) -> ServerEntry:
    """Whether `name` is also sent the folders on its own command line (after Rootkeeper's)."""
    server = find_server(data, name)
    if on and not isinstance(server.target, StdioTarget):
        raise refusal("server.no_command_line", name=server.name)
    server.also_send_own_folders = on
    return server


def set_confined(data: StoreData, name: str, on: bool) -> ServerEntry:
    """Whether `name` runs confined to the folders it is given (`app.core.confine`); only a server Rootkeeper
    starts can be, and only where the system can confine it."""
    server = find_server(data, name)
    if on and not isinstance(server.target, StdioTarget):
        raise refusal("confine.not_stdio", server=server.name)
    if on and (unsupported := confine_refusal()) is not None:
        raise UserError(unsupported.code, **unsupported.args)
    server.confined = on
    return server


def keep_own_folders(data: StoreData, name: str, folders: Sequence[str]) -> ServerEntry:
    """Record the folders on `name`'s command line that the user keeps as its own (none: it is given the
    folders they share, or names none)."""
    server = find_server(data, name)
    server.kept_folders = list(dict.fromkeys(folders))
    return server


def set_roots_source(data: StoreData, name: str, source: str) -> ServerEntry:
    """Whose roots a bridged server sees when its host has roots of its own: Rootkeeper's, the host's, or both."""
    server = find_server(data, name)
    if source not in ROOTS_SOURCES:
        raise refusal("server.bad_roots_source", value=source)
    server.roots_source = source  # type: ignore[assignment]  # checked against ROOTS_SOURCES above
    return server



def set_server_enabled(data: StoreData, name: str, enabled: bool) -> ServerEntry:
    """Disable a server without forgetting it (the hub disconnects it), or enable it again."""
    server = find_server(data, name)
    server.enabled = enabled
    return server
