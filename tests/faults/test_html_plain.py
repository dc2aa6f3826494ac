"""Text from servers, paths and names is never rendered as HTML (issue 10, #4), with real widgets offscreen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import qasync
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from app.core.model import HttpTarget, Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import printable
from app.core.roots.access import AccessResult, AccessStatus
from app.core.store.store import Store
from app.mcp.connection.connection import ConnectionStatus
from app.ui.flows.asking import confirm
from app.ui.models.roots import Column, RootsTableModel
from app.ui.models.servers import Column as ServerColumn
from app.ui.models.servers import ServersTableModel
from app.ui.models.snapshot import ServerRow, Snapshot
from app.ui.pages.server_details import ServerDetails
from app.ui.window.message_bar import Level, MessageBar
from tests.faults.hostile import HTML_INJECTION
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

pytestmark = pytest.mark.usefixtures("stores_at_end")  # whatever store a case leaves must parse

CASES = [pytest.param(text, id=case) for case, text in HTML_INJECTION]


def rendered(tip: str) -> str:
    """What Qt shows for a tooltip: rich text when it looks like HTML, else the text as it is."""
    document = QTextDocument()
    if QtGui.Qt.mightBeRichText(tip):
        document.setHtml(tip)
    else:
        document.setPlainText(tip)
    return document.toPlainText()


def assert_shows_literally(label: QLabel, text: str) -> None:
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == text


@pytest.mark.parametrize("text", CASES)
def test_the_message_bar_shows_a_folder_name_literally(qapp: QApplication, text: str) -> None:
    bar = MessageBar()
    bar.show_message(f"Added {text}.", Level.ERROR)
    assert_shows_literally(bar._label, f"Added {text}.")


@pytest.mark.parametrize("text", CASES)
def test_last_error_and_every_server_detail_show_literally(qapp: QApplication, text: str) -> None:
    entry = ServerEntry(name="s", target=HttpTarget(url="http://127.0.0.1:1/mcp"), consent="given")
    status = ConnectionStatus(state="failed", last_error=f"stderr: {text}", last_roots_fetch=[f"file:///{text}"])
    details = ServerDetails()
    details.show_row(ServerRow(entry=entry, status=status, visible=()))
    assert_shows_literally(details.error, f"stderr: {text}")
    for label in (details.status, details.protocol, details.sharing, details.fetch):
        assert label.textFormat() == Qt.TextFormat.PlainText
    assert text in details.received.toPlainText()  # a plain-text view: it has no rich text to render


@pytest.mark.parametrize("text", CASES)
def test_server_table_tooltips_show_server_text_literally(qapp: QApplication, text: str) -> None:
    entry = ServerEntry(name="s", target=StdioTarget(command=f"cmd{text}"), consent="given")
    status = ConnectionStatus(state="failed", last_error=f"boom {text}")
    model = ServersTableModel()
    model.set_snapshot(Snapshot.build(StoreData(servers=[entry]), {}, {"s": status}.get, lambda name: []))
    status_tip = model.data(model.index(0, ServerColumn.STATUS), Qt.ItemDataRole.ToolTipRole)
    assert rendered(status_tip).startswith(f"boom {text}\n")  # then why it is not retried any more
    connection_tip = model.data(model.index(0, ServerColumn.CONNECTION), Qt.ItemDataRole.ToolTipRole)
    assert text in rendered(connection_tip)
    assert "<img" not in QTextDocument(connection_tip).toHtml() or not QtGui.Qt.mightBeRichText(connection_tip)


@pytest.mark.parametrize("text", CASES)
def test_root_table_tooltips_show_paths_and_names_literally(qapp: QApplication, text: str) -> None:
    path = f"/data/{text.replace('/', '_')}"
    entered = f"/links/{text.replace('/', '_')}"
    root = Root(id="r1", name=text, entered_path=entered, path=path, uri=f"file://{path}")
    access = AccessResult(AccessStatus.MISSING, f"{path} does not exist.")
    model = RootsTableModel()
    model.set_snapshot(Snapshot.build(StoreData(roots=[root]), {"r1": access}, {}.get, lambda name: []))
    for column in (Column.NAME, Column.PATH, Column.STATUS):
        tip = model.data(model.index(0, column), Qt.ItemDataRole.ToolTipRole)
        shown = rendered(tip)
        expected = {Column.NAME: root.uri, Column.PATH: path, Column.STATUS: printable(path)}[column]
        assert expected in shown, (column, tip, shown)  # the status sentence escapes control characters
        if column is Column.PATH:
            assert entered in shown


@pytest.mark.parametrize("text", CASES)
def test_tray_notification_text_carries_no_markup(text: str) -> None:
    from app.ui.render import notification_text

    shown = notification_text(f"'{text}' left the list servers see.")
    assert "<" not in shown and ">" not in shown and "&" not in shown
    assert not QtGui.Qt.mightBeRichText(shown)


HOSTILE_NAME = "<h1>x</h1><img src='file:///etc/passwd'>"


def test_the_stop_sharing_question_shows_a_hostile_folder_name_literally(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    """The "Stop sharing" action's real confirm dialog: the root's name (a user's or a host's text) stays text."""
    home = tmp_path / "home"
    store = Store(home)
    (folder,) = folders(tmp_path, "plain")
    (root_id,) = add_roots(store, folder)

    def rename(data: StoreData) -> None:
        root = data.root_by_id(root_id)
        assert root is not None
        root.name = HOSTILE_NAME

    store.update(rename)
    app = build_app(home)
    page = app.window.roots_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: page.proxy.rowCount() == 1, what="the row")
            page.table.selectRow(0)
            page.remove_button.click()
            question = await shown_dialog(QMessageBox, "confirm")
            labels = {label.objectName(): label for label in question.findChildren(QLabel)}
            shown = labels["qt_msgbox_label"]
            assert question.textFormat() == Qt.TextFormat.PlainText
            assert shown.textFormat() == Qt.TextFormat.PlainText
            assert HOSTILE_NAME in shown.text()
            question.button(QMessageBox.StandardButton.Cancel).click()
            await eventually(lambda: not question.isVisible(), what="the question closed")
            assert [root.name for root in store.load().roots] == [HOSTILE_NAME]

    run(qloop, scenario())


def test_a_confirm_question_and_its_details_are_plain_text(qloop: qasync.QEventLoop) -> None:
    """`confirm` is the one place every yes/cancel question is built; its details (paths in sentences) too."""
    async def scenario() -> None:
        asked = asyncio.ensure_future(confirm(None, "t", f"Share {HOSTILE_NAME}?", "Share", details=HOSTILE_NAME))
        question = await shown_dialog(QMessageBox, "confirm")
        for label in question.findChildren(QLabel):
            if label.text():
                assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
        assert HOSTILE_NAME in question.informativeText()
        question.button(QMessageBox.StandardButton.Cancel).click()
        assert await asked is False

    run(qloop, scenario())


def test_the_server_form_error_and_a_log_path_show_literally(qapp: QApplication, tmp_path: Path) -> None:
    """A typed address or a log's path comes back in a sentence; a label that shows it is plain text."""
    from app.ui.dialogs.log_dialog import LogDialog
    from app.ui.dialogs.server_dialog import ServerDialog

    dialog = ServerDialog([])
    dialog.name.setText("s")
    dialog.kind.setCurrentIndex(1)
    dialog.url.setText(f"ftp://{HOSTILE_NAME}")
    assert HOSTILE_NAME in dialog.error.text()
    assert dialog.error.textFormat() == Qt.TextFormat.PlainText
    log = LogDialog("s", tmp_path / HOSTILE_NAME.replace("/", "_"))
    assert HOSTILE_NAME.replace("/", "_") in log._where.text()
    assert log._where.textFormat() == Qt.TextFormat.PlainText
