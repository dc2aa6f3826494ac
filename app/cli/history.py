"""`rootkeeper history` (who was given which folders, when) and `rootkeeper roots suggest`."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.errors import CliError
from app.cli.terminal import print_json
from app.core.paths import printable, uri_to_path

if TYPE_CHECKING:  # declaring `roots suggest` beside `roots list` must not import the store's model
    from app.core.history.history import History, HistoryRecord
    from app.core.store.store import Store

_SHOWN_FOLDERS = 3
_MOST = 2**63 - 1
"""The most `--limit` can be: SQLite's integers are 64-bit."""
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


def add_history_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", metavar="S", help="only what this server was given")
    p.add_argument("--root", metavar="R", help="only lists holding this folder (id, name or path)")
    p.add_argument("--since", metavar="T", help="a date, a date and time, or an age such as 12h or 7d")
    p.add_argument("--limit", type=int, metavar="N", help="only the newest N records")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_history)


def add_suggest_command(roots: Any) -> None:
    p = roots.add_parser("suggest", help="repositories and recent editor workspaces worth sharing (shares nothing)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_roots_suggest)


def cmd_history(store: Store, args: argparse.Namespace) -> int:
    from app.core.history.history import history_path, parse_since
    from app.core.system.locations import state_home

    if args.limit is not None and not 0 <= args.limit <= _MOST:
        raise CliError("cli.bad_limit", most=_MOST)
    since = parse_since(args.since) if args.since is not None else None
    folder, label = _folder_uri(store, args.root) if args.root is not None else (None, "")
    path = history_path(state_home())
    records = []
    if path.exists():
        records = _read(path, lambda history: history.query(
            server=args.server, folder=folder, since=since, limit=args.limit))
    if args.json:
        print_json([record.as_json() for record in records])
        return 0
    if not records:
        print("No server has been given a list of folders yet." if not path.exists() else "Nothing matches.")
        return 0
    for record in records:
        where = f"{record.via} from {printable(record.host)}" if record.host else record.via
        when, server = _local_time(record.at), printable(record.server)
        how = "arguments" if record.how == "arguments" else record.era  # started with them, or a roots answer
        again = ""
        if record.count > 1 and record.first_at is not None:  # identical consecutive answers, one record
            again = f"  ({record.count} times, first {_local_time(record.first_at)}, last {when})"
        print(f"{when}  {server}  {where}  {how}  {_folders(record.folders)}{again}")
    if folder is not None:
        last: dict[str, float] = {}
        for record in records:
            last[record.server] = record.at
        seen = ", ".join(f"{printable(server)} (last {_local_time(at)})" for server, at in last.items())
        print(f"{label} was seen by {seen}.")
    return 0


def _read(path: Path, query: Callable[[History], list[HistoryRecord]]) -> list[HistoryRecord]:
    """Read without taking the write lock; a damaged file is moved aside (said once); a failure is one sentence."""
    import sqlite3

    from app.core.history.history import History
    from app.core.history.schema import HistoryDamaged, move_aside, open_history_reader

    if path.is_dir():  # SQLite would only say "disk I/O error"
        import errno

        raise CliError("cli.history_unreadable", path=printable(str(path)), reason=os.strerror(errno.EISDIR))
    try:
        try:
            reading = open_history_reader(path)
        except HistoryDamaged:
            move_aside(path)  # says so
            return []
        if reading is None:  # an older schema: the writing open migrates it first
            with History(path) as history:
                return query(history)
        with History(path, reading=reading) as history:
            return query(history)
    except sqlite3.OperationalError as error:
        if getattr(error, "sqlite_errorcode", 0) & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED):
            raise CliError("cli.history_busy") from error
        raise CliError("cli.history_unreadable", path=printable(str(path)), reason=error) from error
    except (sqlite3.Error, OSError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise CliError("cli.history_unreadable", path=printable(str(path)), reason=reason) from error


def cmd_roots_suggest(store: Store, args: argparse.Namespace) -> int:
    from app.core.policy import load_policy
    from app.core.suggest.suggestions import suggest

    data = store.load()
    policy = load_policy()
    candidates = suggest(Path.home(), shared=[root.path for root in data.roots])
    found = [suggestion for suggestion in candidates if policy.permits_folder(suggestion.path)]
    if args.json:
        print_json([suggestion.as_json() for suggestion in found])
        return 0
    if not found:
        print("No repositories or recent editor workspaces were found that are not shared already.")
        return 0
    for suggestion in found:
        print(f"{printable(suggestion.path)}  ({_kind_text(suggestion.kind)})")
    print("Nothing was shared. Share one with: rootkeeper roots add PATH")
    return 0


def _folder_uri(store: Store, selector: str) -> tuple[str, str]:
    """The URI a `--root` names: a shared folder (id, name or path), or any path (a folder no longer shared)."""
    from app.core.paths import path_to_uri
    from app.core.roots.lookup import find_root
    from app.core.text import UserError

    try:
        root = find_root(store.load(), selector)
        return root.uri, f"'{printable(root.name)}'"
    except UserError:
        if not selector.startswith(("/", "~", "file:")) and not os.path.isabs(selector):
            raise
    if selector.startswith("file:"):
        selector = uri_to_path(selector)
    path = os.path.realpath(os.path.expanduser(selector))
    return path_to_uri(path), printable(path)


def _local_time(at: float) -> str:
    return datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M:%S")


def _folders(uris: Sequence[str]) -> str:
    if not uris:
        return "no folders"
    shown = []
    for uri in uris[:_SHOWN_FOLDERS]:
        try:
            shown.append(printable(uri_to_path(uri)))
        except ValueError:
            shown.append(printable(uri))
    more = f" and {len(uris) - _SHOWN_FOLDERS} more" if len(uris) > _SHOWN_FOLDERS else ""
    return f"{len(uris)} folder{'s' if len(uris) != 1 else ''}: {', '.join(shown)}{more}"


_KINDS = {
    "git": "git repository", "hg": "Mercurial repository", "svn": "Subversion working copy", "jj": "Jujutsu repository",
    "fossil": "Fossil checkout", "darcs": "Darcs repository", "vscode": "recent in VS Code",
    "vscodium": "recent in VSCodium", "cursor": "recent in Cursor", "windsurf": "recent in Windsurf",
    "jetbrains": "recent in a JetBrains IDE", "zed": "recent in Zed",
}  # fmt: skip


def _kind_text(kind: str) -> str:
    return _KINDS.get(kind, kind)
