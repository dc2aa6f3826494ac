"""The tray menu, driven like a user would: open it, trigger its actions, see the store and window follow."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from app.core.store.store import Store
from app.ui.icons import panel_is_dark, tray_icon
from app.ui.models.snapshot import TrayState
from app.ui.tray.tray import MENU_ROOTS
from tests.support.gui import BuildApp, menu_actions, run, running, shown_dialog
from tests.support.store import add_roots, folders, stored_root
from tests.support.waiting import eventually


def test_tray_menu_lists_folders_and_servers_and_its_actions_edit_the_store(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta, extra = folders(tmp_path / "data", "alpha", "beta", "extra")
    alpha_id, beta_id = add_roots(store, alpha, beta)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: len(app.live.current.roots) == 2, what="the first snapshot")
            actions = menu_actions(app.tray)
            toggle = actions[f"root:{beta_id}"]
            assert toggle.isCheckable() and toggle.isChecked()
            assert toggle.text() == "beta — Reachable"
            assert "No servers configured" in [a.text() for a in app.tray.contextMenu().actions()]
            assert app.tray.state is TrayState.OK

            toggle.trigger()  # unchecks: beta stays listed but is no longer shared
            await eventually(lambda: not stored_root(store, beta_id).enabled, what="beta turned off")
            await eventually(lambda: not menu_actions(app.tray)[f"root:{beta_id}"].isChecked(), what="the menu")
            assert stored_root(store, alpha_id).enabled

            menu_actions(app.tray)["pause"].trigger()
            await eventually(lambda: store.load().paused, what="sharing paused")
            await eventually(lambda: app.tray.state is TrayState.PAUSED, what="the paused icon")
            resume = menu_actions(app.tray)["pause"]
            assert resume.text() == "&Resume sharing"
            resume.trigger()
            await eventually(lambda: not store.load().paused, what="sharing resumed")

            assert not app.window.isVisible()
            menu_actions(app.tray)["open"].trigger()
            assert app.window.isVisible()
            app.window.close()  # with a tray, closing only hides the window
            assert not app.window.isVisible() and not app.quitting

            menu_actions(app.tray)["shareFolder"].trigger()
            picker = await shown_dialog(QFileDialog, "shareFolderDialog")
            assert app.window.isVisible()
            picker.setDirectory(str(extra))  # open the folder, then "Choose", as a user does
            picker.accept()
            await eventually(lambda: len(store.load().roots) == 3, what="the picked folder saved")
            assert store.load().roots[-1].path == str(extra)

            menu_actions(app.tray)["quit"].trigger()
            assert app.quitting

    run(qloop, scenario())


def test_a_long_list_of_folders_is_cut_short_in_the_menu(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", *(f"f{i:02}" for i in range(MENU_ROOTS + 5))))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: len(app.live.current.roots) == MENU_ROOTS + 5, what="the snapshot")
            actions = menu_actions(app.tray)
            assert sum(name.startswith("root:") for name in actions) == MENU_ROOTS
            assert actions["moreRoots"].text() == "5 &more…"
            actions["moreRoots"].trigger()
            assert app.window.isVisible()
            await asyncio.sleep(0)

    run(qloop, scenario())


def test_a_tray_started_hidden_builds_its_window_only_when_the_user_opens_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    (alpha,) = folders(tmp_path / "data", "alpha")
    add_roots(Store(home), alpha)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: len(app.live.current.roots) == 1, what="the first snapshot")
            assert app.window_if_built is None  # its pages cost a fifth of the app's memory
            menu_actions(app.tray)["open"].trigger()
            window = app.window_if_built
            assert window is not None and window.isVisible()
            assert window.roots_model.rowCount() == 1  # what the app knew before the window existed

    run(qloop, scenario())


def test_the_tray_glyph_follows_a_dark_panel(qapp: QApplication, tmp_path: Path, *, build_app: BuildApp) -> None:
    app = build_app(tmp_path / "home")
    original = qapp.palette()
    light_glyph = app.tray.icon().pixmap(32, 32).toImage()
    dark = QPalette(original)
    dark.setColor(QPalette.ColorRole.Window, QColor("#202124"))
    try:
        qapp.setPalette(dark)
        qapp.processEvents()
        assert panel_is_dark()
        dark_glyph = app.tray.icon().pixmap(32, 32).toImage()
        assert dark_glyph != light_glyph
        # The glyph's strokes are light on a dark panel: its brightest pixel is near white.
        assert max(QColor(dark_glyph.pixel(x, 16)).lightness() for x in range(32)) > 200
    finally:
        qapp.setPalette(original)
        app.window.deleteLater()
        app.deleteLater()


def test_tray_menu_shows_names_and_paths_literally(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (folder,) = folders(tmp_path / "data", "<b>R&D<i>")
    (root_id,) = add_roots(store, folder)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: len(app.live.current.roots) == 1, what="the first snapshot")
            action = menu_actions(app.tray)[f"root:{root_id}"]
            assert action.text() == "<b>R&&D<i> — Reachable"  # "&&" draws one "&", not a mnemonic
            assert action.toolTip().startswith("<qt>") and "&lt;b&gt;R&amp;D&lt;i&gt;" in action.toolTip()

    run(qloop, scenario())


def luminance(color: QColor) -> float:
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF())


def contrasting_share(icon_image: QImage, panel: QColor) -> float:
    """Of the glyph's opaque pixels drawn on `panel`, the share whose luminance differs from it clearly."""
    on_panel = QImage(icon_image.size(), QImage.Format.Format_ARGB32)
    on_panel.fill(panel)
    painter = QPainter(on_panel)
    painter.drawImage(0, 0, icon_image)
    painter.end()
    background = luminance(panel)
    glyph = [(x, y) for y in range(icon_image.height()) for x in range(icon_image.width())
             if QColor.fromRgba(icon_image.pixel(x, y)).alpha() > 128]
    assert glyph, "the icon drew nothing"
    clear = sum(1 for x, y in glyph if abs(luminance(QColor(on_panel.pixel(x, y))) - background) > 0.3)
    return clear / len(glyph)


@pytest.mark.parametrize("palette_is_dark", [False, True], ids=["light palette", "dark palette"])
def test_the_tray_icon_reads_on_a_dark_and_a_light_panel(
    qapp: QApplication, tmp_path: Path, palette_is_dark: bool, *, build_app: BuildApp
) -> None:
    """The panel's colour is not the palette's: whatever the palette says, the glyph must stand out on both."""
    app = build_app(tmp_path / "home")
    original = qapp.palette()
    palette = QPalette(original)
    palette.setColor(QPalette.ColorRole.Window, QColor("#202124" if palette_is_dark else "#f6f6f6"))
    try:
        qapp.setPalette(palette)
        qapp.processEvents()
        assert panel_is_dark() is palette_is_dark
        for size in (22, 32):
            image = app.tray.icon().pixmap(size, size).toImage()
            for panel in ("#202124", "#3c3c3c", "#f6f6f6", "#dcdcdc"):
                share = contrasting_share(image, QColor(panel))
                assert share > 0.3, f"{size} px icon on a {panel} panel: only {share:.0%} of it stands out"
    finally:
        qapp.setPalette(original)
        app.window.deleteLater()
        app.deleteLater()


def mnemonic(action: QAction) -> str:
    """The letter Alt (or, in an open menu, the key alone) picks: the one after a single "&"."""
    return QKeySequence.mnemonic(action.text()).toString().removeprefix("Alt+").lower()


@pytest.mark.qt_log_ignore("^This plugin does not support grabbing the keyboard$")
def test_the_tray_menu_has_mnemonics_and_its_keys_do_what_the_entries_say(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (folder,) = folders(tmp_path / "data", "Pictures & Sounds")
    (root_id,) = add_roots(store, folder)
    app = build_app(home)
    menu = app.tray.contextMenu()

    def press(key: Qt.Key) -> None:
        menu.popup(QPoint(10, 10))  # aboutToShow rebuilds it, as when the user opens it
        assert menu.isVisible()
        QTest.keyClick(menu, key)
        assert not menu.isVisible()  # a mnemonic chooses its entry and closes the menu

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: len(app.live.current.roots) == 1, what="the first snapshot")
            actions = menu_actions(app.tray)
            fixed = ["shareFolder", "pause", "open", "quit"]
            letters = [mnemonic(actions[name]) for name in fixed] + [mnemonic(app.tray.suggestions.menuAction())]
            assert all(letters) and len(set(letters)) == len(letters), letters
            assert actions["pause"].text() == "&Pause sharing"
            assert mnemonic(actions[f"root:{root_id}"]) == ""  # the folder's "&" is drawn, not a shortcut

            press(Qt.Key.Key_P)
            await eventually(lambda: store.load().paused, what="sharing paused by its key")
            await eventually(lambda: menu_actions(app.tray)["pause"].text() == "&Resume sharing", what="Resume")
            press(Qt.Key.Key_R)
            await eventually(lambda: not store.load().paused, what="sharing resumed by its key")
            press(Qt.Key.Key_O)
            assert app.window.isVisible()
            app.window.close()
            press(Qt.Key.Key_Q)
            assert app.quitting

    run(qloop, scenario())


def test_every_badge_is_drawn_ahead_once_the_tray_is_shown(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    """A badge drawn only when a check finds a folder gone would share that turn with a long repaint."""
    tray_icon.cache_clear()
    app = build_app(tmp_path / "home")

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: tray_icon.cache_info().currsize >= len(TrayState), what="every badge drawn")
            drawn = tray_icon.cache_info().hits
            app.live.show(dataclasses.replace(app.live.current, paused=True))  # its badge is ready
            assert app.tray.state is TrayState.PAUSED
            assert tray_icon.cache_info().hits == drawn + 1

    run(qloop, scenario())
