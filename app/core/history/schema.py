"""The history file's tables, opening it, and moving a file written by the first schema to this one.

Schema 2 stores each folder URI once (`folders`, numbered with AUTOINCREMENT so a number never
comes to mean another URI, which lets readers remember numbers for good; `lists` likewise, so a
list number remembered by a writer or the Seen-by index never names another list after rotation). A stored list is its
folders' numbers, packed little-endian in one blob (order and repeats kept), plus one
`list_folders` row of two integers per distinct folder, keyed by folder first (WITHOUT ROWID:
the key is the row), which answers "who was given this folder". A 100,000-folder list thus costs
a few bytes a folder once its URIs are known, not the URIs again.

Schema 3 adds `records.how`: `roots` (a roots list answered to the server) or `arguments` (the folders
filled into its command line when it was started); a schema 2 file gains the column, every record `roots`.

Schema 4 adds `records.count` and `records.first_at`: identical consecutive answers to one server are one
record (`at` the last time, `first_at` the first, `count` how many); a schema 3 file gains the columns, every
record once.

Schema 1 (user_version 0) kept the URIs as JSON in `lists` and again in `list_folders`. Opening
such a file migrates it in one transaction: a process killed meanwhile leaves schema 1 intact,
and the next opener migrates again. `drop_unreferenced` is rotation's cleanup of lists and folders.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import sqlite3  # imported where a file is opened: a hub that records nothing never loads SQLite

SCHEMA_VERSION = 4
_SQLITE_BUSY, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 11, 26
_BUSY_SECONDS = 10.0
_READ_BUSY_SECONDS = 0.5
_RETRY_SECONDS = 0.001
_T = TypeVar("_T")
_TABLES = (
    "CREATE TABLE IF NOT EXISTS folders (id INTEGER PRIMARY KEY AUTOINCREMENT, uri TEXT NOT NULL UNIQUE)",
    "CREATE TABLE IF NOT EXISTS lists (id INTEGER PRIMARY KEY AUTOINCREMENT, digest TEXT NOT NULL UNIQUE,"
    " folder_ids BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS list_folders (folder_id INTEGER NOT NULL, list_id INTEGER NOT NULL,"
    " PRIMARY KEY (folder_id, list_id)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS records (id INTEGER PRIMARY KEY, at REAL NOT NULL, server TEXT NOT NULL,"
    " host TEXT, era TEXT NOT NULL, via TEXT NOT NULL, list_id INTEGER NOT NULL REFERENCES lists(id),"
    " how TEXT NOT NULL DEFAULT 'roots', count INTEGER NOT NULL DEFAULT 1, first_at REAL)",
    "CREATE INDEX IF NOT EXISTS records_by_time ON records (at)",
    "CREATE INDEX IF NOT EXISTS records_by_server ON records (server, at)",
    "CREATE INDEX IF NOT EXISTS records_by_list ON records (list_id, at)",
    "CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
)
FOLDERS_DROPPED = "folders_dropped"
"""A counter raised whenever rotation deletes folders: a writer's remembered URI -> number map is then stale."""


def pack_ids(ids: Sequence[int]) -> bytes:
    """Folder numbers as one blob: a width byte (4 or 8), then the numbers little-endian."""
    code = "I" if not ids or max(ids) < 2**32 else "q"
    packed = array(code, ids)
    if sys.byteorder == "big":
        packed.byteswap()
    return bytes([packed.itemsize]) + packed.tobytes()


def unpack_ids(blob: bytes) -> array[int]:
    ids = array("I" if not blob or blob[0] == 4 else "q")
    ids.frombytes(blob[1:])
    if sys.byteorder == "big":
        ids.byteswap()
    return ids


def open_history_db(path: Path) -> sqlite3.Connection:
    """Open (creating) the file; one that is not a history database is moved aside, never written over."""
    import sqlite3

    from app.core.system.fileio import private_dir

    private_dir(path.parent, tighten_existing=False)
    try:
        return _connect(path)
    except sqlite3.DatabaseError as error:
        # Only a file that is not a database, or a damaged one: "locked" (another process) is no reason.
        if getattr(error, "sqlite_errorcode", None) not in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            raise
        move_aside(path)
        return _connect(path)


def move_aside(path: Path) -> Path:
    """Move a damaged history file (and its journal files) aside, said once on the log; the copy's path."""
    import logging

    from app.core.text import sentence

    aside = path.with_name(f"{path.name}.damaged-{int(time.time())}")
    os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.replace(f"{path}{suffix}", f"{aside}{suffix}")
    logging.getLogger(__name__).warning("%s", sentence("history.damaged", path=aside))
    return aside


class HistoryDamaged(Exception):
    """The file is not a history database, or `PRAGMA quick_check` finds it damaged (a truncated file, say)."""


def open_history_reader(path: Path) -> sqlite3.Connection | None:
    """Open for reading only: no write lock is ever taken, so a reader never waits on a writer.

    None when the file is of an older schema (the writing open migrates it). A file that is not
    a database, or one `PRAGMA quick_check` finds damaged (a truncated file answers `[]` to every
    query otherwise), raises `HistoryDamaged`; a lock held against readers raises at once
    rather than after the writers' bound.
    """
    import sqlite3
    from urllib.parse import quote

    db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, isolation_level=None,
                         timeout=_READ_BUSY_SECONDS, check_same_thread=False)
    try:
        try:
            if _version(db) != SCHEMA_VERSION:
                db.close()
                return None
            problems = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as error:
            if getattr(error, "sqlite_errorcode", None) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
                raise HistoryDamaged(str(error)) from error
            raise
        if problems != ["ok"]:
            raise HistoryDamaged(problems[0] if problems else "no answer")
    except BaseException:
        db.close()
        raise
    return db


def _connect(path: Path) -> sqlite3.Connection:
    import sqlite3

    # Created 0600 before SQLite sees it: SQLite gives its -wal and -shm files the database's mode.
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    db = sqlite3.connect(path, isolation_level=None, timeout=_BUSY_SECONDS, check_same_thread=False)
    try:
        _use_wal(db)
        # WAL: appends from the hub, bridges and `call` do not block readers. NORMAL: a killed process
        # never loses a committed record (only a power cut can lose the last few).
        db.execute("PRAGMA synchronous=NORMAL")
        if _version(db) != SCHEMA_VERSION:
            _create_or_migrate(db)
        db.execute("SELECT COUNT(*) FROM records").fetchone()
    except BaseException:
        db.close()
        raise
    return db


def _version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _create_or_migrate(db: sqlite3.Connection) -> None:
    begin_immediate(db)
    try:
        if _version(db) < SCHEMA_VERSION:  # another opener may have done it while this one waited
            old = [row[1] for row in db.execute("PRAGMA table_info(list_folders)")]
            if "uri" in old:
                _migrate_from_1(db)
            for statement in _TABLES:
                db.execute(statement)
            columns = {row[1] for row in db.execute("PRAGMA table_info(records)")}
            if "how" not in columns:
                db.execute("ALTER TABLE records ADD COLUMN how TEXT NOT NULL DEFAULT 'roots'")
            if "count" not in columns:
                db.execute("ALTER TABLE records ADD COLUMN count INTEGER NOT NULL DEFAULT 1")
            if "first_at" not in columns:
                db.execute("ALTER TABLE records ADD COLUMN first_at REAL")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _migrate_from_1(db: sqlite3.Connection) -> None:
    """Schema 1's lists, re-stored as numbers (same list numbers and digests: records stay as they are)."""
    db.execute(_TABLES[0])
    db.execute("INSERT OR IGNORE INTO folders (uri) SELECT uri FROM list_folders ORDER BY list_id, rowid")
    numbers = dict(db.execute("SELECT uri, id FROM folders"))
    db.execute(_TABLES[1].replace("IF NOT EXISTS lists", "new_lists"))
    for list_id, digest, folders in db.execute("SELECT id, digest, folders FROM lists").fetchall():
        ids = [_number(db, numbers, uri) for uri in json.loads(folders)]
        db.execute("INSERT INTO new_lists VALUES (?, ?, ?)", (list_id, digest, pack_ids(ids)))
    db.execute(_TABLES[2].replace("IF NOT EXISTS list_folders", "new_list_folders"))
    db.execute(
        "INSERT OR IGNORE INTO new_list_folders (folder_id, list_id)"
        " SELECT f.id, o.list_id FROM list_folders o JOIN folders f ON f.uri = o.uri"
    )
    for old in ("list_folders_by_uri", "list_folders_by_list"):
        db.execute(f"DROP INDEX IF EXISTS {old}")
    db.execute("DROP TABLE list_folders")
    db.execute("DROP TABLE lists")
    db.execute("ALTER TABLE new_lists RENAME TO lists")
    db.execute("ALTER TABLE new_list_folders RENAME TO list_folders")


def _number(db: sqlite3.Connection, numbers: dict[str, int], uri: str) -> int:
    """A URI's number; one only in a list's JSON (never so in files this project wrote) is stored now."""
    number = numbers.get(uri)
    if number is None:
        number = int(db.execute("INSERT INTO folders (uri) VALUES (?)", (uri,)).lastrowid or 0)
        numbers[uri] = number
    return number


def drop_unreferenced(db: sqlite3.Connection) -> None:
    """Lists no record refers to any more, and the folders only they held (in the caller's transaction)."""
    orphans = db.execute(
        "SELECT id, folder_ids FROM lists WHERE id NOT IN (SELECT list_id FROM records)"
    ).fetchall()
    candidates: set[int] = set()
    for list_id, blob in orphans:
        ids = json.dumps(sorted(set(unpack_ids(blob))))
        db.execute("DELETE FROM list_folders WHERE list_id = ? AND folder_id IN (SELECT value FROM json_each(?))",
                   (list_id, ids))
        db.execute("DELETE FROM lists WHERE id = ?", (list_id,))
        candidates.update(json.loads(ids))
    if candidates:
        gone = db.execute(
            "DELETE FROM folders WHERE id IN (SELECT value FROM json_each(?))"
            " AND NOT EXISTS (SELECT 1 FROM list_folders WHERE folder_id = folders.id)",
            (json.dumps(sorted(candidates)),),
        ).rowcount
        if gone:
            db.execute(
                "INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1",
                (FOLDERS_DROPPED,),
            )


def chunks(values: Sequence[int], size: int = 500) -> Iterable[list[int]]:
    """Bounded pieces: SQLite limits a statement's parameters."""
    for start in range(0, len(values), size):
        yield list(values[start:start + size])


def begin_immediate(db: sqlite3.Connection) -> None:
    """Take the write lock, trying again every millisecond up to the busy bound.

    SQLite's busy handler sleeps longer and longer between tries, 100 ms each after the first
    third of a second. A writer that commits in a loop frees the lock for far less than that, so a
    waiter could lose every try until its bound and fail with "database is locked" (two processes
    appending big lists). Statements inside the transaction keep the handler: in WAL mode only
    the write lock is contended.
    """
    db.execute("PRAGMA busy_timeout = 0")
    try:
        _retry_busy(lambda: db.execute("BEGIN IMMEDIATE"))
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(_BUSY_SECONDS * 1000)}")


def _use_wal(db: sqlite3.Connection) -> None:
    """Switch to WAL, waiting out a concurrent opener: the switch itself never calls SQLite's busy handler."""

    def switch() -> None:
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode=WAL")

    _retry_busy(switch)


def _retry_busy(attempt: Callable[[], _T]) -> _T:
    import sqlite3

    deadline = time.monotonic() + _BUSY_SECONDS
    while True:
        try:
            return attempt()
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorcode", 0) & 0xFF != _SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(_RETRY_SECONDS)
