"""The GUI's first event-loop turn, seen from a child process, for the app and for its floor.

    python -m tests.benchmarks.gui_probe app    # `rootkeeper` (the tray app) on ROOTKEEPER_HOME
    python -m tests.benchmarks.gui_probe tray   # the floor: a minimal PySide6 tray app
    python -m tests.benchmarks.gui_probe tray-sdk   # the floor, then `import mcp.client.session` after its first turn
    python -m tests.benchmarks.gui_probe tray-qasync  # the floor, then on a qasync loop (asyncio, as the app runs)
    python -m tests.benchmarks.gui_probe tray-stack   # the same with a one-field pydantic model validated

Each prints `{"event": "turn", "peak_kib": N, "tray": T, "windows": W}` (its peak RSS so far, whether
a system tray is there, how many top-level windows are on screen) on the first turn of its event loop
after its tray (or, without a system tray, its window) is shown, then runs until stopped.
The app has no quit-after-first-turn hook, so the probe wraps `Face.show` (what `rootkeeper` puts
on screen first: the tray icon, or a stand-in window without a tray) from outside: a zero-timer
queued as it is shown fires on the first turn the loop makes after. For the app that turn is the
`processEvents()` it makes right after showing the face, before it imports asyncio and qasync and
starts the asyncio loop. The app then goes on loading (store, hub, window), as it does for users.
"""

from __future__ import annotations

import json
import sys


def _peak_kib() -> int:
    """This process's peak RSS so far (VmHWM), read where it stands: at the first turn."""
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))


def _turn() -> None:
    from PySide6.QtWidgets import QApplication, QSystemTrayIcon

    shown = [widget for widget in QApplication.topLevelWidgets() if widget.isVisible()
             and widget.metaObject().className() != "QSystemTrayIconSys"]  # the icon itself, docked by XEmbed
    print(json.dumps({"event": "turn", "peak_kib": _peak_kib(), "tray": QSystemTrayIcon.isSystemTrayAvailable(),
                      "windows": len(shown)}), flush=True)


def app() -> int:
    # In the order `rootkeeper` imports them: the command line before Qt (once Qt is loaded, PySide6
    # inspects each module imported after it, until `app.ui` puts a cheaper check in place).
    from app.cli.main import main
    from app.ui.tray.face import Face

    original = Face.show

    def show(self: Face) -> None:
        from PySide6.QtCore import QTimer

        original(self)
        QTimer.singleShot(0, _turn)

    Face.show = show  # type: ignore[method-assign]
    return main([])


def tray(*, then_sdk: bool = False, on_qasync: bool = False, with_pydantic: bool = False) -> int:
    """With `then_sdk`, the first turn imports the SDK's client session, as a connection does (the SDK's own cost).

    With `on_qasync`, after its first turn it goes on running on the app's kind of loop, asyncio under
    qasync, and nothing of Rootkeeper; `with_pydantic` validates a one-field pydantic model too: the
    stack the product names, as any use of it loads it.
    """
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
    if then_sdk:
        QTimer.singleShot(0, lambda: __import__("mcp.client.session"))
    if on_qasync:
        qt_app.processEvents()  # the first turn, as the app makes it before it imports asyncio and qasync
        code = _run_on_qasync(with_pydantic=with_pydantic)
    else:
        code = qt_app.exec()
    del window
    return code


def _run_on_qasync(*, with_pydantic: bool) -> int:
    import asyncio

    import qasync

    if with_pydantic:
        from tests.benchmarks.one_model import ONE_MODEL

        exec(ONE_MODEL, {})  # a model, not only the import (see `one_model`)

    async def forever() -> int:
        await asyncio.Event().wait()
        return 0

    code: int = qasync.run(forever())
    return code


if __name__ == "__main__":
    sys.exit({"app": app, "tray": tray, "tray-sdk": lambda: tray(then_sdk=True),
              "tray-qasync": lambda: tray(on_qasync=True),
              "tray-stack": lambda: tray(on_qasync=True, with_pydantic=True)}[sys.argv[1]]())
