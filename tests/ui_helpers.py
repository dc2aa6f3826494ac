"""Fixtures and helpers for the GUI tests: a qasync loop per test, a real app over a real store and hub.

Async test bodies run on a qasync `QEventLoop` through `run(qloop, coro)` (the pattern that works
here: pytest-qt's `waitUntil` cannot drive `@asyncSlot` coroutines, and waiting from inside a
coroutine on the qasync loop must be an `await`). Dialogs opened with `open()` are found among
the top-level widgets and answered like a user would.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sys
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

from app.core.model import Root, ServerEntry, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from app.engine.asyncgens import close_abandoned_on
from app.mcp.hub import Hub
from app.ui import gui_thread_gc
from app.ui.application import RootkeeperApp
from app.ui.i18n import ENGLISH, Translations
from app.ui.main import make_application
from app.ui.settings import GuiSettings
from tests.x_server import private_x_server

T = TypeVar("T")
W = TypeVar("W", bound=QWidget)



_closed_loops: list[qasync.QEventLoop] = []


@pytest.fixture(autouse=True)
def _gui_thread_gc(request: pytest.FixtureRequest) -> None:
    """Every test with Qt objects collects garbage on the GUI thread only, as the app does (`app.ui.gui_thread_gc`)."""
    if "qapp" in request.fixturenames:
        qt_app = request.getfixturevalue("qapp")
        gui_thread_gc.install(qt_app)


@pytest.fixture(name="qloop")
def qloop_fixture(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    """A qasync loop over the test QApplication, closed (pending tasks cancelled) at teardown."""
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    try:
        with close_abandoned_on(loop):  # as the app's own loop does (`app.ui.main`)
            yield loop
    finally:
        pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.close()
        asyncio.set_event_loop(None)
        # A closed qasync loop leaves its pending Qt timers registered on its timer object (they are
        # killed one by one as they fire). Left to the garbage collector, that object could be
        # destroyed on a worker thread, where Qt cannot unregister its timers, and the next one to
        # fire would crash the process: keep every closed loop alive until the session ends.
        _closed_loops.append(loop)


def run(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
    """Drive `coro` to the end on the qasync loop, failing the test if it takes longer than `timeout`."""
    return loop.run_until_complete(asyncio.wait_for(coro, timeout))


async def eventually(predicate: Callable[[], bool], timeout: float = 20.0, what: str = "the condition") -> float:
    """Wait (with the loop running) until `predicate()` holds; return how long it took."""
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.01)
    return time.monotonic() - started


async def shown_dialog(kind: type[W], name: str | None = None, timeout: float = 20.0) -> W:
    """The visible top-level widget of type `kind` (and object name `name`), once it is shown."""
    found: list[W] = []

    def visible() -> bool:
        found[:] = [
            widget
            for widget in QApplication.topLevelWidgets()
            if isinstance(widget, kind) and widget.isVisible() and (name is None or widget.objectName() == name)
        ]
        return bool(found)

    await eventually(visible, timeout, f"a {kind.__name__} {name or ''}".strip())
    return found[-1]


def stored_root(store: Store, root_id: str) -> Root:
    root = store.load().root_by_id(root_id)
    assert root is not None, f"{root_id} is not in the store"
    return root


def stored_server(store: Store, name: str) -> ServerEntry:
    server = store.load().server(name)
    assert server is not None, f"{name} is not in the store"
    return server


def folders(base: Path, *names: str) -> list[Path]:
    made = []
    for name in names:
        (base / name).mkdir(parents=True, exist_ok=True)
        made.append(base / name)
    return made



def one_folder_app(tmp_path: Path, name: str) -> tuple[RootkeeperApp, Path, list[tuple[str, str]]]:
    """An app (no tray, quick re-checks) sharing one new folder, and the notifications it gives, as they come."""
    from tests.hub_helpers import add_roots

    home = tmp_path / "home"
    (folder,) = folders(tmp_path, name)
    add_roots(Store(home), folder)
    app = build_app(home, tray_available=False, check_interval=0.2, retry_interval=0.2)
    notes: list[tuple[str, str]] = []
    app.notifier.notified.connect(lambda title, body: notes.append((title, body)))
    return app, folder, notes


class LoopLagMeter:
    """The longest gap between ticks of a fast repeating Qt timer: how long the event loop was blocked."""

    def __init__(self, interval_ms: int = 5) -> None:
        self.interval = interval_ms / 1000
        self.max_gap = 0.0
        self.ticks = 0
        self._last = 0.0
        self._timer = QTimer()
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)

    def __enter__(self) -> LoopLagMeter:
        self._last = time.perf_counter()
        self._timer.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._timer.stop()
        self._tick()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.max_gap = max(self.max_gap, now - self._last)
        self._last = now
        self.ticks += 1


@functools.cache
def translations() -> Translations:
    """One set of translators for the whole session, as in the app (each test starts in English)."""
    qt_app = QApplication.instance()
    assert isinstance(qt_app, QApplication)
    return Translations(qt_app)


@pytest.fixture(name="english")
def english_fixture(qapp: QApplication) -> Translations:
    """The English catalogue installed (it carries the plural forms), as the app does at start."""
    translations().apply(ENGLISH)
    return translations()


def build_app(home: Path, *, tray_available: bool = True, **hub_options: Any) -> RootkeeperApp:
    make_application()  # the test QApplication configured as the app's (it never quits on its own)
    store = Store(home)
    hub = Hub(store, state_dir=home / "state", **hub_options)
    translations().apply(ENGLISH)
    return RootkeeperApp(store, hub, GuiSettings(home), translations(), tray_available=tray_available)


@contextlib.asynccontextmanager
async def running(app: RootkeeperApp, *, show: bool = True) -> AsyncIterator[RootkeeperApp]:
    """The app with its hub started (servers connected), stopped and torn down afterwards."""
    if show:
        app.window.show()
    try:
        await app.start()
        yield app
    finally:
        for dialog in app.flows.consent_dialogs():
            dialog.reject()
        await app.shutdown()
        app.tray.contextMenu().deleteLater()
        if app.window_if_built is not None:
            app.window_if_built.deleteLater()
        app.deleteLater()


# -- a real X server: the README screenshot, the docked tray's balloons, window positions -------------


@pytest.fixture
def x_display() -> Iterator[str]:
    """A private Xvfb server on a display number it picks itself (-displayfd), stopped afterwards.

    The tests that use it run the app in a child process on that display (`QT_QPA_PLATFORM=xcb`).
    """
    with private_x_server() as display:
        yield display


def make_sample_data(home: Path, user_home: Path) -> None:
    """A store that looks like a real user's: projects, notes, a link, a folder gone missing, servers."""
    from app.core.model import StdioTarget
    from tests.conftest import PROJECT

    for folder in ("projects/website", "projects/api-server", "Documents/Research notes", "Documents/Thesis 2026",
                   "Downloads/old-experiments", "Backups/usb-drive"):
        (user_home / folder).mkdir(parents=True, exist_ok=True)
    (user_home / "notes.md").write_text("# notes\n")
    (user_home / "thesis").symlink_to(user_home / "Documents" / "Thesis 2026")

    def python_server(name: str, module: str, *args: str) -> StdioTarget:
        # A launcher in the sample user's ~/.local/bin, as an installed server would have, so the
        # window shows a command a reader recognises rather than this checkout's interpreter path.
        launcher = user_home / ".local" / "bin" / name
        launcher.parent.mkdir(parents=True, exist_ok=True)
        launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tests.servers.{module} "$@"\n')
        launcher.chmod(0o755)
        return StdioTarget(command=str(launcher), args=list(args), env={"PYTHONPATH": str(PROJECT)}, cwd=str(PROJECT))

    def fill(data: StoreData) -> None:
        for path, name in (("projects/website", None), ("projects/api-server", None),
                           ("Documents/Research notes", "Research"), ("thesis", "Thesis"), ("notes.md", None),
                           ("Downloads/old-experiments", None), ("Backups/usb-drive", "USB backup")):
            data.roots.append(plan_add(data, str(user_home / path), name=name).root)
        data.roots[5].enabled = False
        chosen = [data.roots[0].id, data.roots[1].id]
        record = str(user_home / "seen.jsonl")
        data.servers += [
            ServerEntry(name="notes-assistant", target=python_server("notes-assistant", "roots_tool"),
                        share="all", consent="given"),
            ServerEntry(name="code-review", target=python_server("code-review", "legacy_recorder", "--record", record),
                        share=chosen, consent="given"),
        ]

    Store(home).update(fill)
    (user_home / "Backups" / "usb-drive").rmdir()  # unplugged since it was shared


def screenshot_main() -> None:
    """`python -c 'from tests.ui_helpers import screenshot_main; screenshot_main()' OUT.png` under a display.

    Builds sample data in $ROOTKEEPER_HOME (with $HOME as the sample user's home), runs the real app
    until its servers are connected and its folders checked, then saves the main window as it is on
    screen.
    """
    import faulthandler
    import os

    faulthandler.dump_traceback_later(75, exit=True)  # a hang shows where it is before the test gives up
    out = Path(sys.argv[1])
    home = Path(os.environ["ROOTKEEPER_HOME"])
    make_sample_data(home, Path(os.environ["HOME"]))
    qt_app = make_application()
    app = build_app(home, tray_available=True)
    app.window.resize(1060, 580)  # the smallest height that keeps three server rows

    async def shoot() -> None:
        async with running(app):
            await eventually(lambda: len(app.live.current.servers) == 2 and all(
                s.status is not None and s.status.state == "connected" for s in app.live.current.servers),
                timeout=30, what="both servers connected")
            await eventually(lambda: all(r.access is not None for r in app.live.current.roots), what="checks")
            app.window.message_bar.hide()
            app.window.roots_page.table.clearSelection()
            await asyncio.sleep(0.5)  # let the window manager-less X server settle the first paint
            QApplication.processEvents()
            grabbed = app.window.screen().grabWindow(app.window.winId())
            if grabbed.isNull() or not grabbed.save(str(out)):
                raise SystemExit(f"could not save {out}")
            app.window.tabs.setCurrentIndex(1)
            await asyncio.sleep(0.3)
            app.window.screen().grabWindow(app.window.winId()).save(str(out.with_name(out.stem + "-servers.png")))

    qasync.run(shoot())
    print(f"{out} {qt_app.platformName()}")
