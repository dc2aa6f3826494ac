"""The administrator's policy through real GUI edits: refusals in the message bar, locked sharing choices."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog

from app.core.model import Root, ServerEntry, StdioTarget
from app.core.policy import load_policy
from app.core.store.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from app.ui.dialogs.server_dialog import ServerDialog
from app.ui.dialogs.sharing_choice import ROOT_ID_ROLE, policy_lock
from app.ui.window.main_window import SERVERS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def _policy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **rules: object) -> Path:
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps(rules))
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(policy))
    return policy


def test_a_denied_folder_added_by_the_share_button_or_a_drop_is_refused_naming_the_policy(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    open_folder, secret = folders(tmp_path / "data", "open", "secret")
    store = Store(home)
    add_roots(store, open_folder)
    policy = _policy(tmp_path, monkeypatch, deny_folders=[str(secret)])
    app = build_app(home)
    bar = app.window.message_bar

    def refused() -> bool:
        shown = bar.text()
        return "may not be shared" in shown and str(policy) in shown and "secret" in shown

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: app.window.roots_model.rowCount() == 1, what="the shared folder")
            before = store.path.read_bytes()

            app.window.roots_page.add_button.click()
            picker = await shown_dialog(QFileDialog, "shareFolderDialog")
            picker.setDirectory(str(secret))  # a folder picker chooses the folder it shows
            picker.accept()
            await eventually(refused, what="the policy's refusal in the message bar")
            assert store.path.read_bytes() == before and app.window.roots_model.rowCount() == 1

            bar.hide()
            mime = QMimeData()
            mime.setUrls([QUrl.fromLocalFile(str(secret))])
            buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
            QApplication.sendEvent(app.window, QDragEnterEvent(QPoint(40, 40), Qt.DropAction.CopyAction, mime,
                                                               buttons, modifiers))
            QApplication.sendEvent(app.window, QDropEvent(QPoint(40, 40), Qt.DropAction.CopyAction, mime, buttons,
                                                          modifiers))
            await eventually(lambda: bar.isVisible() and refused(), what="the refusal of the dropped folder")
            assert store.path.read_bytes() == before

    run(qloop, scenario(), timeout=60)


def test_a_forbidden_server_added_through_the_form_is_refused_naming_the_policy(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "open"))
    policy = _policy(tmp_path, monkeypatch, deny_servers=["evil-*"])
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            before = store.path.read_bytes()
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            app.window.servers_page.add_button.click()
            dialog = await shown_dialog(ServerDialog)
            dialog.name.setText("evil-twin")
            dialog.command.setText("some-server --stdio")
            assert dialog.sharing.locked is not None  # barred: it could never see a folder
            assert dialog.save_button.isEnabled()
            dialog.save_button.click()
            await eventually(lambda: "not allowed by the administrator's policy" in app.window.message_bar.text(),
                             what="the refusal in the message bar")
            assert str(policy) in app.window.message_bar.text() and "evil-twin" in app.window.message_bar.text()
            assert store.path.read_bytes() == before and store.load().server("evil-twin") is None

    run(qloop, scenario(), timeout=60)


def test_the_sharing_choice_shows_denied_folders_and_share_none_servers_locked_with_the_policy(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    open_id, secret_id = add_roots(store, *folders(tmp_path / "data", "open", "secret"))
    policy = _policy(tmp_path, monkeypatch, deny_folders=[str(tmp_path / "data" / "secret")],
                     share_none_servers=["telemetry"])
    store.update(lambda data: data.servers.append(ServerEntry(
        name="telemetry", target=StdioTarget(command="x"), share="none", consent="given", enabled=False)))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            page = app.window.servers_page
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            await eventually(lambda: page.model.row_of("telemetry") >= 0, what="the server's row")
            page.select("telemetry")
            page.edit_button.click()
            dialog = await shown_dialog(ServerDialog)
            sharing = dialog.sharing
            buttons = (sharing.later_button, sharing.all_button, sharing.some_button, sharing.none_button)
            assert sharing.none_button.isChecked() and not any(button.isEnabled() for button in buttons)
            assert sharing.lock_note.isVisible() and sharing.lock_note.textFormat() == Qt.TextFormat.PlainText
            assert "'telemetry' may not see any folder" in sharing.lock_note.text()
            assert str(policy) in sharing.lock_note.text()

            items = {sharing.roots_list.item(row).data(ROOT_ID_ROLE): sharing.roots_list.item(row)
                     for row in range(sharing.roots_list.count())}
            secret, open_item = items[secret_id], items[open_id]
            assert not secret.flags() & Qt.ItemFlag.ItemIsUserCheckable
            assert "(blocked by policy)" in secret.text() and str(policy) in secret.toolTip()
            assert open_item.flags() & Qt.ItemFlag.ItemIsUserCheckable

            dialog.name.setText("metrics")  # another name: the rule no longer applies, the choice is free
            assert not sharing.lock_note.isVisible() and all(button.isEnabled() for button in buttons)
            sharing.some_button.setChecked(True)
            secret.setCheckState(Qt.CheckState.Checked)  # what a click cannot do; the choice still leaves it out
            open_item.setCheckState(Qt.CheckState.Checked)
            assert sharing.share() == [open_id]
            dialog.name.setText("telemetry")
            assert sharing.share() == "none" and not sharing.some_button.isEnabled()
            assert "(1 now)" in sharing.all_button.text()  # the denied folder is not counted as shareable
            dialog.reject()

    run(qloop, scenario(), timeout=60)


def test_the_consent_prompt_for_a_share_none_server_leaves_only_dont_share_and_later(
    qapp: QApplication, tmp_path: Path
) -> None:
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps({"share_none_servers": [{"command": "*telemetry*"}]}))
    policy = load_policy(policy_file)
    (folder,) = folders(tmp_path / "data", "open")
    root = Root(id="r1", name="open", entered_path=str(folder), path=str(folder), uri=folder.as_uri())
    entry = ServerEntry(name="stats", target=StdioTarget(command="telemetry-agent"), consent="pending")
    dialog = ConsentDialog("stats", [root], policy=policy, locked=policy_lock(policy, entry))
    try:
        assert not dialog.share_button.isEnabled()
        assert dialog.deny_button.isEnabled() and dialog.later_button.isEnabled()
        assert "'stats' may not see any folder" in dialog.sharing.lock_note.text()
        assert str(policy_file) in dialog.sharing.lock_note.text()
        assert not dialog.sharing.all_button.isEnabled() and not dialog.sharing.some_button.isEnabled()
    finally:
        dialog.deleteLater()
    unlocked = ConsentDialog("other", [root], policy=policy,
                             locked=policy_lock(policy, entry.model_copy(update={"target": StdioTarget(command="x")})))
    try:
        assert unlocked.share_button.isEnabled() and unlocked.sharing.locked is None
    finally:
        unlocked.deleteLater()
