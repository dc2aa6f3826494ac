"""The GUI's first event-loop turn, seen from a child process, for the app and for its floor.

    python -m tests.benchmarks.gui_probe app    # `rootkeeper` (the tray app) on ROOTKEEPER_HOME
    python -m tests.benchmarks.gui_probe tray   # the floor: a minimal PySide6 tray app

Each prints `{"event": "turn"}` on the first turn of its event loop after its tray (or, without a
system tray, its window) is shown, then runs until stopped. The app has no quit-after-first-turn
hook, so the probe wraps `RootkeeperApp.run` from outside: a zero-timer queued as `run` begins
fires on the first turn the loop makes after the tray/window is shown.
"""

from __future__ import annotations

import json
import sys


def _turn() -> None:
    print(json.dumps({"event": "turn"}), flush=True)


def app() -> int:
    from PySide6.QtCore import QTimer

    from app.cli import main
    from app.ui.application import RootkeeperApp

    original = RootkeeperApp.run

    async def run(self: RootkeeperApp, *, show_window: bool = True) -> int:
        QTimer.singleShot(0, _turn)
        return await original(self, show_window=show_window)

    RootkeeperApp.run = run  # type: ignore[method-assign]
    return main([])


def tray() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAction, QColor, QIcon, QPixmap
    from PySide6.QtWidgets import QApplication, QLabel, QMenu, QSystemTrayIcon

    qt_app = QApplication(sys.argv[:1])
    qt_app.setQuitOnLastWindowClosed(False)
    pixmap = QPixmap(32, 32)
    pixmap.fill(QColor("#3a7"))
    icon = QSystemTrayIcon(QIcon(pixmap))
    menu = QMenu()
    quit_action = QAction("Quit", menu)
    quit_action.triggered.connect(qt_app.quit)
    menu.addAction(quit_action)
    icon.setContextMenu(menu)
    window = None
    if QSystemTrayIcon.isSystemTrayAvailable():
        icon.show()
    else:  # as the app does: without a tray, a window
        window = QLabel("floor")
        window.show()
    QTimer.singleShot(0, _turn)
    code: int = qt_app.exec()
    del window
    return code


if __name__ == "__main__":
    sys.exit({"app": app, "tray": tray}[sys.argv[1]]())
