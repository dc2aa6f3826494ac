"""The main window against a real store and hub: drops, pasted paths, edits, and changes from other processes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from app.core.store.store import Store
from app.ui.dialogs.paste_dialog import PasteDialog
from app.ui.dialogs.settings_dialog import SettingsDialog
from app.ui.i18n import ENGLISH
from app.ui.models.roots import Column
from app.ui.settings import GuiSettings
from app.ui.window.message_bar import Level
from tests.support.gui import BuildApp, OneFolderApp, run, running, shown_dialog, translations
from tests.support.project import PROJECT
from tests.support.store import add_roots, folders, stored_root
from tests.support.waiting import eventually


def drop(target: object, mime: QMimeData) -> bool:
    """Deliver a drag-enter and a drop to `target` as a file manager would; True when the enter was accepted."""
    position = QPoint(40, 40)
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(position, Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(target, enter)  # type: ignore[arg-type]
    if not enter.isAccepted():
        return False
    event = QDropEvent(position, Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(target, event)  # type: ignore[arg-type]
    return True


def shown_names(app: object) -> list[str]:
    model = app.window.roots_model  # type: ignore[attr-defined]
    return [model.data(model.index(row, Column.NAME)) for row in range(model.rowCount())]


def test_dropping_two_folders_and_a_web_link_shares_the_folders_and_refuses_the_link(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    website, notes = folders(tmp_path / "drag", "website", "notes with spaces")
    app = build_app(home)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(website)), QUrl.fromLocalFile(str(notes)), QUrl("https://example.com/x")])

    async def scenario() -> None:
        async with running(app):
            assert drop(app.window, mime)
            await eventually(lambda: len(shown_names(app)) == 2, what="the dropped folders in the view")
            saved = Store(home).load().roots
            assert [root.path for root in saved] == [str(website), str(notes)]
            assert shown_names(app) == ["website", "notes with spaces"]
            bar = app.window.message_bar
            assert bar.isVisible() and bar.level is Level.WARNING
            assert "https://example.com/x" in bar.text() and "Now sharing 'website', 'notes with spaces'." in bar.text()

            not_paths = QMimeData()
            not_paths.setText("just some text")
            assert not drop(app.window, not_paths)

    run(qloop, scenario())


def test_a_pasted_path_is_cleaned_and_previewed_before_it_is_saved(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    user_home = tmp_path / "user"
    (target,) = folders(user_home, "projects/site")
    (user_home / "site-link").symlink_to(target)
    app = build_app(home)
    monkeypatch.setenv("HOME", str(user_home))  # "~" in the pasted text must mean this folder

    async def scenario() -> None:
        async with running(app):
            app.window.roots_page.paste_button.click()
            dialog = await shown_dialog(PasteDialog)
            dialog.input.setText('  "~/site-link"\n')
            await eventually(dialog.share_button.isEnabled, what="the preview")
            preview = dialog.summary.text()
            assert "~/site-link" in preview  # the entered path, cleaned of quotes, spaces and the newline
            assert "Links to:" in preview and "~/projects/site" in preview
            assert Store(home).load().roots == []  # nothing is saved while previewing

            dialog.input.setText("~/no-such-folder")
            await eventually(lambda: "does not exist" in dialog.summary.text(), what="the error preview")
            assert not dialog.share_button.isEnabled()

            dialog.input.setText("'~/site-link'")
            await eventually(dialog.share_button.isEnabled, what="the preview")
            dialog.share_button.click()
            await eventually(lambda: shown_names(app) == ["site-link"], what="the pasted folder in the view")
            (saved,) = Store(home).load().roots
            assert saved.entered_path == str(user_home / "site-link")
            assert saved.path == str(target)

    run(qloop, scenario())


def test_broad_and_nested_folders_ask_first_and_stop_sharing_deletes_no_files(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (parent,) = folders(tmp_path, "work")
    (child,) = folders(parent, "child")
    (child / "keep.txt").write_text("precious")
    add_roots(store, child)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: shown_names(app) == ["child"], what="the first snapshot")
            adding = asyncio.ensure_future(app.flows.add_paths(app.window, [str(parent)]))
            question = await shown_dialog(QMessageBox, "confirm")
            assert "contains 'child'" in question.informativeText()
            question.button(QMessageBox.StandardButton.Cancel).click()
            await adding
            assert [root.name for root in store.load().roots] == ["child"]

            app.window.roots_page.table.selectRow(0)
            app.window.roots_page.remove_button.click()
            question = await shown_dialog(QMessageBox, "confirm")
            assert "No files are deleted" in question.text()
            next(b for b in question.buttons() if b.text() == "Stop sharing").click()
            await eventually(lambda: shown_names(app) == [], what="the folder gone from the view")
            assert store.load().roots == []
            assert (child / "keep.txt").read_text() == "precious"

    run(qloop, scenario())


def test_renaming_in_the_table_saves_to_the_store(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (folder,) = folders(tmp_path, "proj")
    (root_id,) = add_roots(store, folder)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: shown_names(app) == ["proj"], what="the first snapshot")
            model = app.window.roots_model
            assert model.setData(model.index(0, Column.NAME), "Project X")
            await eventually(lambda: stored_root(store, root_id).name == "Project X", what="the rename saved")
            assert model.setData(model.index(0, Column.SHARED), Qt.CheckState.Unchecked.value,
                                 Qt.ItemDataRole.CheckStateRole)
            await eventually(lambda: not stored_root(store, root_id).enabled, what="the toggle saved")

    run(qloop, scenario())


def test_a_folder_added_by_another_process_shows_up(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    (folder,) = folders(tmp_path, "from-the-cli")
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
            process = await asyncio.to_thread(
                subprocess.run, [sys.executable, "-m", "app", "roots", "add", str(folder)],
                env=env, capture_output=True, text=True, timeout=60, check=False,
            )
            assert process.returncode == 0, process.stderr
            # How fast it shows up is a benchmark figure; here it only has to show up.
            await eventually(lambda: shown_names(app) == ["from-the-cli"], what="the CLI's folder")
            model = app.window.roots_model
            await eventually(lambda: model.data(model.index(0, Column.STATUS)) == "Reachable", what="its status")

    run(qloop, scenario())


def test_a_folder_that_goes_away_is_notified_once_and_again_when_it_is_back(
    qloop: qasync.QEventLoop, tmp_path: Path, *, one_folder_app: OneFolderApp
) -> None:
    app, folder, notes = one_folder_app("usb-drive")
    settled: list[object] = []  # connected after the notifier: it has seen each snapshot counted here
    app.live.snapshotSettled.connect(settled.append)

    async def scenario() -> None:
        async with running(app):
            model = app.window.roots_model
            await eventually(lambda: model.data(model.index(0, Column.STATUS)) == "Reachable", what="the first check")
            folder.rename(tmp_path / "unplugged")
            await eventually(lambda: model.data(model.index(0, Column.STATUS)) == "Missing", what="the loss")
            # Several more checks while it stays missing, each one's snapshot seen by the notifier: still one
            # notification.
            lost_at = len(settled)
            await eventually(lambda: len(settled) >= lost_at + 3, what="three more checks settled while it is missing")
            assert [title for title, _ in notes] == ["A shared folder became unavailable"]
            assert "'usb-drive'" in notes[0][1]
            # Without a tray the notification lands in the window.
            assert "A shared folder became unavailable" in app.window.message_bar.text()

            (tmp_path / "unplugged").rename(folder)
            await eventually(lambda: len(notes) == 2, what="the folder back")
            assert notes[1][0] == "A shared folder is available again"

    run(qloop, scenario())


def test_without_a_tray_the_window_is_the_app_and_closing_it_quits(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    app = build_app(tmp_path / "home", tray_available=False)

    async def scenario() -> None:
        async with running(app):
            assert app.window.no_tray_hint.isVisible()
            assert "closing this window quits" in app.window.no_tray_hint.text()
            app.window.close()
            assert app.quitting

    run(qloop, scenario())


def test_the_language_chosen_in_settings_applies_at_once_and_is_remembered(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            app.window.settings_action.trigger()
            dialog = await shown_dialog(SettingsDialog)
            assert dialog.language.currentData() == "system"
            dialog.language.setCurrentIndex(dialog.language.findData("zh_TW"))
            dialog.accept()
            await eventually(lambda: app.window.roots_page.add_button.text() == "共用資料夾(&S)…", what="Chinese")
            assert GuiSettings(home).language == "zh_TW"

    try:
        run(qloop, scenario())
    finally:
        translations().apply(ENGLISH)


def test_an_edit_the_store_refuses_is_reported_and_undone_on_screen(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (folder,) = folders(tmp_path, "proj")
    add_roots(store, folder)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: shown_names(app) == ["proj"], what="the first snapshot")
            # Something outside Rootkeeper breaks the settings file: every write now fails.
            store.path.rename(home / "moved-away.json")
            store.path.mkdir()
            # The hub has seen it (and kept its last good state); all is quiet.
            await eventually(lambda: app.hub.watcher.refused_reads >= 1, what="the hub to refuse the folder")
            model = app.window.roots_model
            assert model.setData(model.index(0, Column.NAME), "Renamed")
            assert shown_names(app) == ["Renamed"]  # shown at once...
            await eventually(lambda: shown_names(app) == ["proj"], what="the refused rename undone")
            assert app.window.message_bar.level is Level.ERROR
            assert "is a folder, not a file" in app.window.message_bar.text()

    run(qloop, scenario())
