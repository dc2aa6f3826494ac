"""Routing a host's servers through the bridge, and putting them back exactly as they were.

Every rewrite follows one path: read the file, let the host module edit the text, show or write
the result. A write makes a private, timestamped backup first, records each entry's original text
in Rootkeeper's state folder (so uninstall restores it byte for byte), and replaces the file
atomically, keeping its mode and owner. Uninstall touches only entries that still are our bridge entry.
"""

from __future__ import annotations

import difflib
import functools
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, Edit, Host, HostConfigError, HostServer
from app.core.hosts.bridgecmd import bridge_command, portable_bridge_command
from app.core.hosts.importing import Imported, UseShared, plan_import
from app.core.hosts.jsonhost import JsonHost, forget_documents
from app.core.model import StoreData
from app.core.system.fileio import atomic_write, private_dir
from app.core.system.locations import state_home

RECORDS_FILE = "host-installs.json"
BACKUP_DIR = "host-backups"


def read_config(host: Host, path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise host.unreadable(path, exc.strerror or type(exc).__name__) from exc
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise host.unreadable(path, "it is not UTF-8 text") from exc


def existing_files(files: list[ConfigFile]) -> list[ConfigFile]:
    return [config for config in files if config.path.is_file()]


@dataclass
class FileChange:
    """One config file before and after, with the entries changed (server, Rootkeeper name, edit)."""

    host: Host
    config: ConfigFile
    before: str
    after: str
    edits: list[tuple[HostServer, str, Edit]] = field(default_factory=list)
    restored: list[tuple[str, ...]] = field(default_factory=list)
    left: list[tuple[str, ...]] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.before != self.after

    @functools.cached_property
    def before_bytes(self) -> bytes:
        """`before` as it is on disk (encoded once: a big file is compared with it more than once)."""
        return self.before.encode("utf-8")

    def diff(self) -> str:
        shown = str(self.config.path)
        lines = difflib.unified_diff(
            self.before.splitlines(keepends=True), self.after.splitlines(keepends=True), shown, shown
        )
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


ReadFile = tuple[ConfigFile, str, list[HostServer]]


def read_all(host: Host, files: list[ConfigFile]) -> list[ReadFile]:
    """Each file's text and servers. All are read before anything is written: one bad file refuses all."""
    read = []
    for config in files:
        text = read_config(host, config.path)
        read.append((config, text, read_servers(host, config, text)))
    return read


def read_servers(host: Host, config: ConfigFile, text: str) -> list[HostServer]:
    """The servers of `config` that are acted on: the file's own, and of the entries it keeps for many
    projects only those of the project `config.within` is in (all of them when it is None)."""
    servers = host.read(config.path, text)
    if config.within is None:
        return servers
    nearest = nearest_project({server.project for server in servers if server.project}, config.within)
    return [server for server in servers if not server.project or server.project == nearest]


def nearest_project(projects: set[str], folder: Path) -> str | None:
    """Of the project folders, the one `folder` is in, or the nearest above it (as a host run there finds it)."""
    inside = [project for project in projects if _contains(project, folder)]
    return max(inside, key=len) if inside else None


def _contains(project: str, folder: Path) -> bool:
    try:
        folder.relative_to(project)
    except ValueError:
        return False
    return True


def choose(read: list[ReadFile], names: list[str] | None, host: Host) -> set[str] | None:
    """The host server names picked by the user (None: all), refusing a name the host does not have."""
    if names is None:
        return None
    wanted = {name.strip() for name in names if name.strip()}
    known = {server.name for _, _, servers in read for server in servers}
    missing = sorted(wanted - known)
    names_shown = ", ".join(repr(name) for name in missing)
    if missing and not known:
        raise HostConfigError("hosts.no_such_server.none", host=host.title, names=names_shown)
    if missing:
        raise HostConfigError("hosts.no_such_server", host=host.title, names=names_shown,
                              known=", ".join(sorted(known)))
    return wanted


def plan_host_install(data: StoreData, host: Host, read: list[ReadFile], wanted: set[str] | None,
                      use_shared: UseShared | None = None, *,
                      confined: bool | None = None) -> tuple[list[FileChange], list[Imported]]:
    """Import the chosen servers into `data` where needed (stdio ones confined as `plan_import` decides), and plan
    each file's rewrite to the bridge. `use_shared` says, for a new server whose command line names folders,
    whether the folders you share take their place (`plan_import`; None: yes).

    A project's own file is shared with the team that commits it: its entries get the portable command
    (`portable_bridge_command`: no path of this machine), and their servers keep the project's names."""
    changes, results = [], []
    for config, text, servers in read:
        picked = [server for server in servers if wanted is None or server.name in wanted]
        portable = config.scope == "project"
        if use_shared is None:
            imported = plan_import(data, picked, config.path, for_install=True, by_name=portable, confined=confined)
        else:
            imported = plan_import(data, picked, config.path, for_install=True, use_shared=use_shared,
                                   by_name=portable, confined=confined)
        results += imported
        pairs = [(item.server, item.entry.name) for item in imported if item.entry is not None]
        unconfined = frozenset(item.entry.name for item in imported
                               if item.entry is not None and not item.entry.confined)
        changes.append(plan_install(host, config, text, pairs, portable=portable, unconfined=unconfined))
    return changes, results


def plan_install(host: Host, config: ConfigFile, text: str, chosen: list[tuple[HostServer, str]],
                 command_for: Callable[[str], list[str]] = bridge_command, *, portable: bool = False,
                 unconfined: frozenset[str] = frozenset()) -> FileChange:
    """The file with each chosen entry (host server, Rootkeeper name) replaced by its bridge entry (`portable`:
    the entry a project's shared file gets, `portable_bridge_command`, saying which servers run `unconfined`).

    The same plan asked for again (apply makes the plan it was shown once more, to be sure it still holds) is
    the one made before, when it is for the very same text and the same entries, names and commands: each
    edit of a big file is a copy of it."""
    commands = [(server, name, portable_bridge_command(name, [server.command, *server.args],
                                                       confined=name not in unconfined) if portable
                 else command_for(name)) for server, name in chosen]
    key = (host.name, config, tuple((server.location, name, tuple(command)) for server, name, command in commands))
    for known_key, known_text, known in _LAST_PLAN:
        if known_key == key and known_text is text:
            return FileChange(host, config, text, known.after,
                              [(server, name, edit) for (server, name, _), (_, _, edit) in zip(commands, known.edits,
                                                                                              strict=True)])
    change = FileChange(host, config, text, text)
    at_once = (host.install_edits(config.path, text, [(server, command) for server, _, command in commands])
               if isinstance(host, JsonHost) and len(commands) > 1 else None)
    if at_once is not None:
        change.edits = [(server, name, edit) for (server, name, _), edit in zip(commands, at_once, strict=True)]
        change.after = at_once[-1].text
    for server, rootkeeper_name, command in commands if at_once is None else []:
        edit = host.install_edit(config.path, change.after, server, command)
        change.edits.append((server, rootkeeper_name, edit))
        change.after = edit.text
    _LAST_PLAN[:] = [(key, text, change)]
    return change


_LAST_PLAN: list[tuple[tuple[Any, ...], str, FileChange]] = []
"""The last plan of `plan_install`, with what it was made for (kept by the text's identity: comparing megabytes
would cost what it saves)."""


def plan_uninstall(host: Host, config: ConfigFile, text: str, records: list[dict[str, Any]]) -> FileChange:
    change = FileChange(host, config, text, text)
    mine = records_for(records, host, config.path)
    at_once = (host.restore_edits(config.path, text, [(tuple(r["location"]), r["server"], r["original"]) for r in mine])
               if isinstance(host, JsonHost) and len(mine) > 1 else None)
    if at_once is not None:  # one pass over a big file, the same result as one record after another
        change.after = at_once[0]
        for record, put_back in zip(mine, at_once[1], strict=True):
            (change.restored if put_back else change.left).append(tuple(record["location"]))
        return change
    for record in mine:
        location = tuple(record["location"])
        restored = host.restore_edit(config.path, change.after, location, record["server"], record["original"])
        if restored is None:
            change.left.append(location)
        else:
            change.restored.append(location)
            change.after = restored
    return change


# -- the record of what was installed --------------------------------------------------------


def records_path() -> Path:
    return state_home() / RECORDS_FILE


def load_records() -> list[dict[str, Any]]:
    try:
        raw = json.loads(records_path().read_text("utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        raise HostConfigError("hosts.records_unreadable", path=str(records_path()), reason=str(exc)) from exc
    entries = raw.get("entries", []) if isinstance(raw, dict) else []
    return [entry for entry in entries if isinstance(entry, dict)]


def save_records(records: list[dict[str, Any]]) -> None:
    path = records_path()
    private_dir(path.parent)
    payload = json.dumps({"version": 1, "entries": records}, indent=2, ensure_ascii=True) + "\n"
    atomic_write(path, payload.encode("ascii"))


def _file_key(path: Path) -> str:
    return str(path.resolve())


def records_for(records: list[dict[str, Any]], host: Host, path: Path) -> list[dict[str, Any]]:
    key = _file_key(path)
    return [record for record in records if record.get("host") == host.name and record.get("file") == key]


def _updated_records(records: list[dict[str, Any]], change: FileChange,
                     saved: Path | None = None) -> list[dict[str, Any]]:
    key = _file_key(change.config.path)
    if change.edits:
        touched = {tuple(edit.location) for _, _, edit in change.edits}
        kept = [r for r in records if not (r.get("file") == key and tuple(r.get("location", ())) in touched)]
        stamp = datetime.now().astimezone().isoformat(timespec="seconds")
        kept += [
            {"host": change.host.name, "file": key, "location": list(edit.location), "server": name,
             "original": edit.original, "installed": edit.installed, "installed_at": stamp,
             **({"backup": str(saved)} if saved is not None else {})}
            for _, name, edit in change.edits
        ]
        return kept
    done = set(change.restored) | set(change.left)
    return [
        r for r in records
        if not (r.get("host") == change.host.name and r.get("file") == key and tuple(r["location"]) in done)
    ]


# -- writing ---------------------------------------------------------------------------------


def backup(change: FileChange) -> Path:
    folder = state_home() / BACKUP_DIR
    private_dir(folder)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{change.host.name}-{change.config.path.name}-{stamp}"
    target, counter = folder / base, 1
    while target.exists():
        target, counter = folder / f"{base}-{counter}", counter + 1
    atomic_write(target, change.before_bytes)
    return target


@dataclass(frozen=True)
class Kept:
    """What a rewritten host file keeps of the one it replaces."""

    mode: int
    owner: tuple[int, int]


def check_unchanged(change: FileChange) -> Kept:
    """What the rewrite must keep of the file, after making sure it still holds the text the change was planned
    on and can be replaced without the host losing it: not read-only, not one of several hard links (a rename
    would split them)."""
    real = change.config.path.resolve()
    try:
        info = os.stat(real)
        current = real.read_bytes()
    except OSError as exc:
        raise change.host.unreadable(change.config.path, str(exc)) from exc
    if current != change.before_bytes:
        raise changed_meanwhile(change.config.path)
    if not info.st_mode & stat.S_IWUSR:
        raise HostConfigError("hosts.read_only", path=str(change.config.path))
    if info.st_nlink > 1:
        raise HostConfigError("hosts.hard_linked", path=str(change.config.path))
    return Kept(stat.S_IMODE(info.st_mode), (info.st_uid, info.st_gid))


def _still_unchanged(change: FileChange) -> None:
    try:
        current = change.config.path.resolve().read_bytes()
    except OSError as exc:
        raise change.host.unreadable(change.config.path, str(exc)) from exc
    if current != change.before_bytes:
        raise changed_meanwhile(change.config.path)


def _owner_to_give(kept: Kept) -> tuple[int, int] | None:
    """The owner to give the new file when it would not be ours anyway (only root can give a file away)."""
    if not hasattr(os, "geteuid") or kept.owner == (os.geteuid(), os.getegid()):
        return None
    return kept.owner


def changed_meanwhile(path: Path) -> HostConfigError:
    return HostConfigError("hosts.changed_meanwhile", path=str(path))


def write(change: FileChange) -> Path:
    """Back up, record, then atomically replace the file (its symlink target, keeping its mode and owner).

    The host may save the file at any moment: its bytes are compared again once the new content is on disk,
    immediately before the rename, and a change there refuses the edit with nothing written (the records and
    the backup of this attempt are taken back)."""
    real = change.config.path.resolve()
    kept = check_unchanged(change)
    saved = backup(change)
    records = load_records()
    save_records(_updated_records(records, change, saved))
    try:
        atomic_write(real, change.after.encode("utf-8"), mode=kept.mode,
                     owner=_owner_to_give(kept),
                     before_replace=lambda: _still_unchanged(change))
    except HostConfigError:
        save_records(records)
        saved.unlink(missing_ok=True)
        raise
    except OSError as exc:
        save_records(records)
        saved.unlink(missing_ok=True)
        reason = str(exc.strerror or exc)
        raise HostConfigError("hosts.write_failed", path=str(change.config.path), reason=reason) from exc
    forget_plans()
    return saved


def forget_plans() -> None:
    """Let go of the last plan and the documents read for it: a long-running process (the GUI) need not
    hold on to a big file once it is written."""
    _LAST_PLAN.clear()
    forget_documents()


def forget_left(change: FileChange) -> None:
    """Drop the records of entries the user changed since install: they are no longer ours to restore."""
    if change.left:
        save_records(_updated_records(load_records(), change))
    forget_plans()


def forget_backups(change: FileChange, saved: Path, records: list[dict[str, Any]]) -> bool:
    """Once an uninstall restored the last entry Rootkeeper routed in a file, remove its backup copies.

    They hold the file's `env` values in plain text (the copy taken before install, and `saved`, the routed
    version just replaced), and the file itself is whole again. `records`: the record of installs as it was
    before the uninstall. False (nothing removed) while any entry of the file is still routed.
    """
    if records_for(load_records(), change.host, change.config.path):
        return False
    folder = (state_home() / BACKUP_DIR).resolve()
    named = {Path(str(record["backup"])) for record in records_for(records, change.host, change.config.path)
             if isinstance(record.get("backup"), str)}
    for copy in {*named, saved}:
        if copy.resolve().parent == folder:  # only ever a copy Rootkeeper made, in its own folder
            copy.unlink(missing_ok=True)
    return True
