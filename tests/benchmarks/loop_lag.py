"""The GUI event loop's longest stall while every root is checked, one of them on a "dead mount".

Run as a child process with `deadmount.so` preloaded (so the blocked path's checks never return):

    python -m tests.benchmarks.loop_lag app HOME     # the tray app (window shown) on HOME's store
    python -m tests.benchmarks.loop_lag floor STORE  # a bare qasync loop doing the same checks on threads

Both run two full rounds of checks (the first at start, the second asked for) under a 5 ms Qt
timer, and print `{"event": "lag", "max_gap": S, "ticks": N, "rounds": [S, S]}`; the process then
exits at once (a thread stuck on the dead path would keep it alive otherwise).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import qasync

from app.engine.asyncgens import close_abandoned_on
from app.ui.models.snapshot import Snapshot

if TYPE_CHECKING:
    from app.ui.application import RootkeeperApp

ROUND_TIMEOUT = 120.0
CHECK_DEADLINE = 2.0
"""How long the floor waits for the last batch of a round (the app's own per-path deadline)."""


async def _wait(predicate: object, what: str) -> None:
    from tests.support.waiting import eventually

    await eventually(predicate, what, ROUND_TIMEOUT)  # type: ignore[arg-type]


async def app_scenario(home: Path) -> dict[str, object]:
    from tests.benchmarks.lag_meter import LoopLagMeter
    from tests.support.gui import build_app, running

    app = build_app(home)
    count = len(app.store.load().roots)
    app.window  # noqa: B018 - built before the checks start, as `RootkeeperApp.run` builds it before the hub's start
    rounds = []
    with LoopLagMeter() as meter:
        started = time.perf_counter()
        async with running(app):  # the first full check runs inside start()
            model = app.window.roots_model
            await _wait(_per_snapshot(app, lambda now: model.rowCount() == count and _all_checked(now, count)),
                        "first round")
            rounds.append(time.perf_counter() - started)
            first = {row.root.id: row.access.checked_at for row in app.live.current.roots if row.access}
            started = time.perf_counter()
            app.hub.recheck_now()
            await _wait(_per_snapshot(app, lambda now: _newer_round(first, now, count)), "second round")
            rounds.append(time.perf_counter() - started)
            app.window.roots_page.table.scrollToBottom()
            await asyncio.sleep(0.2)
    return {"max_gap": meter.max_gap, "ticks": meter.ticks, "rounds": rounds}


def _per_snapshot(app: RootkeeperApp, test: Callable[[Snapshot], bool]) -> Callable[[], bool]:
    """`test` of the app's current snapshot, asked again only when there is a new one.

    The wait polls every 10 ms on the GUI thread; walking 10,000 rows each time would be the
    harness's own load on the loop it measures (the floor has no such walk).
    """
    seen: list[object] = [None, False]

    def predicate() -> bool:
        now = app.live.current
        if now is not seen[0]:
            seen[:] = [now, test(now)]
        return bool(seen[1])

    return predicate


def _all_checked(snapshot: Snapshot, count: int) -> bool:
    return len(snapshot.roots) == count and all(row.access is not None for row in snapshot.roots)


def _newer_round(old: dict[str, datetime], now: Snapshot, count: int) -> bool:
    """Every root was checked again since the times `old` (a whole round, not a single early result)."""
    if len(now.roots) != count:
        return False
    return len(old) == count and all(
        row.access is not None and row.access.checked_at > old.get(row.root.id, row.access.checked_at)
        for row in now.roots)


def _check_batch(paths: list[str]) -> list[tuple[str, bool]]:
    out = []
    for path in paths:
        try:
            os.stat(path)
            with os.scandir(path) as entries:
                next(iter(entries), None)
            out.append((path, True))
        except OSError:
            out.append((path, False))
    return out


async def floor_scenario(store: Path) -> dict[str, object]:
    from tests.benchmarks.lag_meter import LoopLagMeter

    paths = [root["path"] for root in json.loads(store.read_text(encoding="utf-8"))["roots"]]
    pool = ThreadPoolExecutor(max_workers=8)
    loop = asyncio.get_running_loop()
    results: dict[str, bool] = {}
    rounds = []
    with LoopLagMeter() as meter:
        for _ in range(2):
            started = time.perf_counter()
            batches = [loop.run_in_executor(pool, _check_batch, paths[i:i + 100]) for i in range(0, len(paths), 100)]
            done: set[asyncio.Future[list[tuple[str, bool]]]] = set()
            pending = set(batches)
            while pending:  # a batch that does not finish within the deadline holds the dead path
                done_now, pending = await asyncio.wait(pending, timeout=CHECK_DEADLINE,
                                                       return_when=asyncio.FIRST_COMPLETED)
                if not done_now:
                    break
                done |= done_now
            for future in done:
                results.update(future.result())
            rounds.append(time.perf_counter() - started)
        await asyncio.sleep(0.2)
    return {"max_gap": meter.max_gap, "ticks": meter.ticks, "rounds": rounds, "checked": len(results)}


def main() -> None:
    from app.ui.main import make_application

    qt_app = make_application()
    loop = qasync.QEventLoop(qt_app)
    asyncio.set_event_loop(loop)
    target = Path(sys.argv[2])
    scenario = app_scenario(target) if sys.argv[1] == "app" else floor_scenario(target)
    with close_abandoned_on(loop):  # as the app's loop does
        outcome = loop.run_until_complete(asyncio.wait_for(scenario, ROUND_TIMEOUT * 3))
    print(json.dumps({"event": "lag", **outcome}), flush=True)
    os._exit(0)


if __name__ == "__main__":
    main()
