"""A thousand shared folders are checked off the GUI thread: the event loop never stalls for 100 ms."""

from __future__ import annotations

from pathlib import Path

import qasync

from app.core.model import StoreData
from app.core.roots import plan_add
from app.core.store import Store
from app.ui.snapshot import Snapshot
from tests.ui_helpers import LoopLagMeter, build_app, eventually, run, running

ROOTS = 1000
MAX_LAG = 0.100


def test_checking_a_thousand_roots_never_blocks_the_loop(qloop: qasync.QEventLoop, tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store(home)
    base = tmp_path / "many"
    for i in range(ROOTS):
        (base / f"folder-{i:04}").mkdir(parents=True)

    def add_all(data: StoreData) -> None:
        for i in range(ROOTS):
            data.roots.append(plan_add(data, str(base / f"folder-{i:04}")).root)

    store.update(add_all)
    # Re-check far more often than the app does, so several full rounds happen while we measure.
    app = build_app(home, check_interval=0.3, retry_interval=0.3)
    checks: list[int] = []
    app.live.snapshotChanged.connect(lambda s: checks.append(sum(r.access is not None for r in s.roots)))

    async def scenario() -> None:
        with LoopLagMeter() as meter:
            async with running(app):  # the first full check runs inside start()
                model = app.window.roots_model
                await eventually(lambda: model.rowCount() == ROOTS, what="all rows shown")
                first = app.live.current
                await eventually(lambda: _newer_round(first, app.live.current), timeout=10, what="a second round")
                second = app.live.current
                app.hub.recheck_now()
                await eventually(lambda: _newer_round(second, app.live.current), timeout=10, what="a third round")
                app.window.roots_page.table.scrollToBottom()
        assert meter.ticks > 50, "the meter itself did not run"
        assert meter.max_gap < MAX_LAG, f"the event loop was blocked for {meter.max_gap * 1000:.0f} ms"
        print(f"\nloop lag with {ROOTS} roots: max {meter.max_gap * 1000:.1f} ms over {meter.ticks} ticks")

    run(qloop, scenario(), timeout=60)
    assert max(checks) == ROOTS


def _newer_round(before: Snapshot, now: Snapshot) -> bool:
    """Every root was checked again since `before` (a whole round, not a single early result)."""
    if len(now.roots) != ROOTS:
        return False
    old = {row.root.id: row.access.checked_at for row in before.roots if row.access}
    return all(row.access is not None and row.access.checked_at > old.get(row.root.id, row.access.checked_at)
               for row in now.roots) and len(old) == ROOTS
