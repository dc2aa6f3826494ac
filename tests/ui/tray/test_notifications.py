"""Notifications tell news: a folder coming back is good news, a server failing since before the start is not news."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import qasync

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.servers.condition import GIVE_UP_AFTER
from app.core.servers.status import ConnectionStatus
from app.core.store.store import Store
from app.mcp.errors import ToolCallError
from app.ui.models.snapshot import Snapshot
from app.ui.tray.transitions import TransitionTracker
from app.ui.window.message_bar import Level
from tests.support.gui import BuildApp, run, running
from tests.support.servers import stdio_entry
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def test_a_folder_coming_back_is_good_news(qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp) -> None:
    home = tmp_path / "home"
    (alpha,) = folders(tmp_path / "data", "alpha")
    add_roots(Store(home), alpha)
    app = build_app(home, tray_available=False)  # notifications land in the message bar
    bar = app.window.message_bar

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: app.live.current.roots[0].access is not None, what="the first check")
            shutil.rmtree(alpha)
            app.editor.hub.recheck_now()
            await eventually(lambda: "became unavailable" in bar.text(), what="the loss reported")
            assert bar.level is Level.WARNING
            alpha.mkdir()
            app.editor.hub.recheck_now()
            await eventually(lambda: "available again" in bar.text(), what="the return reported")
            assert bar.level is Level.INFO

    run(qloop, scenario())


def test_a_server_failing_since_the_start_pops_no_balloon() -> None:
    server = ServerEntry(name="s", target=StdioTarget(command="x"), consent="given", share="all")

    def seen(state: str | None, failed_sessions: int = 0) -> Snapshot:
        status = (ConnectionStatus(state=state, last_error="boom", failed_sessions=failed_sessions)  # type: ignore[arg-type]
                  if state else None)
        return Snapshot.build(StoreData(servers=[server]), {}, lambda _n: status, lambda _n: [])

    tracker = TransitionTracker()
    # Every start: not started, connecting, then failing as it did last time: quiet.
    assert tracker.update(seen(None)) == []
    assert tracker.update(seen("connecting")) == []
    assert tracker.update(seen("backoff")) == []
    # Connecting and dying without ever working (a crash loop since the start): still quiet.
    assert tracker.update(seen("connected")) == []
    assert tracker.update(seen("backoff")) == []
    # Once it has worked in this session, breaking is news, once, however long it then keeps failing.
    assert tracker.update(seen("connected")) == []
    assert [t.name for t in tracker.update(seen("backoff", failed_sessions=1))] == ["s"]
    assert tracker.update(seen("connecting", failed_sessions=1)) == []
    assert tracker.update(seen("backoff", failed_sessions=1)) == []
    # The same outage going on (each brief reconnect dying again) is not news either.
    assert tracker.update(seen("connected", failed_sessions=1)) == []
    assert tracker.update(seen("backoff", failed_sessions=2)) == []


def test_through_the_app_a_server_failing_from_the_start_is_quiet_and_one_that_breaks_is_news(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    # `broken` exits before the handshake on every attempt (as it did at the last start); `flaky` works
    # until its `crash` tool is called.
    store.update(lambda data: data.servers.extend([stdio_entry("broken", "hostile", "exit-at-start", share="all"),
                                                    stdio_entry("flaky", "hostile", "die-on-call", share="all")]))
    app = build_app(home, tray_available=False)
    notes: list[tuple[str, str]] = []
    app.notifier.notified.connect(lambda title, body: notes.append((title, body)))
    broken_states: list[str] = []  # each state `broken` went through, as the snapshots showed it

    def on_snapshot(snapshot: Snapshot) -> None:
        row = snapshot.server("broken")
        state = row.status.state if row is not None and row.status is not None else None
        if state is not None and (not broken_states or broken_states[-1] != state):
            broken_states.append(state)

    app.live.snapshotChanged.connect(on_snapshot)

    def state_of(name: str) -> str | None:
        row = app.live.current.server(name)
        return row.status.state if row is not None and row.status is not None else None

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: state_of("flaky") == "connected", what="flaky connected")
            # broken failed, was retried and failed alike until it was left for the user (seen on its connection,
            # not in coalesced snapshots): never worth a balloon.
            broken = app.editor.hub.connection("broken")
            assert broken is not None
            await broken.wait_for_status(lambda status: status.state == "failed", timeout=60)
            assert broken.status.same_failures == GIVE_UP_AFTER
            assert "connected" not in broken_states
            assert notes == []
            connection = app.editor.hub.connection("flaky")
            assert connection is not None
            # flaky works (it answered after its handshake), so its break is news.
            await connection.wait_for_status(lambda status: status.settled_at is not None, timeout=30)
            with pytest.raises(ToolCallError):
                await connection.call_tool("crash")
            await eventually(lambda: bool(notes), what="the balloon for flaky")
            await eventually(lambda: state_of("flaky") == "connected", what="flaky reconnected")
            assert notes[0][0] == "A server failed" and "flaky" in notes[0][1] and len(notes) == 1, notes
            assert not any("broken" in title + body for title, body in notes), notes

    run(qloop, scenario(), timeout=90)


def test_through_the_app_a_server_crash_looping_from_the_start_pops_no_balloon(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    # `crashy` takes the handshake, is given its roots and dies, on every attempt: it connects each
    # time, but never works, as it did at the last start.
    store.update(lambda data: data.servers.append(stdio_entry("crashy", "hostile", "die-after-roots", share="all")))
    app = build_app(home, tray_available=False)
    notes: list[tuple[str, str]] = []
    app.notifier.notified.connect(lambda title, body: notes.append((title, body)))

    def restarted_and_down(times: int) -> bool:
        row = app.live.current.server("crashy")
        status = row.status if row is not None else None
        return status is not None and status.roots_fetch_count >= times and status.state == "backoff"

    async def scenario() -> None:
        async with running(app):
            # Each counted fetch was asked for inside an established session: it connected 4 times. (The
            # window's snapshots are coalesced, so a session that brief need not appear in one as "connected".)
            await eventually(lambda: restarted_and_down(4), timeout=60, what="crashy given its roots and dead 4 times")
            assert notes == [], notes

    run(qloop, scenario(), timeout=90)


def test_check_now_says_when_it_is_done(qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha", "beta"))
    app = build_app(home)
    bar = app.window.message_bar

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: all(r.access is not None for r in app.live.current.roots), what="checks")
            app.window.roots_page.check_button.click()
            assert bar.text() == "Checking every shared folder again…"
            await eventually(lambda: bar.text().startswith("Check finished at "), what="the check reported done")
            assert bar.text().endswith(": 2 folders shared, all reachable") and bar.level is Level.INFO

    run(qloop, scenario())
