"""Reading the hosts, importing their servers, routing them through the bridge and putting them back: the one
flow `rootkeeper hosts …`, `rootkeeper servers import` and the GUI's Hosts page all call.

Plain functions, no event loop: the CLI calls them directly, the GUI runs each one off its event loop.
A change is planned first (`plan_install`, `plan_uninstall`: the exact before → after of each file, which
the CLI prints with `--dry-run` and the GUI shows in its diff dialog), then applied (`apply_install`,
`apply_uninstall`): exactly the plan that was shown, or nothing, when the files or the servers changed since.

`files=None` means the host's own per-user config files. A tray app has no current project, so a project's
own files (`.vscode/mcp.json`, `.mcp.json`) are only reached by the CLI, which runs inside the project and
passes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.core.edits.roots import Added, add_roots
from app.core.hosts import HOSTS
from app.core.hosts.base import ConfigFile, Host, HostServer, current_system, home
from app.core.hosts.importing import Imported, UseShared, plan_import
from app.core.hosts.install import (
    FileChange,
    changed_meanwhile,
    check_unchanged,
    choose,
    existing_files,
    forget_backups,
    forget_left,
    load_records,
    plan_host_install,
    read_all,
    read_servers,
    write,
)
from app.core.hosts.install import plan_uninstall as plan_file_uninstall
from app.core.store.store import Store
from app.core.text import Message, UserError

# -- reading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HostFile:
    """One existing config file of a host: its servers, or the sentence saying why it cannot be read."""

    path: Path
    servers: tuple[HostServer, ...] = ()
    error: Message | None = None
    scope: str = "user"


@dataclass(frozen=True)
class HostState:
    name: str
    title: str
    files: tuple[HostFile, ...] = ()

    @property
    def installed(self) -> bool:
        return bool(self.files)


def config_files(host: Host, project: Path | None = None) -> list[ConfigFile]:
    """The host's config files that exist: its per-user ones, and with `project` that project's own too."""
    found = existing_files(host.config_files(project or home(), current_system()))
    return found if project is not None else [config for config in found if config.scope == "user"]


def read_host(host: Host, files: list[ConfigFile] | None = None) -> HostState:
    """The host and each file's servers; a file that cannot be read is listed with its one sentence."""
    read = []
    for config in config_files(host) if files is None else files:
        try:
            ((_, _, servers),) = read_all(host, [config])
        except UserError as exc:
            read.append(HostFile(config.path, error=exc.message, scope=config.scope))
        else:
            read.append(HostFile(config.path, tuple(servers), scope=config.scope))
    return HostState(host.name, host.title, tuple(read))


def read_hosts(project: Path | None = None) -> list[HostState]:
    """Every host Rootkeeper knows, installed or not (see `config_files` for `project`); a kind of file that has
    no place of its own (a plain mcpServers file, only ever named by its path) is not one of them."""
    system = current_system()
    return [read_host(host, config_files(host, project)) for host in HOSTS.values()
            if host.config_files(project or home(), system)]


# -- importing --------------------------------------------------------------------------------


def preview_import(store: Store, host: Host, files: list[ConfigFile] | None = None) -> list[Imported]:
    """What `import_servers` would do, saving nothing: each new server's folders and its command with the folders
    you share in their place (`Imported.offer`), to show before asking."""
    read = read_all(host, config_files(host) if files is None else files)
    data = store.load().model_copy(deep=True)
    results: list[Imported] = []
    for config, _text, servers in read:
        results += plan_import(data, servers, config.path)
    return results


def import_servers(store: Store, host: Host, files: list[ConfigFile] | None = None, *,
                   use_shared: UseShared | None = None,
                   share: Sequence[str] = (), confined: bool | None = None) -> tuple[list[Imported], Added | None]:
    """Add the host's servers as Rootkeeper servers (consent pending); refuses, saving nothing, when a file
    does not parse. The host's files are only read. Folders on a new server's command line become the folders
    you share, unless `use_shared` says no for it (they are then recorded as its own). `share`: folders the
    user chose to share in the same step (all of them or, refused, nothing at all is saved). `confined`: whether
    new stdio servers run confined (None: where the system can confine them)."""
    read = read_all(host, config_files(host) if files is None else files)
    results: list[Imported] = []
    with store.transaction() as data:
        for config, _text, servers in read:
            if use_shared is None:
                results += plan_import(data, servers, config.path, confined=confined)
            else:
                results += plan_import(data, servers, config.path, use_shared=use_shared, confined=confined)
        added = add_roots(data, share) if share else None
    return results, added


# -- a plan, shown before it is written ----------------------------------------------------------


@dataclass
class Plan:
    """Changes to config files, planned and not yet written; `results` says what became of each server."""

    host: Host
    changes: list[FileChange]
    results: list[Imported] = field(default_factory=list)
    wanted: set[str] | None = None
    """The host servers chosen (None: all of them)."""
    confined: bool | None = None
    """Whether the servers it imports run confined (None: new stdio servers, where the system can confine)."""
    gone: list[Path] = field(default_factory=list)
    """Files Rootkeeper once rewrote that no longer exist (uninstall): there is nothing to restore in them."""
    use_shared: UseShared | None = None
    """Install: the user's answer, for a new server whose command line names folders, to giving it the folders
    they share in their place (`Imported.offer`, shown with the plan; None: yes, the default)."""
    share: Sequence[str] = ()
    """Install: folders the user chose to share in the same step (`apply_install` shares them with the import)."""
    added: Added | None = None
    """Install: what sharing `share` added, once applied."""

    @property
    def changed(self) -> list[FileChange]:
        return [change for change in self.changes if change.changed]

    def diff(self) -> str:
        return "".join(change.diff() for change in self.changed)


@dataclass(frozen=True)
class Written:
    """A config file rewritten, and the copy of it taken just before."""

    path: Path
    backup: Path
    backups_removed: bool = False
    """An uninstall restored the file's last routed entry: `backup` and the copy taken at install were removed
    (they held the file's secret values in plain text)."""


Each = Callable[[FileChange, Written | None], None]
"""Told of every file of a plan as it is done, with what was written (None: nothing, the file needed no rewrite)."""


def _nothing(_change: FileChange, _written: Written | None) -> None:
    pass


def _apply(changes: list[FileChange], each: Each, *, restoring: bool = False) -> list[Written]:
    written: list[Written] = []
    for change in changes:
        if change.changed:
            records = load_records() if restoring else []
            saved = write(change)
            removed = restoring and forget_backups(change, saved, records)
            written.append(Written(change.config.path, saved, removed))
            each(change, written[-1])
        else:
            forget_left(change)  # the entries the user changed since they were routed are no longer ours
            each(change, None)
    return written


# -- install ----------------------------------------------------------------------------------


def plan_install(store: Store, host: Host, files: list[ConfigFile] | None = None,
                 names: list[str] | None = None, confined: bool | None = None) -> Plan:
    """The rewrite of each file so the chosen servers (None: all) start through the bridge. Nothing is saved.

    Each new server whose command line names folders carries the offer to give it the folders you share in their
    place (`Imported.offer`); the answer goes in `Plan.use_shared` before `apply_install`. New stdio servers are
    confined as `plan_import` decides (`confined`)."""
    read = read_all(host, config_files(host) if files is None else files)
    wanted = choose(read, names, host)
    changes, results = plan_host_install(store.load().model_copy(deep=True), host, read, wanted, confined=confined)
    return Plan(host, changes, results, wanted, confined=confined)


def apply_install(store: Store, plan: Plan, each: Each = _nothing) -> list[Written]:
    """Import the chosen servers and rewrite the files exactly as `plan` showed them, or refuse with nothing
    written: a file changed since, or servers added or renamed meanwhile, so that an entry would now start
    another Rootkeeper server than the one shown. `plan.results` become what was saved. `each` is told of every
    file as it is done (a rewrite can fail midway: the files before it stay rewritten, and said so)."""
    host = plan.host
    read = [(change.config, change.before, read_servers(host, change.config, change.before))
            for change in plan.changes]
    with store.transaction() as data:
        changes, results = plan_host_install(data, host, read, plan.wanted, plan.use_shared, confined=plan.confined)
        for change, shown in zip(changes, plan.changes, strict=True):
            if change.after != shown.after:
                raise changed_meanwhile(change.config.path)
            check_unchanged(change)  # before the imported servers are saved: a refusal here writes nothing
        plan.added = add_roots(data, plan.share) if plan.share else None
    plan.results = results
    return _apply(changes, each)


# -- uninstall --------------------------------------------------------------------------------


def plan_uninstall(host: Host, files: list[ConfigFile] | None = None) -> Plan:
    """Each entry Rootkeeper routed put back exactly as it was, in `files` (None: every file the record of
    installs names for this host). An entry the user changed since is left as it is (`FileChange.left`)."""
    records = load_records()
    gone: list[Path] = []
    if files is None:
        paths = [Path(path) for path in sorted({r["file"] for r in records if r.get("host") == host.name})]
        files = [ConfigFile(path, "file") for path in paths if path.is_file()]
        gone = [path for path in paths if not path.is_file()]
    changes = [plan_file_uninstall(host, config, text, records) for config, text, _ in read_all(host, files)]
    return Plan(host, [change for change in changes if change.restored or change.left], gone=gone)


def apply_uninstall(plan: Plan, each: Each = _nothing) -> list[Written]:
    """Write the restored files (backing up the routed version), and forget the entries left as they are."""
    return _apply(plan.changes, each, restoring=True)
