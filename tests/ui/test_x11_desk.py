"""What only a real X server shows: the docked tray's balloons (with notifications off and on again), and
the window's position kept across a restart (the offscreen platform moves a window that is wider than
its screen, so there the position cannot be checked).

Each test runs the app in a child process on a private Xvfb (`python -m tests.ui.test_x11_desk MODE`),
next to a real tray (trayer) for the balloons; the child prints what it saw as one JSON line.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tests.support.project import PROJECT
from tests.support.x11 import start_tray_host

if TYPE_CHECKING:
    from app.ui.application import RootkeeperApp

MODULE = "tests.ui.test_x11_desk"
SAVED_AT = (173, 91)
"""Where the first run leaves the window (its frame's top-left corner), well inside the 1280x800 screen."""


def child(display: str, mode: str, tmp_path: Path) -> dict[str, object]:
    # No session bus: Qt then docks by XEmbed and draws its own balloons, which the child can see.
    hidden = ("WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS")
    env = {key: value for key, value in os.environ.items() if key not in hidden}
    env |= {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "ROOTKEEPER_HOME": str(tmp_path / "rk"),
            "HOME": str(tmp_path / "user"), "PYTHONPATH": str(PROJECT), "LANG": "C.UTF-8"}
    (tmp_path / "user").mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", MODULE, mode, str(tmp_path / "data")], env=env, cwd=PROJECT,
                          capture_output=True, text=True, timeout=100, check=False)
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["platform"] == "xcb"
    return report


def test_notifications_turned_off_in_settings_pop_no_balloon_and_on_again_they_do(
    x_display: str, tmp_path: Path
) -> None:
    host = start_tray_host(x_display, 0x202124)
    try:
        report = child(x_display, "balloons", tmp_path)
    finally:
        host.terminate()
        host.wait(timeout=10)
    assert report["tray_available"] is True, "no system tray manager answered"
    assert report["supports_messages"] is True
    assert report["balloons_while_off"] == []  # the loss went to the message bar instead
    assert "became unavailable" in str(report["bar_while_off"])
    (balloon,) = report["balloons_when_on"]  # type: ignore[misc]
    assert "available again" in balloon and "alpha" in balloon


def test_the_window_comes_back_where_it_was_left(x_display: str, tmp_path: Path) -> None:
    first = child(x_display, "leave", tmp_path)
    assert first["left_at"] == list(SAVED_AT)  # no window manager: X puts it exactly there
    second = child(x_display, "return", tmp_path)
    assert second["shown_at"] == list(SAVED_AT)
    assert second["size"] == first["size"]


# -- the child process ----------------------------------------------------------------------------------


def balloons() -> list[str]:
    """The texts of the balloons Qt shows itself for a tray docked by XEmbed (no notification service)."""
    from PySide6.QtWidgets import QApplication, QLabel

    shown = [w for w in QApplication.topLevelWidgets() if w.metaObject().className() == "QBalloonTip" and w.isVisible()]
    return [" ".join(label.text() for label in widget.findChildren(QLabel)) for widget in shown]


async def set_notifications(app: RootkeeperApp, wanted: bool) -> None:
    """Turn desktop notifications on or off in the Settings dialog, as the user does."""
    from app.ui.dialogs.settings_dialog import SettingsDialog
    from tests.support.gui import shown_dialog
    from tests.support.waiting import eventually

    app.window.settings_action.trigger()
    dialog = await shown_dialog(SettingsDialog)
    dialog.notifications.setChecked(wanted)
    dialog.accept()
    await eventually(lambda: app.notifier.allowed() is wanted, what="the setting applied")


async def notifications(home: Path, data: Path, report: dict[str, object]) -> None:
    import shutil

    from PySide6.QtWidgets import QSystemTrayIcon

    from app.core.store.store import Store
    from tests.support.gui import build_app, running
    from tests.support.store import add_roots, folders
    from tests.support.waiting import eventually

    (alpha,) = folders(data, "alpha")
    add_roots(Store(home), alpha)
    try:  # trayer may still be claiming the tray selection when the app starts
        await eventually(QSystemTrayIcon.isSystemTrayAvailable, timeout=20, what="a system tray manager")
    except AssertionError:
        report["tray_available"] = False
        return
    report["tray_available"] = True
    app = build_app(home, tray_available=True)
    bar = app.window.message_bar
    async with running(app):
        app.tray.show()
        await eventually(lambda: not app.tray.geometry().isEmpty(), timeout=20, what="the tray icon docked")
        report["supports_messages"] = QSystemTrayIcon.supportsMessages()
        await eventually(lambda: app.live.current.roots[0].access is not None, what="the first check")
        await set_notifications(app, False)
        shutil.rmtree(alpha)
        app.editor.hub.recheck_now()
        await eventually(lambda: "became unavailable" in bar.text(), what="the loss reported in the window")
        report["bar_while_off"] = bar.text()
        report["balloons_while_off"] = balloons()
        await set_notifications(app, True)
        alpha.mkdir()
        app.editor.hub.recheck_now()
        with contextlib.suppress(AssertionError):  # none shown: the report says so
            await eventually(lambda: bool(balloons()), what="a balloon")
        report["balloons_when_on"] = balloons()


async def leave(home: Path, _data: Path, report: dict[str, object]) -> None:
    from PySide6.QtCore import QPoint

    from tests.support.gui import build_app, running
    from tests.support.waiting import eventually

    app = build_app(home, tray_available=False)
    async with running(app):
        app.window.move(QPoint(*SAVED_AT))
        await eventually(lambda: (app.window.x(), app.window.y()) == SAVED_AT, what="the window moved")
        report["left_at"] = [app.window.x(), app.window.y()]
        report["size"] = [app.window.width(), app.window.height()]


async def come_back(home: Path, _data: Path, report: dict[str, object]) -> None:
    from tests.support.gui import build_app, running
    from tests.support.waiting import eventually

    app = build_app(home, tray_available=False)
    async with running(app):
        handle = app.window.windowHandle()
        await eventually(lambda: handle is not None and handle.isExposed(), what="the window on screen")
        report["shown_at"] = [app.window.x(), app.window.y()]
        report["size"] = [app.window.width(), app.window.height()]


def child_main() -> None:
    """`python -m tests.ui.test_x11_desk MODE DATA_DIR`, MODE being balloons, leave or return."""
    import faulthandler

    import qasync

    from app.ui.main import make_application

    faulthandler.dump_traceback_later(85, exit=True)  # a hang shows where it is before the test gives up
    mode, data = sys.argv[1], Path(sys.argv[2])
    home = Path(os.environ["ROOTKEEPER_HOME"])
    report: dict[str, object] = {"platform": make_application().platformName()}
    scenario = {"balloons": notifications, "leave": leave, "return": come_back}[mode]
    qasync.run(scenario(home, data, report))
    print(json.dumps(report))


if __name__ == "__main__":
    child_main()
