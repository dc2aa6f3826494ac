"""The Hosts page's work as plain coroutines: reading host configs, planning and writing rewrites.

Every file-system step runs off the event loop (`asyncio.to_thread`). No rule lives here: reading,
importing, planning an install or an uninstall and writing are `app.core.hosts` functions, called
the way `rootkeeper hosts …` calls them. A plan is shown before it is written; `apply_*` writes
exactly the plan that was shown and refuses (nothing written) when the files changed since.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from app.core.hosts import HOSTS, ConfigFile, Host, HostConfigError, HostServer, host_named
from app.core.hosts.base import current_system, home
from app.core.hosts.importing import Imported, plan_import
from app.core.hosts.install import (
    FileChange,
    check_unchanged,
    choose,
    existing_files,
    forget_left,
    load_records,
    plan_host_install,
    plan_uninstall,
    read_all,
    write,
)
from app.core.store.store import Store
from app.core.text import Message
from app.mcp.hub import Hub


@dataclass(frozen=True)
class HostFile:
    """One existing config file of a host: its servers, or the sentence saying why it cannot be read."""

    path: Path
    servers: tuple[HostServer, ...] = ()
    error: Message | None = None


@dataclass(frozen=True)
class HostState:
    name: str
    title: str
    files: tuple[HostFile, ...] = ()

    @property
    def installed(self) -> bool:
        return bool(self.files)


@dataclass
class Plan:
    """Changes to config files, planned and not yet written; `results` says what became of each server."""

    host: Host
    changes: list[FileChange]
    results: list[Imported] = field(default_factory=list)

    @property
    def changed(self) -> list[FileChange]:
        return [change for change in self.changes if change.changed]

    def diff(self) -> str:
        return "".join(change.diff() for change in self.changed)


@dataclass(frozen=True)
class Written:
    path: Path
    backup: Path


def user_files(host: Host) -> list[ConfigFile]:
    """The host's per-user config files that exist. A tray app has no current project, so a project's
    own files (`.vscode/mcp.json`, `.mcp.json`) stay with the CLI, which runs inside the project."""
    return [config for config in existing_files(host.config_files(home(), current_system()))
            if config.scope == "user"]


def _read_host(host: Host) -> HostState:
    files = []
    for config in user_files(host):
        try:
            ((_, _, servers),) = read_all(host, [config])
        except HostConfigError as exc:
            files.append(HostFile(config.path, error=exc.message))
        else:
            files.append(HostFile(config.path, tuple(servers)))
    return HostState(host.name, host.title, tuple(files))


class HostsService:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def read(self) -> list[HostState]:
        return await asyncio.to_thread(lambda: [_read_host(host) for host in HOSTS.values()])

    # -- import ----------------------------------------------------------------------------------

    async def import_servers(self, host_name: str) -> list[Imported]:
        """Add the host's servers as Rootkeeper servers (consent pending); refuses a file that does not parse."""

        def run() -> list[Imported]:
            host = host_named(host_name)
            read = read_all(host, user_files(host))
            results: list[Imported] = []
            with self.store.transaction() as data:
                for config, _text, servers in read:
                    results += plan_import(data, servers, config.path)
            return results

        results = await asyncio.to_thread(run)
        self.hub.reload_now()
        return results

    # -- install ---------------------------------------------------------------------------------

    async def plan_install(self, host_name: str, names: list[str]) -> Plan:
        def run() -> Plan:
            host = host_named(host_name)
            read = read_all(host, user_files(host))
            changes, results = plan_host_install(self.store.load(), host, read, choose(read, names, host))
            return Plan(host, changes, results)

        return await asyncio.to_thread(run)

    async def apply_install(self, plan: Plan, names: list[str]) -> list[Written]:
        """Import the chosen servers and rewrite the files, exactly as `plan` showed, or nothing at all."""

        def run() -> list[Written]:
            host = plan.host
            read = [(change.config, change.before, host.read(change.config.path, change.before))
                    for change in plan.changes]
            with self.store.transaction() as data:
                changes, results = plan_host_install(data, host, read, choose(read, names, host))
                for change, shown in zip(changes, plan.changes, strict=True):
                    if change.after != shown.after:  # the servers were changed meanwhile: new names
                        raise _changed_meanwhile(change.config.path)
                    check_unchanged(change)  # before the imported servers are saved
            plan.results = results
            return [Written(change.config.path, write(change)) for change in changes if change.changed]

        written = await asyncio.to_thread(run)
        self.hub.reload_now()
        return written

    # -- uninstall -------------------------------------------------------------------------------

    async def plan_uninstall(self, host_name: str) -> Plan:
        def run() -> Plan:
            host = host_named(host_name)
            records = load_records()
            paths = sorted({r["file"] for r in records if r.get("host") == host.name})
            files = [ConfigFile(Path(path), "file") for path in paths if Path(path).is_file()]
            changes = [plan_uninstall(host, config, text, records) for config, text, _ in read_all(host, files)]
            return Plan(host, [change for change in changes if change.restored or change.left])

        return await asyncio.to_thread(run)

    async def apply_uninstall(self, plan: Plan) -> list[Written]:
        def run() -> list[Written]:
            written = []
            for change in plan.changes:
                if change.changed:
                    written.append(Written(change.config.path, write(change)))
                else:
                    forget_left(change)
            return written

        return await asyncio.to_thread(run)


def _changed_meanwhile(path: Path) -> HostConfigError:
    return HostConfigError("hosts.changed_meanwhile", path=str(path))
