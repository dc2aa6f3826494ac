"""Turning a host's server entries into Rootkeeper server entries.

Every imported server starts like any new one: consent pending, so it is sent no folder until the
user agrees. Folders written on a server's command line (the filesystem server's allowed
directories) become placeholders (`app.core.servers.folder_args`), so the server is started with the
folders the user shares and nothing while its consent is pending or sharing is paused, unless the
user keeps them as the server's own (recorded in `ServerEntry.kept_folders`). The caller shows the
exact before → after first (`preview_import`). Sharing those folders is only offered: nothing is
shared without the user.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.core.confine.support import confine_refusal, confined_for
from app.core.edits.servers import check_stdio, http_target
from app.core.hosts.base import HostServer
from app.core.model import SERVER_NAME_RE, HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.servers.adhoc import adhoc_entry
from app.core.servers.folder_args import FolderArguments, folder_arguments
from app.core.servers.secrets import same_target
from app.core.text import UserError

_INVALID = re.compile(r"[^A-Za-z0-9._-]+")
NAME_LIMIT = 64


@dataclass
class Imported:
    """What became of one host server: `entry` is its Rootkeeper server (new or existing)."""

    server: HostServer
    entry: ServerEntry | None = None
    is_new: bool = False
    skipped: str = ""
    warning: str = ""
    folders: list[str] = field(default_factory=list)
    """The folders on its command line."""
    offer: FolderArguments | None = None
    """Its command with the folders you share in place of its own (None: it names none, or it is not new)."""
    kept_own: bool = False
    """The user kept the folders on its command line as its own (the offer was declined)."""

    @property
    def rewritten(self) -> bool:
        """Whether it was saved with the folders you share in place of its own."""
        return self.offer is not None and self.is_new and not self.kept_own


UseShared = Callable[[HostServer], bool]
"""For a host server whose command line names folders: True to give it the folders you share instead."""


def _always(_server: HostServer) -> bool:
    return True


def server_key(server: HostServer) -> tuple[object, ...]:
    """The same host server in a preview and in the import that follows (the file is read again)."""
    return server.location, server.command, tuple(server.args), tuple(sorted(server.env.items()))


def target_of(server: HostServer, config_path: Path) -> StdioTarget | HttpTarget:
    """The Rootkeeper target for a stdio or HTTP host entry.

    Raises `UserError` (one sentence) for a target that could never work, by the same rule as
    `servers add`; ValueError for a transport Rootkeeper does not speak.
    """
    if server.transport == "http":
        return http_target(server.url, server.headers)
    if server.transport != "stdio":
        raise ValueError(server.transport)
    cwd = server.cwd
    if cwd is not None:
        # A relative working folder means the one next to the config file, the only base both sides share.
        cwd = os.path.normpath(os.path.join(config_path.parent, os.path.expanduser(cwd)))
    # The command and arguments stay as the host wrote them (no `~` expansion): the host runs them as written.
    check_stdio(server.command, server.args, env=server.env, cwd=cwd)
    return StdioTarget(command=server.command, args=server.args, env=server.env, cwd=cwd)


def valid_name(wanted: str, taken: set[str]) -> str:
    """`wanted` made a valid server name (letters, digits, '.', '_', '-') that no other server has."""
    base = _INVALID.sub("-", wanted).strip("-._")[:NAME_LIMIT] or "server"
    if not SERVER_NAME_RE.match(base):
        base = ("s" + base)[:NAME_LIMIT]
    name, counter = base, 2
    while name in taken:
        suffix = f"-{counter}"
        name = base[: NAME_LIMIT - len(suffix)] + suffix
        counter += 1
    return name


def _skip_reason(server: HostServer) -> str:
    if server.bridged_as is not None:
        return "it already runs through Rootkeeper"
    if server.transport == "sse":
        return "it uses the older SSE transport, which Rootkeeper does not speak"
    if server.transport == "unknown":
        return server.notes[0] if server.notes else "its entry could not be understood"
    return ""


def plan_import(data: StoreData, servers: list[HostServer], config_path: Path, *,
                for_install: bool = False, use_shared: UseShared = _always, by_name: bool = False,
                confined: bool | None = None) -> list[Imported]:
    """Add the importable servers to `data` (the caller saves it); an identical existing server is reused.

    A new server whose command line names folders is saved with placeholders in their place when
    `use_shared` says so, else with those folders recorded as its own (`kept_folders`); the same when a
    host is routed through the bridge (`for_install`), whose file then names the Rootkeeper server only.

    A new stdio server runs confined to its folders where the system can confine it (`confined`: None), or as
    `confined` says; an HTTP one is never confined (Rootkeeper does not start it).

    A server whose settings hold values only its host fills in (`${input:token}`) is imported with a
    warning, but never installed: started by the bridge it would get the placeholder, not the secret.

    `by_name`: each server is the one `rootkeeper bridge --name NAME -- COMMAND` finds or adds (`adhoc_entry`),
    under the host's own name, as a project's shared file routes it.
    """
    if confined and (unsupported := confine_refusal()) is not None:
        raise UserError(unsupported.code, **unsupported.args)
    results = []
    for server in servers:
        result = Imported(server=server, skipped=_skip_reason(server))
        results.append(result)
        if not result.skipped and server.host_filled:
            held = f"its settings use {server.host_filled}, which only the host fills in"
            if for_install:
                result.skipped = held + ", so it keeps starting directly"
            else:
                result.warning = held + "; Rootkeeper copied it as written, so set the real value before use"
        if result.skipped:
            continue
        if by_name:
            if server.transport != "stdio":
                result.skipped = "a project's shared file routes only servers started by a command"
                continue
            try:
                # A project's server is new like any other: confined by the same rule.
                result.entry, result.is_new = adhoc_entry(data, server.name, [server.command, *server.args],
                                                          confined)
            except UserError as refused:
                result.skipped = str(refused).removesuffix(".")
                continue
            continue
        try:
            target = target_of(server, config_path)
        except UserError as refused:  # the sentence `servers add` gives, its full stop left to the caller's line
            result.skipped = str(refused).removesuffix(".")
            continue
        offer = folder_arguments(target)
        result.folders = list(offer.folders) if offer is not None else []
        placed = offer.target if offer is not None else None  # imported before, with the folders you share
        same = next((entry for entry in data.servers if same_target(entry.target, target)
                     or (placed is not None and same_target(entry.target, placed))), None)
        if same is not None:
            result.entry = same
            continue
        entry = ServerEntry(name=valid_name(server.name, {s.name for s in data.servers}), target=target)
        entry.confined = confined_for(target, confined)
        if offer is not None:
            result.offer = offer
            if use_shared(server):
                entry.target = offer.target
            else:
                entry.kept_folders, result.kept_own = list(offer.folders), True
        data.servers.append(entry)
        result.entry, result.is_new = entry, True
    return results
