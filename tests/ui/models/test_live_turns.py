"""The live state builds a snapshot and shows it in separate turns of the event loop (10,000 roots: each is long)."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QTimer

from app.core.store.store import Store
from app.ui.models import health as health_module
from app.ui.models.snapshot import Snapshot, TrayState
from tests.support.gui import BuildApp, run, running
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def test_a_burst_is_built_in_one_turn_and_shown_in_the_next(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha"))
    app = build_app(home)
    order: list[str] = []
    build = Snapshot.build

    def recording_build(*args, **kwargs):  # type: ignore[no-untyped-def]
        snapshot = build(*args, **kwargs)
        order.append("built")
        QTimer.singleShot(0, lambda: order.append("next turn"))  # runs on the loop's next turn, not inside this one
        return snapshot

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: app.window.roots_model.rowCount() == 1, what="the first row")
            app.live.snapshotChanged.connect(lambda _snapshot: order.append("shown"))
            Snapshot.build = staticmethod(recording_build)  # type: ignore[method-assign]
            try:
                add_roots(app.store, *folders(tmp_path / "data", "beta"))  # another process's edit: a hub event
                await eventually(lambda: app.window.roots_model.rowCount() == 2, what="the second row")
            finally:
                Snapshot.build = build  # type: ignore[method-assign]
            assert order[:3] == ["built", "next turn", "shown"]

    run(qloop, scenario())


def test_the_first_snapshot_at_start_is_built_and_shown_in_turns_of_their_own(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha", "beta"))
    app = build_app(home)
    order: list[str] = []
    build = Snapshot.build
    start = app.hub.start

    async def recording_start(*args, **kwargs):  # type: ignore[no-untyped-def]
        await start(*args, **kwargs)
        order.append("hub started")
        QTimer.singleShot(0, lambda: order.append("turn after the hub"))

    def recording_build(*args, **kwargs):  # type: ignore[no-untyped-def]
        snapshot = build(*args, **kwargs)
        order.append("built")
        QTimer.singleShot(0, lambda: order.append("turn after the build"))
        return snapshot

    app.hub.start = recording_start  # type: ignore[method-assign]
    app.live.snapshotChanged.connect(lambda _snapshot: order.append("shown"))

    async def scenario() -> None:
        Snapshot.build = staticmethod(recording_build)  # type: ignore[method-assign]
        try:
            async with running(app):
                assert app.window.roots_model.rowCount() == 2  # shown by the time the app has started
        finally:
            Snapshot.build = build  # type: ignore[method-assign]
        assert order[:5] == ["hub started", "turn after the hub", "built", "turn after the build", "shown"]

    run(qloop, scenario())


def test_the_health_is_worked_out_on_the_build_turn_not_the_show_turn(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    """The health walks every row (10,000 of them): the tray, the status bar and the summary then only read it."""
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha"))
    app = build_app(home)
    found_before_shown: list[bool] = []
    worked_out_while_shown: list[Snapshot] = []
    showing = False
    work_out = health_module._health

    def recording_health(snapshot: Snapshot) -> health_module.Health:
        if showing:
            worked_out_while_shown.append(snapshot)
        return work_out(snapshot)

    monkeypatch.setattr(health_module, "_health", recording_health)
    show = app.live.show

    def recording_show(snapshot: Snapshot, **how: bool) -> None:
        nonlocal showing
        found_before_shown.append("attention_roots" in snapshot.__dict__)  # a cached_property, once computed
        showing = True
        try:
            show(snapshot, **how)
        finally:
            showing = False

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: app.window.roots_model.rowCount() == 1, what="the first row")
            app.live.show = recording_show  # type: ignore[method-assign]
            add_roots(app.store, *folders(tmp_path / "data", "beta"))  # another process's edit: a hub event
            await eventually(lambda: app.window.roots_model.rowCount() == 2, what="the second row")
            assert found_before_shown and all(found_before_shown)
            assert worked_out_while_shown == []

    run(qloop, scenario())


def test_a_burst_is_notified_on_the_turn_after_the_window_showed_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    """With ten thousand rows the window's repaint fills a turn: a notification waits for the next."""
    home = tmp_path / "home"
    (alpha,) = folders(tmp_path / "data", "alpha")
    add_roots(Store(home), alpha)
    app = build_app(home)
    order: list[str] = []

    def on_window(_snapshot: Snapshot) -> None:
        order.append("window")
        QTimer.singleShot(0, lambda: order.append("next turn"))

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: app.tray.state is TrayState.OK and app.live.current.roots, what="the first row")
            app.live.snapshotChanged.connect(on_window)
            app.notifier.notified.connect(lambda title, _body: order.append(title))
            alpha.rmdir()
            app.flows.recheck()  # the access results change: a burst of hub events
            lost = "A shared folder became unavailable"
            await eventually(lambda: lost in order, what="the notification")
            told = order.index(lost)
            assert order[told - 2 : told + 1] == ["window", "next turn", lost], order
            # A snapshot shown on purpose is notified at once: see test_i18n's notifications.

    run(qloop, scenario())
