"""Text from servers, paths and names is never rendered as HTML (issue 10, #4), with real widgets offscreen."""

from __future__ import annotations

import pytest
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QLabel

from app.core.access import AccessResult, AccessStatus
from app.core.model import HttpTarget, Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import printable
from app.mcp.connection import ConnectionStatus
from app.ui.message_bar import Level, MessageBar
from app.ui.roots_model import Column, RootsTableModel
from app.ui.server_details import ServerDetails
from app.ui.servers_model import Column as ServerColumn
from app.ui.servers_model import ServersTableModel
from app.ui.snapshot import ServerRow, Snapshot
from tests.faults.hostile import HTML_INJECTION

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
    for label in (details.status, details.protocol, details.sharing, details.fetch, details.received):
        assert label.textFormat() == Qt.TextFormat.PlainText


@pytest.mark.parametrize("text", CASES)
def test_server_table_tooltips_show_server_text_literally(qapp: QApplication, text: str) -> None:
    entry = ServerEntry(name="s", target=StdioTarget(command=f"cmd{text}"), consent="given")
    status = ConnectionStatus(state="failed", last_error=f"boom {text}")
    model = ServersTableModel()
    model.set_snapshot(Snapshot.build(StoreData(servers=[entry]), {}, {"s": status}.get, lambda name: []))
    status_tip = model.data(model.index(0, ServerColumn.STATUS), Qt.ItemDataRole.ToolTipRole)
    assert rendered(status_tip) == f"boom {text}"
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
    from app.ui.messages import notification_text

    shown = notification_text(f"'{text}' left the list servers see.")
    assert "<" not in shown and ">" not in shown and "&" not in shown
    assert not QtGui.Qt.mightBeRichText(shown)
