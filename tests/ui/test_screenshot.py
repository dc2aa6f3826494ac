"""The real app on a real X server (Xvfb) beside a real system tray (trayer), pictured as PNGs.

Each run starts Xvfb, a trayer panel of one colour (dark, then light) and the app with sample data
and live servers, in a child process (`python -m tests.ui.test_screenshot OUT_DIR MODE`). The test
checks the tray icon really docked in trayer (the tray manager is there, the icon has an on-screen
place, and a window inside trayer's panel window has exactly that place: the embedded icon), and that the
pictures are not blank. It asserts nothing about the icon's pixels: its look is the app's business.

The pictures land in the test's output folder; with ROOTKEEPER_DOCS_SCREENSHOTS=1 they also
replace docs/screenshot*.png (the README's), which a plain test run leaves alone so the working tree
stays clean:
    screenshot.png (window, English), screenshot-servers.png, screenshot-zh_CN.png,
    screenshot-tray-dark.png and screenshot-tray-light.png (the panel around the icon, enlarged).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtGui import QImage

from tests.support.project import PROJECT
from tests.support.x11 import start_tray_host

if TYPE_CHECKING:
    from app.ui.application import RootkeeperApp

PANELS = {"dark": 0x202124, "light": 0xF2F2F2}
TRAY_WIDTH, TRAY_HEIGHT = 96, 32
"""trayer's panel (`tests.support.x11.start_tray_host`'s default size)."""
MODULE = "tests.ui.test_screenshot"


def window_tree(display: str) -> str:
    return subprocess.run(["xwininfo", "-root", "-tree"], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=30, check=True).stdout


WINDOW_LINE = re.compile(r"^(\s*)0x[0-9a-f]+ .*\s(\d+)x(\d+)\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)$")


def windows_in_tray_panel(display: str) -> list[list[int]]:
    """[x, y, width, height] on screen of trayer's panel window and of every window inside it."""
    found: list[list[int]] = []
    panel_indent = None
    for line in window_tree(display).splitlines():
        match = WINDOW_LINE.match(line)
        if match is None:
            continue
        indent = len(match[1])
        geometry = [int(match[4]), int(match[5]), int(match[2]), int(match[3])]
        if '("panel" "trayer")' in line:
            panel_indent = indent
            found.append(geometry)
        elif panel_indent is not None:
            if indent <= panel_indent:
                break
            found.append(geometry)
    return found


def shoot(display: str, out: Path, mode: str, tmp_path: Path) -> dict[str, object]:
    user_home = tmp_path / f"alex-{mode}"
    user_home.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("WAYLAND_DISPLAY",)}
    env |= {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "ROOTKEEPER_HOME": str(tmp_path / f"rk-{mode}"),
            "HOME": str(user_home), "PYTHONPATH": str(PROJECT), "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-m", MODULE, str(out), mode], env=env, cwd=PROJECT,
                          capture_output=True, text=True, timeout=100, check=False)
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def not_blank(path: Path, size: tuple[int, int] | None = None) -> None:
    image = QImage(str(path))
    assert not image.isNull(), f"{path.name} was not written"
    if size is not None:
        assert (image.width(), image.height()) == size, path.name
    step = max(1, min(image.width(), image.height()) // 40)
    colours = {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}
    assert len(colours) > 3, f"{path.name} is blank"


@pytest.mark.parametrize("panel", list(PANELS))
def test_window_and_docked_tray_icon_under_xvfb(panel: str, x_display: str, tmp_path: Path) -> None:
    host = start_tray_host(x_display, PANELS[panel])
    try:
        out = tmp_path / "shots"
        out.mkdir()
        mode = "window" if panel == "dark" else "tray"
        report = shoot(x_display, out, f"{mode}-{panel}", tmp_path)
    finally:
        host.terminate()
        host.wait(timeout=10)

    assert report["platform"] == "xcb"  # drawn by the X11 platform plugin, not offscreen
    assert report["tray_available"] is True, "no system tray manager answered"
    geometry = report["icon_geometry"]
    assert isinstance(geometry, list)
    x, y, width, height = (int(value) for value in geometry)
    assert width > 0 and height > 0, "the tray icon has no place on screen: it did not dock"
    assert y >= 0 and y + height <= TRAY_HEIGHT + 2, f"the icon at y={y} is not inside the top panel"
    panel_windows = report["tray_panel_windows"]
    assert isinstance(panel_windows, list) and panel_windows, "trayer's panel window was not found"
    assert [x, y, width, height] in panel_windows[1:], f"no window inside trayer's panel is the icon: {panel_windows}"

    tray_shot = out / f"screenshot-tray-{panel}.png"
    not_blank(tray_shot)
    written = [tray_shot]
    if mode == "window":
        for name in ("screenshot.png", "screenshot-zh_CN.png", "screenshot-servers.png"):
            not_blank(out / name, (1060, 580))
            written.append(out / name)
    if os.environ.get("ROOTKEEPER_DOCS_SCREENSHOTS") == "1":
        for path in written:
            shutil.copyfile(path, PROJECT / "docs" / path.name)


# -- the child process: the app on the display, pictured ----------------------------------------------


def child_main() -> None:
    """`python -m tests.ui.test_screenshot OUT_DIR MODE`, MODE being window-dark or tray-light (say)."""
    import asyncio
    import faulthandler

    import qasync
    from PySide6.QtWidgets import QApplication, QSystemTrayIcon

    from app.ui.main import make_application
    from tests.support.gui import build_app, running
    from tests.support.sample_home import make_sample_data
    from tests.support.waiting import eventually

    faulthandler.dump_traceback_later(85, exit=True)  # a hang shows where it is before the test gives up
    out, mode = Path(sys.argv[1]), sys.argv[2]
    kind, panel = mode.split("-")
    home = Path(os.environ["ROOTKEEPER_HOME"])
    make_sample_data(home, Path(os.environ["HOME"]))
    qt_app = make_application()
    report: dict[str, object] = {"platform": qt_app.platformName()}

    async def tray_manager() -> bool:
        try:  # trayer may still be claiming the tray selection when the app starts
            await eventually(QSystemTrayIcon.isSystemTrayAvailable, timeout=20, what="a system tray manager")
        except AssertionError:
            return False
        return True

    async def run() -> None:
        report["tray_available"] = await tray_manager()
        app = build_app(home, tray_available=bool(report["tray_available"]))
        app.window.resize(1060, 580)
        async with running(app, show=kind == "window"):
            app.tray.show()
            await eventually(lambda: not app.tray.geometry().isEmpty(), timeout=20, what="the tray icon placed")
            await eventually(lambda: len(app.live.current.servers) == 2 and all(
                s.status is not None and s.status.state == "connected" for s in app.live.current.servers),
                timeout=30, what="both servers connected")
            await eventually(lambda: all(r.access is not None for r in app.live.current.roots), what="checks")
            await asyncio.sleep(0.5)  # no event says the X server has shown the last paint
            QApplication.processEvents()
            icon = app.tray.geometry()
            report["icon_geometry"] = [icon.x(), icon.y(), icon.width(), icon.height()]
            report["tray_panel_windows"] = in_panel = windows_in_tray_panel(os.environ["DISPLAY"])
            screen = app.window.screen()
            x, y, width, height = in_panel[0] if in_panel else (icon.x(), icon.y(), icon.width(), icon.height())
            panel_shot = screen.grabWindow(0, x, y, width, height)
            save(panel_shot.scaled(panel_shot.size() * 4), out / f"screenshot-tray-{panel}.png")
            if kind == "window":
                await picture_window(app, out)

    qasync.run(run())
    print(json.dumps(report))


async def picture_window(app: RootkeeperApp, out: Path) -> None:
    """The main window in English (both tabs), then in 简体中文."""
    import asyncio

    from PySide6.QtWidgets import QApplication

    from tests.support.gui import translations

    screen = app.window.screen()
    app.window.message_bar.hide()
    app.window.roots_page.table.clearSelection()
    QApplication.processEvents()
    save(screen.grabWindow(app.window.winId()), out / "screenshot.png")
    app.window.tabs.setCurrentIndex(1)
    await asyncio.sleep(0.3)
    save(screen.grabWindow(app.window.winId()), out / "screenshot-servers.png")
    app.window.tabs.setCurrentIndex(0)
    translations().apply("zh_CN")  # every widget re-translates on the LanguageChange event
    await asyncio.sleep(0.3)
    QApplication.processEvents()
    save(screen.grabWindow(app.window.winId()), out / "screenshot-zh_CN.png")


def save(picture: object, path: Path) -> None:
    from PySide6.QtGui import QPixmap

    assert isinstance(picture, QPixmap)
    if picture.isNull() or not picture.save(str(path)):
        raise SystemExit(f"could not save {path}")


if __name__ == "__main__":
    child_main()
