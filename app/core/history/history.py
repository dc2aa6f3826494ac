"""Which server was given which folders, and when: an append-only record in the state folder.

Every list of folders handed to a server (by the hub, `call` or a bridge) becomes one record: time,
server, host (bridge sessions), era, who gave it, how (a roots answer, or the folders filled into its
command line when it was started), and the folders. SQLite from the standard
library keeps it: each append is one transaction, so a process killed mid-write leaves the last
complete record and never a torn one; several processes append to the same file safely; queries
by server, folder and time use indexes. Identical lists (the common case: a server re-lists the
same folders) are stored once and referenced, so 100,000 records of a 10,000-folder list stay small;
each folder URI is stored once too, and a list is its folders' numbers (see `history_schema`), so
an edit of a 100,000-folder list costs integers, not the URIs again.

The file is private (0600, and SQLite gives its journal files the same mode). Old records leave by
age (90 days by default) and by count, checked when the file is opened and every few hundred appends,
and by size (64 MiB of pages in use by default), checked after every append: the oldest go first.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from app.core.history.schema import (
    FOLDERS_DROPPED,
    begin_immediate,
    chunks,
    drop_unreferenced,
    open_history_db,
    open_history_reader,
    pack_ids,
    unpack_ids,
)

if TYPE_CHECKING:
    import sqlite3  # loaded by `open_history_db`, when a file is opened

HISTORY_FILE = "history.sqlite3"
KEEP_DAYS = 90
MAX_RECORDS = 1_000_000
MAX_BYTES = 64 * 2**20
_ROTATE_EVERY = 500
_REMEMBERED_FOLDERS = 400_000


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
    how: str = "roots"
    """`roots` (a roots answer) or `arguments` (filled into its command line at a start)."""
    count: int = 1
    """How many identical consecutive answers this record stands for (`at` is the last one's time)."""
    first_at: float | None = None
    """The first of them (None: the record is one answer)."""

    def as_json(self) -> dict[str, object]:
        from datetime import UTC, datetime

        return {
            "at": datetime.fromtimestamp(self.at, UTC).isoformat(timespec="milliseconds"),
            "server": self.server,
            "host": self.host,
            "era": self.era,
            "via": self.via,
            "how": self.how,
            "folders": list(self.folders),
            "count": self.count,
            "first_at": None if self.first_at is None
            else datetime.fromtimestamp(self.first_at, UTC).isoformat(timespec="milliseconds"),
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


def last_given(state_dir: Path, server: str) -> tuple[str, ...]:
    """The newest non-empty list of folders `server` was given by any process (`History.last_folders`), read
    without writing anything; empty when nothing was ever recorded."""
    path = history_path(state_dir)
    reading = open_history_reader(path) if path.exists() else None
    if reading is None:
        return ()
    with History(path, reading=reading) as history:
        return history.last_folders(server)


class History:
    """One process's handle on the history file; cheap to keep open for a process's life."""

    def __init__(
        self,
        path: Path,
        *,
        keep_days: float = KEEP_DAYS,
        max_records: int = MAX_RECORDS,
        max_bytes: int = MAX_BYTES,
        reading: sqlite3.Connection | None = None,
    ) -> None:
        self.path = path
        self.keep_seconds = keep_days * 86400
        self.max_records = max_records
        self.max_bytes = max_bytes
        self._appends = 0
        self._recent_lists: dict[tuple[str, ...], int] = {}
        self._numbers: dict[str, int] = {}
        """URI -> folder number, valid while the file's FOLDERS_DROPPED counter is `_numbers_valid`."""
        self._numbers_valid = -1
        self._uris: dict[int, str] = {}
        """Folder number -> URI: valid for good (AUTOINCREMENT never gives a number twice)."""
        if reading is not None:  # a reader's connection (`open_history_reader`): nothing is written or rotated
            self._db = reading
            return
        self._db = open_history_db(path)
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
        how: str = "roots",
    ) -> None:
        """Record one list of folders given to `server` (`how`: see `HistoryRecord`); committed when this returns."""
        key = tuple(folders)
        moment = time.time() if at is None else at
        with self._transaction() as db:
            list_id = self._list_id(db, key)
            last = db.execute(
                "SELECT id, list_id, host, era, via, how FROM records WHERE server = ? ORDER BY at DESC, id DESC"
                " LIMIT 1", (server,)).fetchone()
            if last is not None and tuple(last[1:]) == (list_id, host, era, via, how) and how == "roots":
                # The same answer again (a server re-listing in a loop): one record, counted, renumbered as
                # the newest so readers that follow new numbers (the Seen-by index) see its new time.
                db.execute(
                    "UPDATE records SET id = (SELECT MAX(id) + 1 FROM records), first_at = COALESCE(first_at, at),"
                    " at = MAX(at, ?), count = count + 1 WHERE id = ?", (moment, last[0]))
            else:
                db.execute(
                    "INSERT INTO records (at, server, host, era, via, list_id, how) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (moment, server, host, era, via, list_id, how),
                )
        self._appends += 1
        if self._appends % _ROTATE_EVERY == 0:
            self.rotate()
        elif self.live_bytes() > self.max_bytes:
            self._fit_size()

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
            numbers = self._numbers_of(db, folders)
            ids = [numbers[uri] for uri in folders]
            cursor = db.execute("INSERT INTO lists (digest, folder_ids) VALUES (?, ?)", (digest, pack_ids(ids)))
            list_id = int(cursor.lastrowid or 0)
            distinct = json.dumps(sorted(set(ids)))  # one statement, in key order: no row crosses into Python
            db.execute("INSERT INTO list_folders (folder_id, list_id) SELECT value, ? FROM json_each(?)",
                       (list_id, distinct))
        if len(self._recent_lists) >= 16:
            self._recent_lists.pop(next(iter(self._recent_lists)))
        self._recent_lists[folders] = list_id
        return list_id

    def _numbers_of(self, db: sqlite3.Connection, folders: Sequence[str]) -> dict[str, int]:
        """Each URI's folder number, stored now if new (in the caller's transaction)."""
        dropped = db.execute("SELECT value FROM counters WHERE name = ?", (FOLDERS_DROPPED,)).fetchone()
        valid = 0 if dropped is None else int(dropped[0])
        if valid != self._numbers_valid or len(self._numbers) > _REMEMBERED_FOLDERS:
            self._numbers, self._numbers_valid = {}, valid
        numbers = self._numbers
        missing = json.dumps([uri for uri in dict.fromkeys(folders) if uri not in numbers], ensure_ascii=False)
        if missing != "[]":
            db.execute("INSERT OR IGNORE INTO folders (uri) SELECT value FROM json_each(?)", (missing,))
            found = db.execute("SELECT f.uri, f.id FROM json_each(?) j JOIN folders f ON f.uri = j.value", (missing,))
            numbers.update(found)
        return numbers

    def _stored_lists(self, list_ids: Iterable[int]) -> dict[int, tuple[str, ...]]:
        """The stored lists by number (a list no longer kept is missing)."""
        found: dict[int, tuple[str, ...]] = {}
        for chunk in chunks(sorted(set(list_ids))):
            marks = ",".join("?" * len(chunk))
            blobs = self._db.execute(f"SELECT id, folder_ids FROM lists WHERE id IN ({marks})", chunk).fetchall()
            for list_id, blob in blobs:
                folders = self._uris_of(unpack_ids(blob))
                if folders is not None:
                    found[int(list_id)] = folders
        return found

    def _uris_of(self, ids: Sequence[int]) -> tuple[str, ...] | None:
        uris = self._uris
        missing = [number for number in dict.fromkeys(ids) if number not in uris]
        if missing:
            if len(uris) + len(missing) > _REMEMBERED_FOLDERS:
                uris.clear()
            sql = "SELECT f.id, f.uri FROM json_each(?) j JOIN folders f ON f.id = j.value"
            uris.update(self._db.execute(sql, (json.dumps(missing),)))
            if any(number not in uris for number in missing):
                return None  # rotated away since its numbers were read
        return tuple(uris[number] for number in ids)

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
            f"SELECT r.at, r.server, r.host, r.era, r.via, r.list_id, r.how, r.count, r.first_at FROM records r{where}"
            " ORDER BY r.at DESC, r.id DESC"
        )
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = self._db.execute(sql, params).fetchall()
        lists = self._stored_lists(row[5] for row in rows)
        return [
            HistoryRecord(at, name, host, era, via, lists[list_id], how, count, first_at)
            for at, name, host, era, via, list_id, how, count, first_at in reversed(rows)
            if list_id in lists
        ]

    def last_folders(self, server: str) -> tuple[str, ...]:
        """The newest non-empty list of folders `server` was given, whatever way (empty: none is kept). A stored
        list is a width byte and its folders' numbers (`pack_ids`): one of a single byte names no folder."""
        row = self._db.execute(
            "SELECT r.list_id FROM records r JOIN lists l ON l.id = r.list_id"
            " WHERE r.server = ? AND length(l.folder_ids) > 1 ORDER BY r.at DESC, r.id DESC LIMIT 1", (server,),
        ).fetchone()
        return () if row is None else self._stored_lists([int(row[0])]).get(int(row[0]), ())

    def last_seen(self, *, since: float | None = None) -> dict[str, dict[str, float]]:
        """For each folder URI, each server that was given it and when it last was."""
        where, params = _filters(None, None, since)
        sql = f"SELECT r.list_id, r.server, MAX(r.at) FROM records r{where} GROUP BY r.list_id, r.server ORDER BY 3"
        runs = self._db.execute(sql, params).fetchall()
        lists = self._stored_lists(list_id for list_id, _server, _at in runs)
        seen: dict[str, dict[str, float]] = {}
        for list_id, server, at in runs:  # oldest first: a later time overwrites
            for uri in lists.get(list_id, ()):
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
        return self._stored_lists(list_ids)

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM records").fetchone()[0])

    def live_bytes(self) -> int:
        """The file's pages in use: freed pages are reused by the next appends before the file grows."""
        pages = int(self._db.execute("PRAGMA page_count").fetchone()[0])
        free = int(self._db.execute("PRAGMA freelist_count").fetchone()[0])
        return (pages - free) * int(self._db.execute("PRAGMA page_size").fetchone()[0])

    def rotate(self, *, now: float | None = None) -> int:
        """Drop records older than the kept age, beyond the kept count, then the oldest beyond the kept size.

        Returns how many left. Each step is one transaction that drops whole records with the
        lists and folders only they referred to, so a process killed mid-rotation leaves every
        record it had not dropped yet, and no half of one.
        """
        cutoff = (time.time() if now is None else now) - self.keep_seconds
        with self._transaction() as db:
            dropped = db.execute("DELETE FROM records WHERE at < ?", (cutoff,)).rowcount
            excess = int(db.execute("SELECT COUNT(*) FROM records").fetchone()[0]) - self.max_records
            if excess > 0:
                dropped += _drop_oldest(db, excess)
            if dropped:
                drop_unreferenced(db)
        dropped += self._fit_size()
        free = int(self._db.execute("PRAGMA freelist_count").fetchone()[0])
        if free * int(self._db.execute("PRAGMA page_size").fetchone()[0]) > self.max_bytes:
            import sqlite3

            with contextlib.suppress(sqlite3.OperationalError):  # busy: the next rotation tries again
                self._db.execute("VACUUM")
        return dropped

    def _fit_size(self) -> int:
        """Drop the oldest records until the pages in use fit `max_bytes` (the newest record always stays).

        No VACUUM on the way: SQLite reuses freed pages for the next appends, so the file stops
        growing at about the cap plus one list, while a VACUUM would rewrite the whole file at every
        rotation. Only when the free pages alone exceed the cap (a file migrated from schema 1, or a
        lowered cap) does `rotate` rewrite the file once (the pages in use: at most the cap) to give
        that space back.
        """
        dropped = 0
        while True:
            with self._transaction() as db:
                used = self.live_bytes()
                count = int(db.execute("SELECT COUNT(*) FROM records").fetchone()[0])
                if used <= self.max_bytes or count <= 1:
                    break
                # The share of records to drop, estimated by the share of bytes: checked again after.
                batch = min(count - 1, max(1, int(count * (used - self.max_bytes) / used)))
                dropped += _drop_oldest(db, batch)
                drop_unreferenced(db)
        return dropped

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        begin_immediate(self._db)
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")


def _drop_oldest(db: sqlite3.Connection, count: int) -> int:
    """Drop `count` records, the oldest of the server holding the most first: one server's flood of records
    evicts its own before anyone else's (the audit trail of the others stays)."""
    dropped = 0
    while dropped < count:
        ranked = db.execute(
            "SELECT server, COUNT(*) AS n FROM records GROUP BY server ORDER BY n DESC LIMIT 2").fetchall()
        if not ranked:
            break
        server, most = ranked[0]
        # Down to the next server's size at most, so the largest are evened out before either goes further.
        runner_up = int(ranked[1][1]) if len(ranked) > 1 else 0
        batch = min(count - dropped, max(1, int(most) - runner_up))
        gone = db.execute(
            "DELETE FROM records WHERE id IN (SELECT id FROM records WHERE server = ? ORDER BY at, id LIMIT ?)",
            (server, batch)).rowcount
        if not gone:
            break
        dropped += gone
    return dropped


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
        clauses.append(
            "r.list_id IN (SELECT lf.list_id FROM list_folders lf"
            " JOIN folders f ON f.id = lf.folder_id WHERE f.uri = ?)"
        )
        params.append(folder)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


def parse_since(text: str, *, now: float | None = None) -> float:
    """`--since`: an age (`30m`, `12h`, `7d`, `2w`), a date, or a date and time (local time unless it says)."""
    from datetime import datetime

    from app.core.text import refusal

    value = text.strip()
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
    if len(value) > 1 and value[-1] in units and value[:-1].isdigit():
        return (time.time() if now is None else now) - int(value[:-1]) * units[value[-1]]
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise refusal("history.bad_since", value=value) from None
    return moment.timestamp()  # a naive time is the user's local time, as they typed it
