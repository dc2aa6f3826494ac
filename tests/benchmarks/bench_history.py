"""History queries over 100,000 records, beside a bare SQLite query over the same records in a plain table.

The floor stores the very same records the simplest way (one row per record, the folders as JSON
text, the same indexes on server and time) and runs the same question; the subject is
`History.query` / `last_seen` on Rootkeeper's file. Both files are filled in the same run.

The big-list rows append edits of one 100,000-folder list (each changing one folder) and report
the file's size and each append's cost, beside bare SQLite inserting the same rows: each URI once,
then one (list, folder) row of two integers per folder per edit, in a table without any index.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from pathlib import Path

from tests.benchmarks.harness import Acks, Row, Side, alternate, size


def _fill(folder: Path, count: int) -> tuple[Path, Path]:
    from app.core.history.history import History, history_path

    lists = [[f"file:///home/user/projects/p{n}/{k}" for k in range(n % 7 + 1)] for n in range(50)]
    now = time.time()
    path = history_path(folder)
    plain = folder / "plain.sqlite3"
    db = sqlite3.connect(plain)
    db.execute("CREATE TABLE records (at REAL, server TEXT, host TEXT, era TEXT, via TEXT, folders TEXT)")
    db.execute("CREATE INDEX by_server ON records (server, at)")
    db.execute("CREATE INDEX by_time ON records (at)")
    with History(path) as history:
        rows = []
        for n in range(count):
            at = now - (count - n)  # one per second, the newest now
            server, folders = f"server{n % 20}", lists[n % 50]
            history.append(server, folders, era="2025-11-25", via="hub", at=at)
            rows.append((at, server, None, "2025-11-25", "hub", json.dumps(folders)))
        db.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?)", rows)
        db.commit()
    db.close()
    return path, plain


def _timed(work):  # type: ignore[no-untyped-def]
    def run() -> float:
        started = time.perf_counter()
        work()
        return time.perf_counter() - started

    return run


async def history_rows(_acks: Acks) -> list[Row]:
    from app.core.history.history import History

    count = size("history_records", 100_000, 5_000)
    samples = size("history_samples", 15, 3)
    with tempfile.TemporaryDirectory() as scratch:
        path, plain_path = _fill(Path(scratch), count)
        plain = sqlite3.connect(plain_path)
        since = time.time() - 3600
        folder = "file:///home/user/projects/p3/0"
        rows: list[Row] = []
        with History(path) as history:
            questions = [
                ("one server's records", lambda: history.query(server="server7"),
                 lambda: [json.loads(f) for (f,) in plain.execute(
                     "SELECT folders FROM records WHERE server = ? ORDER BY at", ("server7",))]),
                ("the last hour's records", lambda: history.query(since=since),
                 lambda: [json.loads(f) for (f,) in plain.execute(
                     "SELECT folders FROM records WHERE at >= ? ORDER BY at", (since,))]),
                ("who was given one folder", lambda: history.query(folder=folder),
                 lambda: [f for (f,) in plain.execute("SELECT folders FROM records ORDER BY at")
                          if folder in json.loads(f)]),
                ("seen by, for every folder", history.last_seen,
                 lambda: [json.loads(f) for (f,) in plain.execute("SELECT folders FROM records")]),
            ]
            for label, subject, floor in questions:
                floors, subjects = alternate(samples, _timed(floor), _timed(subject))
                rows.append(Row(f"history, {count:,} records: {label}", "s", Side("Rootkeeper", subjects),
                                Side("bare SQLite, one JSON row per record", floors)))
        rows += _index_rows(path, plain, count, samples)
        rows += _big_list_rows(Path(scratch) / "big")
        plain.close()
        size_row = Row(f"history file, {count:,} records", "MiB", Side("Rootkeeper", [path.stat().st_size / 2**20]),
                       Side("bare SQLite, one JSON row per record", [plain_path.stat().st_size / 2**20]))
    return [*rows, size_row]


def _index_rows(path: Path, plain: sqlite3.Connection, count: int, samples: int) -> list[Row]:
    """The window's Seen-by index: its first read of everything, and a refresh after one more record."""
    from app.core.history.history import History
    from app.core.history.index import SeenIndex

    def first_read() -> float:
        index = SeenIndex(path.parent)
        started = time.perf_counter()
        index.update()
        elapsed = time.perf_counter() - started
        index.close()
        return elapsed

    def read_all_plain() -> float:
        started = time.perf_counter()
        [json.loads(f) for (f,) in plain.execute("SELECT folders FROM records")]
        return time.perf_counter() - started

    rows = []
    floors, subjects = alternate(samples, read_all_plain, first_read)
    rows.append(Row(f"seen-by index, {count:,} records: first read", "s", Side("Rootkeeper", subjects),
                    Side("bare SQLite, every record's JSON", floors)))

    index = SeenIndex(path.parent)
    index.update()
    folders = [f"file:///home/user/projects/new/{k}" for k in range(5)]
    last_plain = [int(plain.execute("SELECT MAX(rowid) FROM records").fetchone()[0])]
    with History(path) as history:

        def refresh() -> float:
            history.append("server3", folders, era="2025-11-25", via="hub")
            started = time.perf_counter()
            index.update()
            return time.perf_counter() - started

        def read_new_plain() -> float:
            plain.execute("INSERT INTO records VALUES (?, 'server3', NULL, '2025-11-25', 'hub', ?)",
                          (time.time(), json.dumps(folders)))
            plain.commit()
            started = time.perf_counter()
            found = plain.execute("SELECT rowid, folders FROM records WHERE rowid > ?", (last_plain[0],)).fetchall()
            last_plain[0] = found[-1][0]
            [json.loads(f) for _rowid, f in found]
            return time.perf_counter() - started

        floors, subjects = alternate(samples, read_new_plain, refresh)
    index.close()
    rows.append(Row(f"seen-by index, {count:,} records: refresh after one new record", "s",
                    Side("Rootkeeper", subjects), Side("bare SQLite, the new record's JSON", floors)))
    return rows


def _big_list_rows(folder: Path) -> list[Row]:
    """Edits of one big list: what each append costs and what the file weighs after them."""
    from app.core.history.history import History, history_path

    count = size("history_big_list", 100_000, 10_000)
    edits = size("history_big_edits", 20, 5)
    folders = [f"file:///home/user/projects/p{k // 100}/folder-{k}" for k in range(count)]
    path = history_path(folder)
    folder.mkdir(mode=0o700)
    plain_path = folder / "plain.sqlite3"
    plain = sqlite3.connect(plain_path, isolation_level=None)
    plain.execute("PRAGMA journal_mode=WAL")
    plain.execute("PRAGMA synchronous=NORMAL")
    plain.execute("CREATE TABLE folders (id INTEGER PRIMARY KEY, uri TEXT NOT NULL)")
    plain.execute("CREATE TABLE members (list_id INTEGER NOT NULL, folder_id INTEGER NOT NULL)")
    numbers: dict[str, int] = {}
    lists = []
    for n in range(edits):
        folders[n % count] = f"file:///home/user/edited/{n}"
        lists.append(list(folders))
    subject_lists, floor_lists = iter(lists), iter(enumerate(lists))

    with History(path) as history:

        def subject() -> float:
            current = next(subject_lists)
            started = time.perf_counter()
            history.append("fs", current, era="2025-11-25", via="hub")
            return time.perf_counter() - started

        def floor() -> float:
            list_id, current = next(floor_lists)
            started = time.perf_counter()
            plain.execute("BEGIN")
            new = [uri for uri in current if uri not in numbers]
            start = len(numbers) + 1
            plain.executemany("INSERT INTO folders VALUES (?, ?)", enumerate(new, start))
            numbers.update(zip(new, range(start, start + len(new)), strict=True))
            plain.executemany("INSERT INTO members VALUES (?, ?)", ((list_id, numbers[uri]) for uri in current))
            plain.execute("COMMIT")
            return time.perf_counter() - started

        floors, subjects = alternate(edits, floor, subject)
    plain.close()  # both checkpointed on close: the file sizes are all there is
    label = f"history, {edits} edits of a {count:,}-folder list"
    floor_label = "bare SQLite, URIs once + 2 integers a folder, no index"
    return [
        Row(f"{label}: one append (the first stores the URIs)", "s", Side("Rootkeeper", subjects),
            Side(floor_label, floors)),
        Row(f"{label}: file size", "MiB", Side("Rootkeeper", [path.stat().st_size / 2**20]),
            Side(floor_label, [plain_path.stat().st_size / 2**20])),
    ]
