"""Server secrets kept out of the settings file: in the system keyring, or a private file where none exists.

What is secret: every HTTP header value, every environment value given to a command server, and
the password in a URL (`http://user:password@host`). For `Authorization` and
`Proxy-Authorization`, the scheme word (`Bearer`, `Basic`) is not secret and stays visible. An
environment value holding a folder placeholder (`{roots}`) is a list of folders, not a secret: it
stays in the store, so its expansion can follow what the server may see. Empty values hide nothing.

The store keeps a reference in the secret's place, `rootkeeper-secret:keyring:<token>` or
`rootkeeper-secret:file:<token>`, with a random 128-bit token that only readers of the (private)
store know. `seal` puts plaintext values away before a write (so a store written by an older
version is migrated on its next write), `forget` deletes what the written store no longer
refers to (a removed server, a replaced value), and `reveal` is the one place the real values are
fetched, just before a connection is made. People only ever see `masked` values: `Bearer ****`,
`KEY=****`, `http://user:****@host`.

The keyring is the `keyring` library's best backend (Secret Service on Linux, Keychain on macOS,
Credential Manager on Windows). Where it has none, or it refuses a value, the value goes to
`secrets.json` in the state folder (0600, replaced atomically), and the user is told once, when
that file is made. Writes happen under the store's lock, so the file has one writer at a time.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import secrets as random
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

from app.core.model import HttpTarget, StdioTarget, StoreData
from app.core.servers.secret_parts import MASK, REFERENCE, Change, collected, http_update, stdio_update
from app.core.servers.secret_parts import map_header as _map_header
from app.core.servers.secret_parts import map_url as _map_url
from app.core.servers.secret_parts import split_url as _split_url
from app.core.system.fileio import atomic_write, private_dir, remove_stale_temporaries
from app.core.system.locations import STORE_STATE_FOLDERS, state_home
from app.core.text import Message, UserError, message

SERVICE = "rootkeeper"
SECRETS_FILE = "secrets.json"

AnyTarget = TypeVar("AnyTarget", bound=StdioTarget | HttpTarget)


class SecretError(UserError):
    """A secret value cannot be fetched; one sentence. The server is not started with a wrong value."""


# -- what is secret (the rule is in `app.core.servers.secret_parts`, which serves plain data too) --------


def _update(target: StdioTarget | HttpTarget, change: Change) -> dict[str, Any]:
    if isinstance(target, HttpTarget):
        return http_update(target.url, target.headers, change)
    return stdio_update(target.env, change)


def _map_target(target: AnyTarget, change: Change) -> AnyTarget:
    """`target` with each secret part replaced by `change(part)`; the same object when nothing changed."""
    update = _update(target, change)
    if not update:
        return target
    return cast(AnyTarget, target.model_copy(update=update))  # `Self` of a union-bound TypeVar is the union


def _parts(target: StdioTarget | HttpTarget) -> list[str]:
    return collected(lambda change: _update(target, change))


def references(data: StoreData) -> set[str]:
    """Every secret reference the store holds."""
    return {part for server in data.servers for part in _parts(server.target) if REFERENCE.fullmatch(part)}


def plaintext_servers(data: StoreData) -> list[str]:
    """Servers whose secrets are still written in the store (by an older version)."""
    return [s.name for s in data.servers if any(not REFERENCE.fullmatch(p) for p in _parts(s.target))]


# -- for people ----------------------------------------------------------------------------------


def masked(target: AnyTarget) -> AnyTarget:
    """`target` as shown to people: each secret part (or its reference) is `****`."""
    return _map_target(target, lambda _part: MASK)


def masked_url(url: str) -> str:
    return _map_url(url, lambda _part: MASK)


_URL_PASSWORD_IN_TEXT = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#@:]*:)[^\s/?#@]+@")


def hide_passwords(text: str) -> str:
    """`text` (a log line, an error) with every `scheme://user:password@` written `scheme://user:****@`."""
    return _URL_PASSWORD_IN_TEXT.sub(lambda m: m.group(1) + MASK + "@", text) if "@" in text else text


def keep_unchanged(new: AnyTarget, old: StdioTarget | HttpTarget) -> AnyTarget:
    """`new` as edited from the masked `old`: a value left as shown (`****`) keeps the old secret.

    A URL whose password was left as `****` keeps the old password even when the rest changed.
    """
    if isinstance(new, HttpTarget) and isinstance(old, HttpTarget):
        headers = {
            name: old.headers[name]
            if name in old.headers and value == _map_header(name, old.headers[name], lambda _p: MASK) else value
            for name, value in new.headers.items()
        }
        url = new.url
        new_parts, old_parts = _split_url(new.url), _split_url(old.url)
        if new_parts is not None and old_parts is not None and new_parts[1] == MASK:
            url = new_parts[0] + old_parts[1] + new_parts[2]
        return new.model_copy(update={"headers": headers, "url": url})
    if isinstance(new, StdioTarget) and isinstance(old, StdioTarget):
        env = {key: old.env[key] if key in old.env and old.env[key] and value == MASK else value
               for key, value in new.env.items()}
        return new.model_copy(update={"env": env})
    return new


# -- where secrets are kept ----------------------------------------------------------------------


_store_folders = STORE_STATE_FOLDERS  # filled by each `Store`, which does not import this module to read


def known_folder(folder: Path) -> None:
    """Say that a store of this process keeps its private secrets file in `folder`.

    A connection does not know which store its server came from; `reveal` looks in the state
    folder, then in the folders of the stores this process opened (a settings folder given
    explicitly, as tests and portable setups do). Tokens are random, so a folder cannot shadow another.
    """
    _store_folders.add(folder)


@functools.cache
def _backend() -> Any | None:
    """The keyring backend to use, or None when there is no usable one (then the private file is used)."""
    try:
        import keyring
        from keyring.backends import chainer, fail, null

        keyring.core.init_backend()  # detected afresh (the environment may have changed since a cached choice)
        backend = keyring.get_keyring()
    except Exception:  # a broken keyring configuration means no keyring, not a crash
        return None
    if isinstance(backend, fail.Keyring | null.Keyring):
        return None
    if isinstance(backend, chainer.ChainerBackend) and not backend.backends:
        return None
    return backend


def _keyring_errors() -> tuple[type[BaseException], ...]:
    from keyring.errors import KeyringError

    # Values the backend cannot encode (undecodable bytes) and a bus that went away are refusals too.
    return (KeyringError, UnicodeError, OSError, RuntimeError)


class Vault:
    """Puts secrets away, fetches and deletes them; `notes` says what the user should know (once)."""

    def __init__(self, state_dir: Path | None = None) -> None:
        self.folder = state_dir or state_home()
        self.file = self.folder / SECRETS_FILE
        self.notes: list[Message] = []
        self._file_values: dict[str, str] | None = None
        self._file_dirty = False

    # The private file -------------------------------------------------------------------------

    def _load_file(self) -> dict[str, str]:
        if self._file_values is None:
            try:
                raw = json.loads(self.file.read_text(encoding="utf-8", errors="surrogateescape"))
                values = raw.get("secrets", {}) if isinstance(raw, dict) else {}
            except FileNotFoundError:
                values = {}
            except (OSError, ValueError) as exc:
                raise _error("secret.file_unreadable", path=str(self.file), reason=str(exc)) from exc
            self._file_values = {str(k): str(v) for k, v in values.items()}
        return self._file_values

    def flush(self) -> None:
        """Write the private file if a value was put or deleted."""
        if not self._file_dirty or self._file_values is None:
            return
        if not self._file_values:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.file)
        else:
            created = not self.file.exists()
            private_dir(self.folder, tighten_existing=False)
            remove_stale_temporaries(self.file)  # a writer killed mid-write; we hold the store's lock
            document = {"about": "Rootkeeper's server secrets, kept here because no keyring was available.",
                        "secrets": self._file_values}
            atomic_write(self.file, json.dumps(document, indent=1, ensure_ascii=True).encode("ascii"), mode=0o600)
            if created and not self.notes:
                self.notes.append(message("secret.in_file", path=str(self.file)))
        self._file_dirty = False

    # Putting, fetching, deleting --------------------------------------------------------------

    def put(self, value: str) -> str:
        """Keep `value`; returns its reference."""
        token = random.token_hex(16)
        backend = _backend()
        if backend is not None:
            try:
                backend.set_password(SERVICE, token, value)
                return f"rootkeeper-secret:keyring:{token}"
            except _keyring_errors() as exc:
                self.notes.append(message("secret.keyring_refused", reason=str(exc) or type(exc).__name__,
                                          path=str(self.file)))
        self._load_file()[token] = value
        self._file_dirty = True
        return f"rootkeeper-secret:file:{token}"

    def get(self, reference: str) -> str:
        matched = REFERENCE.fullmatch(reference)
        if matched is None:
            return reference
        where, token = matched.groups()
        if where == "file":
            value = self._load_file().get(token)
            for folder in _store_folders - {self.folder}:  # a store in another folder (see `known_folder`)
                if value is None:
                    value = Vault(folder)._load_file().get(token)
            if value is None:
                raise _error("secret.missing_file", path=str(self.file))
            return value
        backend = _backend()
        if backend is None:
            raise _error("secret.no_keyring")
        try:
            found = backend.get_password(SERVICE, token)
        except _keyring_errors() as exc:
            reason = str(exc) or type(exc).__name__
            raise _error("secret.keyring_failed", reason=reason) from exc
        if found is None:
            raise _error("secret.missing_keyring")
        return str(found)

    def delete(self, reference: str) -> None:
        matched = REFERENCE.fullmatch(reference)
        if matched is None:
            return
        where, token = matched.groups()
        if where == "file":
            if self._load_file().pop(token, None) is not None:
                self._file_dirty = True
            return
        backend = _backend()
        if backend is not None:
            with contextlib.suppress(*_keyring_errors()):  # already gone, or the keyring is away: nothing to keep
                backend.delete_password(SERVICE, token)


def _error(code: str, **args: str) -> SecretError:
    return SecretError(code, **args)


# -- the store's side ----------------------------------------------------------------------------


def seal(data: StoreData, vault: Vault, *, migrating: Iterable[str] = ()) -> list[Message]:
    """Put every plaintext secret in `data` away, leaving references; call before the store is written.

    `migrating` names the servers whose plaintext came from the file itself (written by an older
    version), for the note that says they were moved.
    """

    def put_away(part: str) -> str:
        return part if REFERENCE.fullmatch(part) else vault.put(part)

    for server in data.servers:
        server.target = _map_target(server.target, put_away)
    vault.flush()
    notes = list(vault.notes)
    if servers := list(migrating):
        named = ", ".join(f"'{name}'" for name in servers)
        if _backend() is not None:
            notes.append(message("secret.migrated_keyring", servers=named))
        else:
            notes.append(message("secret.migrated_file", servers=named, path=str(vault.file)))
    return notes


def forget(unused: Iterable[str], vault: Vault) -> None:
    """Delete secrets the written store no longer refers to; call after the store is written."""
    for reference in unused:
        vault.delete(reference)
    vault.flush()


def reveal(target: AnyTarget, vault: Vault | None = None) -> AnyTarget:
    """`target` with its real values, for making a connection now; raises SecretError when one is missing.

    The one place the real values are fetched; call it at the last moment and never keep the result.
    """
    if not any(REFERENCE.fullmatch(part) for part in _parts(target)):
        return target
    return _map_target(target, (vault or Vault()).get)


def same_target(stored: StdioTarget | HttpTarget, plain: StdioTarget | HttpTarget) -> bool:
    """Whether a stored target (with references) is `plain` (with real values); the keyring is read only if needed."""
    if stored == plain:
        return True
    if type(stored) is not type(plain) or masked(stored) != masked(plain):
        return False
    try:
        return reveal(stored) == plain
    except SecretError:
        return False
