"""`rootkeeper` with no subcommand: the tray app (or the headless hub when there is no desktop).

Order matters for a quick start: the single-instance check comes before any window is built, and
the tray (or, without one, a stand-in window) is on screen within the first event-loop turn, before
asyncio, the store's models, the hub and the pages are even imported (`app.ui.tray.face`); the MCP SDK is
imported only by the hub's first connection.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, TextIO

from PySide6.QtCore import QEventLoop, qVersion
from PySide6.QtWidgets import QApplication, QSystemTrayIcon

from app import __version__
from app.core.system.locations import config_home, state_home
from app.ui import gui_thread_gc
from app.ui.display import unreachable_display
from app.ui.i18n import LANGUAGES, Translations
from app.ui.icons import app_icon
from app.ui.models.snapshot import Snapshot
from app.ui.settings import GuiSettings
from app.ui.single_instance import SingleInstance
from app.ui.tray.face import Face

if TYPE_CHECKING:
    from asyncio import AbstractEventLoop

    from app.ui.application import RootkeeperApp

FIRST_FRAME_S = 0.02
"""How long the face stays alone on screen, so the window system can draw it before the app loads."""
WORKERS = 10
SAY_RUNNING_VARIABLE = "ROOTKEEPER_SAY_RUNNING"
"""Set (by `make run`) to have the start-up line printed even when standard output is not a terminal."""
"""Threads for `asyncio.to_thread` at most (as many as qasync's default executor has)."""


def no_desktop_session(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """On Linux without X11 or Wayland (an SSH login, a server) a window cannot be shown at all."""
    if not platform.startswith("linux"):
        return False
    return not any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def make_application() -> QApplication:
    existing = QApplication.instance()
    qt_app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    qt_app.setApplicationName("Rootkeeper")
    qt_app.setApplicationVersion(__version__)
    qt_app.setDesktopFileName("rootkeeper")
    # The app decides when to quit (tray "Quit", or closing the window when there is no tray);
    # Qt quitting by itself would stop the event loop under the running coroutine.
    qt_app.setQuitOnLastWindowClosed(False)
    qt_app.setWindowIcon(app_icon())
    gui_thread_gc.install(qt_app)
    return qt_app


def run_gui(*, self_test: bool = False) -> int:
    if self_test:
        return run_self_test()
    if no_desktop_session():
        print("rootkeeper: No desktop session was found, so Rootkeeper runs without a window.", file=sys.stderr)
        return _run_headless()
    if (dead := unreachable_display()) is not None:
        from app.core.paths import printable

        print(f"rootkeeper: The display {printable(dead)} cannot be opened, so Rootkeeper runs without a window.",
              file=sys.stderr)
        return _run_headless()
    qt_app = make_application()
    instance = SingleInstance(state_home())
    if not instance.claim(listen=False):  # it listens once the face is on screen (see `_run`)
        if instance.notify_primary():
            print("Rootkeeper is already running; its window has been brought to the front.")
            return 0
        print("rootkeeper: Another Rootkeeper holds the lock but does not answer; try again in a moment.",
              file=sys.stderr)
        return 1
    try:
        settings = GuiSettings(config_home())
        translations = Translations(qt_app)
        translations.apply(settings.language)
        tray_available = QSystemTrayIcon.isSystemTrayAvailable()
        show_window = not (tray_available and settings.start_hidden)
        face = Face(tray_available=tray_available, show_window=show_window)
        face.show()
        # The first turn of the event loop, before asyncio and qasync are even imported (they cost a
        # tray app a third of its start and 9 MiB, with the TLS libraries asyncio loads).
        qt_app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        import qasync

        code: int = qasync.run(_run(instance, face, settings, translations))
        return code
    finally:
        instance.release()


def _run_headless() -> int:
    import asyncio

    from app.core.store.store import Store
    from app.mcp.run import run_headless

    return asyncio.run(run_headless(Store()))


async def _run(instance: SingleInstance, face: Face, settings: GuiSettings, translations: Translations) -> int:
    import asyncio

    from app.engine.asyncgens import close_abandoned_on

    await asyncio.sleep(FIRST_FRAME_S)  # the window system draws the face; everything else loads after
    loop = asyncio.get_running_loop()
    with close_abandoned_on(loop):
        return await _run_app(loop, instance, face, settings, translations)


async def _run_app(loop: AbstractEventLoop, instance: SingleInstance, face: Face, settings: GuiSettings,
                   translations: Translations) -> int:
    import signal
    from concurrent.futures import ThreadPoolExecutor

    from app.core.system import logsetup
    from app.ui.crash import CrashNotice

    # qasync's own default starts all of its ten threads at the first `to_thread`; this one starts a
    # thread only when every running one is busy (a tray that only runs needs two or three).
    loop.set_default_executor(ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="rootkeeper-worker"))
    app = _assemble(face, settings, translations)
    instance.activationRequested.connect(app.show_window)
    instance.listen()  # a second start can now raise the window (until now it found no answer and waited)
    crash_notice = CrashNotice(app.report, logsetup.current_log_file(), app)
    crash_notice.install(loop)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: loop.call_soon_threadsafe(app.request_quit))
    if not app.tray_available:
        print("rootkeeper: No system tray was found; closing the window quits Rootkeeper.", file=sys.stderr)
    else:
        say_running(sys.stdout)
    try:
        return await app.run(show_window=face.shows_window)
    finally:
        crash_notice.uninstall()


def say_running(out: TextIO, environ: Mapping[str, str] = os.environ) -> bool:
    """One line saying the tray app runs, for whoever started it from a terminal (`make run` otherwise
    ends in silence); nothing when started from a desktop menu or at login. Whether it was said."""
    if not (environ.get(SAY_RUNNING_VARIABLE) or out.isatty()):
        return False
    from app.core.text import sentence

    try:
        print(sentence("cli.tray_running"), file=out, flush=True)
    except (OSError, ValueError):  # a closed terminal does not stop the tray app
        return False
    return True


def _assemble(face: Face, settings: GuiSettings, translations: Translations) -> RootkeeperApp:
    from app.core.store.store import Store
    from app.mcp.hub import Hub
    from app.ui.application import RootkeeperApp

    store = Store()
    return RootkeeperApp(store, Hub(store), settings, translations, tray_available=face.tray_available, face=face)


def run_self_test() -> int:
    """Build the whole UI offscreen with the real store and every catalogue; one line, exit 0 when sound."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        summary = _self_test()
    except Exception as exc:
        print(f"rootkeeper: Self-test failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(summary)
    return 0


def _self_test() -> str:
    from app.core.store.store import Store
    from app.mcp.hub import Hub
    from app.ui.application import RootkeeperApp

    qt_app = make_application()
    store = Store()
    data = store.load()
    translations = Translations(qt_app)
    for language in LANGUAGES:
        translations.apply(language)
    settings = GuiSettings(config_home(), read_only=True)  # a smoke test leaves the user's settings alone
    translations.apply(settings.language)
    # The hub is built but not started: a smoke test must not launch the user's servers.
    app = RootkeeperApp(store, Hub(store), settings, translations, tray_available=False)
    app.live.show(Snapshot.of_data(data))
    app.window.show()
    qt_app.processEvents()
    shown = app.window.roots_model.rowCount(), app.window.servers_model.rowCount()
    stored = len(data.roots), len(data.servers)
    if shown != stored:
        raise RuntimeError(f"the window shows {shown} (roots, servers) while the store holds {stored}")
    if app.tray.icon().isNull():
        raise RuntimeError("the tray icon did not render")
    app.window.hide()
    for notice in store.notices:
        print(f"rootkeeper: {notice}", file=sys.stderr)
    return (
        f"rootkeeper {__version__} self-test passed: {len(data.roots)} shared folder(s), {len(data.servers)} "
        f"server(s), {len(LANGUAGES)} languages, Qt {qVersion()} on {qt_app.platformName()}."
    )
