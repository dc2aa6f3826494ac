"""The window fits small and scaled screens: its least size, a restored size too large, the toolbar's buttons."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QToolButton, QWidget

from app.ui.i18n import ENGLISH
from app.ui.settings import GuiSettings
from app.ui.window.fitting import SMALLEST_SCREEN, free_area
from tests.support.gui import BuildApp, no_desktop_env, translations
from tests.support.project import PROJECT

TITLE_BAR = 40
"""Room a window manager's title bar and borders take beside the window's own size."""


def within(widget: QWidget, window: QWidget) -> bool:
    """Whether `widget` shows wholly inside `window` (not cut off at its right or bottom edge)."""
    return window.rect().contains(QRect(widget.mapTo(window, QPoint(0, 0)), widget.size()))


def test_the_window_fits_a_small_screen_in_english_and_chinese_and_clamps_a_restored_size(
    qapp: QApplication, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    large = QWidget()
    large.setGeometry(-300, -200, 4000, 2600)  # as left on a larger screen, or at a smaller scale
    settings = GuiSettings(home)
    settings.set_window_state("geometry", large.saveGeometry())
    settings.sync()
    large.deleteLater()

    app = build_app(home)
    window = app.window
    try:
        window.show()
        area = free_area(window)
        assert area.contains(window.frameGeometry()), (window.frameGeometry(), area)
        room = SMALLEST_SCREEN.shrunkBy(window.contentsMargins()) - SMALLEST_SCREEN.__class__(0, TITLE_BAR)
        for language in (ENGLISH, "zh_CN"):
            translations().apply(language)
            QApplication.processEvents()
            for least in (window.minimumSizeHint(), window.minimumSize()):
                assert least.width() <= room.width() and least.height() <= room.height(), (language, least)

            # At its least size every toolbar action can still be reached: on the toolbar, or in the main menu
            # that F10 opens wherever its button is; the roots' filter and Check now are wholly inside the window.
            window.resize(window.minimumSize())
            QApplication.processEvents()
            toolbar, actions = window.toolbar, window.actions_
            for action in toolbar.actions():
                button = toolbar.widgetForAction(action)
                shown = button is not None and button.isVisible() and within(button, window)
                assert shown or action in actions.menu.actions() or action is actions.menu_action, action.text()
            assert actions.menu_action.shortcut().toString() == "F10"
            for widget in (window.roots_page.filter, window.roots_page.check_button, window.roots_page.add_button):
                assert widget.isVisible() and within(widget, window), (language, widget.objectName())
            menu_button = toolbar.widgetForAction(actions.menu_action)
            assert isinstance(menu_button, QToolButton) and menu_button.isVisible(), language
    finally:
        translations().apply(ENGLISH)
        window.deleteLater()
        app.deleteLater()


CHILD = """
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
from tests.support.gui import build_app
rootkeeper = build_app(Path(sys.argv[1]))
window = rootkeeper.window
window.show()
app.processEvents()
screen = window.screen()
frame, area = window.frameGeometry(), screen.availableGeometry()
print(json.dumps({"scale": screen.devicePixelRatio(), "area": [area.width(), area.height()],
                  "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
                  "inside": area.contains(frame)}))
"""


def test_at_200_percent_on_a_1280_by_720_screen_the_window_opens_inside_it(tmp_path: Path) -> None:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1280, "height": 720,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = no_desktop_env(tmp_path / "home", QT_QPA_PLATFORM=f"offscreen:configfile={config}", QT_SCALE_FACTOR="2")
    done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path / "home")], env=env, cwd=PROJECT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert facts["scale"] == 2 and facts["area"] == [640, 360], facts
    assert facts["inside"], facts
