"""100,000 roots: checking them all, a hub starting on them, idling, and its memory over 20 edits."""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from app.core.model import StoreData
from app.core.roots import access
from app.core.store.store import Store
from tests.benchmarks import fixtures
from tests.benchmarks.bench_processes import READY_TIMEOUT, Child, bench_child, child
from tests.benchmarks.harness import Acks, Row, Side, alternate, child_env, cpu_seconds, proc_status, size


def serial_stat(paths: list[str]) -> float:
    started = time.perf_counter()
    for path in paths:
        with contextlib.suppress(OSError):
            os.stat(path)
    return time.perf_counter() - started


def check_all(paths: list[str]) -> float:
    started = time.perf_counter()
    results = access.check_many((path, path, False) for path in paths)
    elapsed = time.perf_counter() - started
    if len(results) != len(paths) or not all(result.ok for result in results.values()):
        raise RuntimeError("the access check did not pass every folder")
    return elapsed


def idle_cpu(pid: int, window: float) -> float:
    """Percent of one core `pid` used over `window` seconds."""
    before = cpu_seconds(pid)
    time.sleep(window)
    return (cpu_seconds(pid) - before) / window * 100


async def scale_rows(acks: Acks) -> list[Row]:
    count = size("huge_roots", 100_000, 20_000)
    checks = size("huge_check_samples", 2, 1)
    starts = size("huge_start_samples", 1, 1)
    window = float(size("huge_idle_window", 65, 10))
    edits = size("huge_edits", 20, 4)
    rows = []
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        print(f"[bench]   making {count:,} folders", file=sys.stderr, flush=True)
        paths = fixtures.make_folders(Path(tmp) / "huge", count)
        home = Path(tmp) / "home"
        store = fixtures.write_store(home, fixtures.roots_for(paths), [fixtures.relister_entry("s00", acks.port)])
        floors, subjects = alternate(checks, lambda: serial_stat(paths), lambda: check_all(paths))
        rows.append(Row(f"{count:,} roots: access check of all (in process)", "s", Side("Rootkeeper", subjects),
                        Side("serial os.stat loop", floors)))
        env = child_env(ROOTKEEPER_HOME=str(home))
        scan = bench_child("scan", str(store.path), "--hold")

        def started(command: list[str]) -> float:
            with child(command, env) as running:
                running.next_event(READY_TIMEOUT * 2)
                return time.perf_counter() - running.started

        start_floors, start_subjects = alternate(max(0, starts - 1), lambda: started(scan),
                                                 lambda: started(bench_child("hub")))
        with child(scan, env) as floor_process:
            floor_process.next_event(READY_TIMEOUT * 2)
            start_floors.append(time.perf_counter() - floor_process.started)
            mark = acks.mark()
            with child(bench_child("hub"), env) as hub:
                hub.next_event(READY_TIMEOUT * 2)
                start_subjects.append(time.perf_counter() - hub.started)
                await acks.listed(mark, ["s00"], count, timeout=READY_TIMEOUT * 2)
                await asyncio.sleep(2)
                cpu_floor, cpu_subject = await asyncio.gather(asyncio.to_thread(idle_cpu, floor_process.pid, window),
                                                              asyncio.to_thread(idle_cpu, hub.pid, window))
                rows.append(Row(f"{count:,} roots: hub start (process start → hub.start() returned)", "s",
                                Side("Rootkeeper", start_subjects), Side("python: json.load + serial os.stat",
                                                                         start_floors)))
                reach = "outlasts" if window > 60 else "shorter than"
                rows.append(Row(f"{count:,} roots: idle CPU over {window:g} s, 1 server connected", "%",
                                Side("Rootkeeper", [cpu_subject]),
                                Side("python holding the list, asleep", [cpu_floor]),
                                note=f"{reach} the hub's 60 s fallback re-check"))
                rows.extend(await _edits_rss(acks, store, hub, edits=edits, count=count, env=env))
    return rows


async def _edits_rss(acks: Acks, store: Store, hub: Child, *, edits: int, count: int,
                     env: dict[str, str]) -> list[Row]:
    """RSS after each edit: the hub process, and a bare client process holding and answering the same list."""
    mark = acks.mark()
    clients = Child(bench_child("clients", "1", str(acks.port), str(store.path)), env)
    try:
        clients.next_event(READY_TIMEOUT * 2)
        await acks.listed(mark, ["c00"], count, timeout=READY_TIMEOUT * 2)
        hub_rss: list[float] = []
        floor_rss: list[float] = []
        floor_times: list[float] = []
        subject_times: list[float] = []
        editor_times: list[float] = []
        budget = time.monotonic() + size("huge_edit_budget", 100, 60)
        for i in range(edits):
            if time.monotonic() > budget:
                break
            full = i % 2 == 1
            mark = acks.mark()
            began = time.perf_counter()
            assert clients.process.stdin is not None
            clients.process.stdin.write(b"toggle\n")
            clients.process.stdin.flush()
            floor_times.append(await acks.listed(mark, ["c00"], count if full else count - 1, timeout=300) - began)
            floor_rss.append(proc_status(clients.pid, "VmRSS") / 1024)

            def edit(data: StoreData, on: bool = full) -> None:
                data.roots[-1].enabled = on

            # Timed from the store file's replacement: the editing process's own load and write of the
            # whole list are its cost, not the hub's, and the floor has no counterpart to them.
            mark = acks.mark()
            editing = time.perf_counter()
            await asyncio.to_thread(store.update, edit)
            written = time.perf_counter()
            editor_times.append(written - editing)
            subject_times.append(await acks.listed(mark, ["s00"], count if full else count - 1, timeout=300) - written)
            hub_rss.append(proc_status(hub.pid, "VmRSS") / 1024)
    finally:
        clients.stop()
    done = len(hub_rss)
    budget_note = "" if done == edits else f"; only {done} of {edits} edits within the time budget"
    growth = max(hub_rss) / hub_rss[0]
    floor_growth = max(floor_rss) / floor_rss[0]
    return [
        Row(f"{count:,} roots: another process's edit written → server re-listed", "s",
            Side("Rootkeeper", subject_times), Side("bare client: list_changed + re-list", floor_times),
            note=f"from the store file's replacement; the editing process's own load + write took "
                 f"{statistics.median(editor_times):.2f} s (median), not counted"),
        Row(f"{count:,} roots: RSS over {done} edits", "MiB", Side("Rootkeeper", hub_rss),
            Side("bare client holding the same list", floor_rss),
            note=f"max ÷ after the first edit: Rootkeeper {growth:.2f}×, floor {floor_growth:.2f}× (goal ≤ 1.2×); "
                 f"Rootkeeper {hub_rss[0]:.0f} → {hub_rss[-1]:.0f} MiB{budget_note}"),
    ]


async def ids_row(_acks: Acks) -> list[Row]:
    """Correctness, not speed: duplicate ids among 200,000 generated roots (must be 0)."""
    from app.core.model import new_root_id

    count = size("id_count", 200_000, 200_000)
    ids = [new_root_id() for _ in range(count)]
    return [Row(f"duplicate root ids among {count:,} generated (must be 0)", "count",
                Side("Rootkeeper", [float(count - len(set(ids)))]), note="correctness check")]
