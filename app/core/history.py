"""Which server was given which folders, and when: an append-only record in the state folder.

Every roots list handed to a server (by the hub, `call` or a bridge) becomes one record: time,
server, host (bridge sessions), era, how it was given, and the folders. SQLite from the standard
library keeps it: each append is one transaction, so a process killed mid-write leaves the last
complete record and never a torn one; several processes append to the same file safely; queries
by server, folder and time use indexes. Identical lists (the common case: a server re-lists the
same folders) are stored once and referenced, so 100,000 records of a 10,000-folder list stay small.

The file is private (0600, and SQLite gives its journal files the same mode). Old records leave by
age (90 days by default) and by count, checked when the file is opened and every few hundred appends.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

HISTORY_FILE = "history.sqlite3"
KEEP_DAYS = 90
MAX_RECORDS = 1_000_000
_ROTATE_EVERY = 500
_SQLITE_BUSY, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 11, 26
_BUSY_SECONDS = 10.0
_SCHEMA = """
CREATE TABLE IF NOT EXISTS lists (
    id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL UNIQUE,
    folders TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS list_folders (
    list_id INTEGER NOT NULL REFERENCES lists(id),
    uri TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS list_folders_by_uri ON list_folders (uri, list_id);
CREATE INDEX IF NOT EXISTS list_folders_by_list ON list_folders (list_id);
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    server TEXT NOT NULL,
    host TEXT,
    era TEXT NOT NULL,
    via TEXT NOT NULL,
    list_id INTEGER NOT NULL REFERENCES lists(id)
);
CREATE INDEX IF NOT EXISTS records_by_time ON records (at);
CREATE INDEX IF NOT EXISTS records_by_server ON records (server, at);
CREATE INDEX IF NOT EXISTS records_by_list ON records (list_id, at);
"""


@dataclass(frozen=True)
class HistoryRecord:
    at: float
    """Seconds since the epoch (UTC)."""
    server: str
    host: str | None
    era: str
    via: str
    """`hub`, `call` or `bridge`."""
    folders: tuple[str, ...]
    """The URIs the server was given, in order."""

    def as_json(self) -> dict[str, object]:
        from datetime import UTC, datetime

        return {
            "at": datetime.fromtimestamp(self.at, UTC).isoformat(timespec="milliseconds"),
            "server": self.server,
            "host": self.host,
            "era": self.era,
            "via": self.via,
            "folders": list(self.folders),
        }


class GivenRun(NamedTuple):
    """The latest of the records giving one server one stored list (see `History.given_after`)."""

    server: str
    list_id: int
    at: float
    via: str
    host: str | None


def history_path(state_dir: Path) -> Path:
    return state_dir / HISTORY_FILE


def read_history(
    state_dir: Path, *, server: str | None = None, folder: str | None = None, since: float | None = None
) -> list[HistoryRecord]:
    """The records matching, oldest first; none when nothing was ever recorded (no file is created)."""
    path = history_path(state_dir)
    if not path.exists():
        return []
    with History(path) as history:
        return history.query(server=server, folder=folder, since=since)


class History:
    """One process's handle on the history file; cheap to keep open for a process's life."""

    def __init__(self, path: Path, *, keep_days: float = KEEP_DAYS, max_records: int = MAX_RECORDS) -> None:
        self.path = path
        self.keep_seconds = keep_days * 86400
        self.max_records = max_records
        self._appends = 0
        self._recent_lists: dict[tuple[str, ...], int] = {}
        self._db = _open(path)
        self.rotate()

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def append(
        self,
        server: str,
        folders: Sequence[str],
        *,
        era: str,
        via: str,
        host: str | None = None,
        at: float | None = None,
    ) -> None:
        """Record one roots list given to `server`; committed when this returns."""
        key = tuple(folders)
        with self._transaction() as db:
            list_id = self._list_id(db, key)
            db.execute(
                "INSERT INTO records (at, server, host, era, via, list_id) VALUES (?, ?, ?, ?, ?, ?)",
                (time.time() if at is None else at, server, host, era, via, list_id),
            )
        self._appends += 1
        if self._appends % _ROTATE_EVERY == 0:
            self.rotate()

    def _list_id(self, db: sqlite3.Connection, folders: tuple[str, ...]) -> int:
        """The stored list equal to `folders`, stored now if new; the last few are remembered by value."""
        known = self._recent_lists.get(folders)
        if known is not None and db.execute("SELECT 1 FROM lists WHERE id = ?", (known,)).fetchone():
            return known
        encoded = json.dumps(list(folders), ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.blake2b(encoded.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        row = db.execute("SELECT id FROM lists WHERE digest = ?", (digest,)).fetchone()
        if row is not None:
            list_id = int(row[0])
        else:
            cursor = db.execute("INSERT INTO lists (digest, folders) VALUES (?, ?)", (digest, encoded))
            list_id = int(cursor.lastrowid or 0)
            rows = ((list_id, uri) for uri in dict.fromkeys(folders))
            db.executemany("INSERT INTO list_folders (list_id, uri) VALUES (?, ?)", rows)
        if len(self._recent_lists) >= 16:
            self._recent_lists.pop(next(iter(self._recent_lists)))
        self._recent_lists[folders] = list_id
        return list_id

    def query(
        self,
        *,
        server: str | None = None,
        folder: str | None = None,
        since: float | None = None,
        limit: int | None = None,
    ) -> list[HistoryRecord]:
        """Records oldest first; `folder` is a URI the server was given; `limit` keeps the newest."""
        where, params = _filters(server, folder, since)
        sql = (
            "SELECT r.at, r.server, r.host, r.era, r.via, l.folders FROM records r JOIN lists l ON l.id = r.list_id"
            f"{where} ORDER BY r.at DESC, r.id DESC"
        )
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = self._db.execute(sql, params).fetchall()
        return [
            HistoryRecord(at, name, host, era, via, tuple(json.loads(folders)))
            for at, name, host, era, via, folders in reversed(rows)
        ]

    def last_seen(self, *, since: float | None = None) -> dict[str, dict[str, float]]:
        """For each folder URI, each server that was given it and when it last was."""
        where, params = _filters(None, None, since)
        sql = (
            "SELECT f.uri, r.server, MAX(r.at) FROM records r JOIN list_folders f ON f.list_id = r.list_id"
            f"{where} GROUP BY f.uri, r.server"
        )
        seen: dict[str, dict[str, float]] = {}
        for uri, server, at in self._db.execute(sql, params):
            seen.setdefault(uri, {})[server] = at
        return seen

    def latest_id(self) -> int:
        """The newest record's number (0 when there is none): records are numbered as they are appended."""
        return int(self._db.execute("SELECT COALESCE(MAX(id), 0) FROM records").fetchone()[0])

    def time_of(self, record_id: int) -> float | None:
        row = self._db.execute("SELECT at FROM records WHERE id = ?", (record_id,)).fetchone()
        return None if row is None else float(row[0])

    def given_after(self, after: int, upto: int) -> list[GivenRun]:
        """What was given in records `after` < id <= `upto`: per server and list, the latest time, how and to whom.

        Grouped in SQLite, so a server re-listing the same folders a thousand times is one run, and
        a reader that remembers the last number it saw reads only what came since.
        """
        rows = self._db.execute(
            "SELECT server, list_id, MAX(at), via, host FROM records WHERE id > ? AND id <= ? GROUP BY server, list_id",
            (after, upto),
        ).fetchall()
        return [GivenRun(server, list_id, at, via, host) for server, list_id, at, via, host in rows]

    def folders_of(self, list_ids: Sequence[int]) -> dict[int, tuple[str, ...]]:
        """The stored lists by number (a list no longer kept is missing)."""
        found: dict[int, tuple[str, ...]] = {}
        for start in range(0, len(list_ids), 500):  # bounded: SQLite limits a statement's parameters
            chunk = list(list_ids[start:start + 500])
            marks = ",".join("?" * len(chunk))
            for list_id, folders in self._db.execute(f"SELECT id, folders FROM lists WHERE id IN ({marks})", chunk):
                found[int(list_id)] = tuple(json.loads(folders))
        return found

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM records").fetchone()[0])

    def rotate(self, *, now: float | None = None) -> int:
        """Drop records older than the kept age and beyond the kept count; returns how many left."""
        cutoff = (time.time() if now is None else now) - self.keep_seconds
        with self._transaction() as db:
            dropped = db.execute("DELETE FROM records WHERE at < ?", (cutoff,)).rowcount
            excess = int(db.execute("SELECT COUNT(*) FROM records").fetchone()[0]) - self.max_records
            if excess > 0:
                dropped += db.execute(
                    "DELETE FROM records WHERE id IN (SELECT id FROM records ORDER BY at, id LIMIT ?)", (excess,)
                ).rowcount
            if dropped:
                orphans = "SELECT id FROM lists WHERE id NOT IN (SELECT DISTINCT list_id FROM records)"
                db.execute(f"DELETE FROM list_folders WHERE list_id IN ({orphans})")
                db.execute(f"DELETE FROM lists WHERE id IN ({orphans})")
        return dropped

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")


def _filters(server: str | None, folder: str | None, since: float | None) -> tuple[str, list[object]]:
    clauses: list[str] = []
    params: list[object] = []
    if server is not None:
        clauses.append("r.server = ?")
        params.append(server)
    if since is not None:
        clauses.append("r.at >= ?")
        params.append(since)
    if folder is not None:
        clauses.append("r.list_id IN (SELECT list_id FROM list_folders WHERE uri = ?)")
        params.append(folder)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


def _open(path: Path) -> sqlite3.Connection:
    """Open (creating) the file; one that is not a history database is moved aside, never written over."""
    from app.core.fileio import private_dir

    private_dir(path.parent, tighten_existing=False)
    try:
        return _connect(path)
    except sqlite3.DatabaseError as error:
        # Only a file that is not a database, or a damaged one: "locked" (another process) is no reason.
        if getattr(error, "sqlite_errorcode", None) not in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            raise
        aside = path.with_name(f"{path.name}.damaged-{int(time.time())}")
        os.replace(path, aside)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.replace(f"{path}{suffix}", f"{aside}{suffix}")
        return _connect(path)


def _connect(path: Path) -> sqlite3.Connection:
    # Created 0600 before SQLite sees it: SQLite gives its -wal and -shm files the database's mode.
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    db = sqlite3.connect(path, isolation_level=None, timeout=_BUSY_SECONDS, check_same_thread=False)
    try:
        _use_wal(db)
    except BaseException:
        db.close()
        raise
    # WAL: appends from the hub, bridges and `call` do not block readers. NORMAL: a killed process
    # never loses a committed record (only a power cut can lose the last few).
    try:
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(_SCHEMA)
        db.execute("SELECT COUNT(*) FROM records").fetchone()
    except BaseException:
        db.close()
        raise
    return db


def _use_wal(db: sqlite3.Connection) -> None:
    """Switch to WAL, waiting out a concurrent opener: the switch itself never calls SQLite's busy handler."""
    deadline = time.monotonic() + _BUSY_SECONDS
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorcode", 0) & 0xFF != _SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def parse_since(text: str, *, now: float | None = None) -> float:
    """`--since`: an age (`30m`, `12h`, `7d`, `2w`), a date, or a date and time (local time unless it says)."""
    from datetime import datetime

    from app.core.edits.sentences import refusal

    value = text.strip()
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
    if len(value) > 1 and value[-1] in units and value[:-1].isdigit():
        return (time.time() if now is None else now) - int(value[:-1]) * units[value[-1]]
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise refusal("history.bad_since", value=value) from None
    return moment.timestamp()  # a naive time is the user's local time, as they typed it
