"""Every signal connected to an `@asyncSlot` reaches its coroutine, driven through the real signal.

The window's Pause button once did nothing: an `@asyncSlot(bool)` connected to `QAction.triggered`
(whose `checked` argument has a default) was called without its argument and raised TypeError.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import qasync
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox, QToolButton

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from app.ui.dialogs.server_dialog import ServerDialog
from app.ui.models.roots import Column
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.project import PROJECT
from tests.support.store import add_roots, folders, stored_root
from tests.support.waiting import eventually

UI = PROJECT / "app" / "ui"


def test_the_windows_pause_button_pauses_and_resumes_sharing(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    app = build_app(home, tray_available=False)
    failures: list[BaseException] = []
    hook = sys.excepthook
    sys.excepthook = lambda _type, error, _tb: failures.append(error)

    async def scenario() -> None:
        async with running(app):
            toolbar_button = next(b for b in app.window.findChildren(QToolButton)
                                  if b.defaultAction() is app.window.pause_action)
            toolbar_button.click()  # the user's click on the toolbar button
            await eventually(lambda: store.load().paused or bool(failures), what="sharing paused")
            assert not failures and store.load().paused
            await eventually(lambda: "paused" in app.window.summary.text(), what="the status bar")
            app.window.pause_action.trigger()  # the same action from a shortcut or menu
            await eventually(lambda: not store.load().paused or bool(failures), what="sharing resumed")
            assert not failures and not store.load().paused
            assert not app.window.pause_action.isChecked()

    try:
        run(qloop, scenario())
    finally:
        sys.excepthook = hook


def test_the_roots_pages_signals_reach_their_flows(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (alpha_id,) = add_roots(store, *folders(tmp_path / "data", "alpha"))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            page = app.window.roots_page
            await eventually(lambda: page.model.rowCount() == 1, what="the folder listed")
            page.add_button.click()
            picker = await shown_dialog(QFileDialog, "shareFolderDialog")
            picker.reject()

            # The model's own signals, from an edit in the table (as the delegate commits it).
            page.model.setData(page.model.index(0, Column.NAME), "renamed")
            await eventually(lambda: stored_root(store, alpha_id).name == "renamed", what="the rename saved")
            page.model.setData(page.model.index(0, Column.SHARED), Qt.CheckState.Unchecked.value,
                               Qt.ItemDataRole.CheckStateRole)
            await eventually(lambda: not stored_root(store, alpha_id).enabled, what="the folder turned off")

            page.table.selectRow(0)
            (delete,) = [action for action in page.table.actions()  # the Delete key's action
                         if action.shortcut() == QKeySequence(QKeySequence.StandardKey.Delete)]
            delete.trigger()
            question = await shown_dialog(QMessageBox, "confirm")
            question.button(QMessageBox.StandardButton.Cancel).click()
            await eventually(lambda: not question.isVisible(), what="the question closed")
            assert len(store.load().roots) == 1

    run(qloop, scenario())


def test_the_servers_pages_signals_reach_their_flows(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.roots_tool"],
                         env={"PYTHONPATH": str(PROJECT)}, cwd=str(PROJECT))
    Store(home).update(lambda data: data.servers.append(ServerEntry(name="tool", target=target)))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(1)
            page = app.window.servers_page
            await eventually(lambda: page.model.rowCount() == 1 and page.selected_name() == "tool", what="the row")
            for dialog in app.flows.consent_dialogs():  # the prompt that opens once it connects
                dialog.reject()
            await eventually(page.consent_button.isVisible, what="the consent button")
            page.consent_button.click()
            prompt = await shown_dialog(ConsentDialog)
            prompt.later_button.click()
            await eventually(lambda: not app.flows.consent_dialogs(), what="the prompt closed")

            page.table.doubleClicked.emit(page.model.index(0, 0))  # what the view emits for a double click
            editor = await shown_dialog(ServerDialog)
            editor.reject()

    run(qloop, scenario())


def test_every_async_slot_declares_one_type_per_parameter() -> None:
    """A slot whose declared types differ from its parameters is matched to the wrong signal overload."""
    mismatched = []
    for source in UI.rglob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.AsyncFunctionDef):
                continue
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and getattr(decorator.func, "id", "") == "asyncSlot":
                    parameters = len(node.args.args) - 1  # self
                    if parameters != len(decorator.args):
                        mismatched.append(f"{source.name}:{node.name}")
    assert mismatched == []
