"""The Servers tab at the window's default size, in English and in Chinese: the list keeps its room, a command
keeps its program's name, cut text is whole in its tooltip, and every folder a server was given can be reached.

The real window, shown at the size it opens with, given one snapshot of four servers (one connected and given
eight folders, one broken, one waiting for consent, one with a long path among its arguments).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem, QTableView

from app.core.model import ServerEntry, StdioTarget
from app.core.servers.status import ConnectionStatus
from app.core.store.store import Store
from app.ui.application import RootkeeperApp
from app.ui.i18n import ENGLISH
from app.ui.models.servers import Column
from app.ui.models.snapshot import Snapshot
from app.ui.text import home_relative
from app.ui.window.widgets import text_room
from tests.support.gui import BuildApp, translations
from tests.support.store import add_roots, folders

ROWS_SHOWN = 4
"""Server rows wholly in view at the default size (the issue saw one and a half)."""
FOLDERS = [f"project-{n}" for n in range(8)]
PACKAGE = "~/.npm/_npx/1a2b3c4d5e6f7a8b/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"


def servers(tmp_path: Path) -> list[ServerEntry]:
    script = str(Path.home() / PACKAGE.removeprefix("~/"))
    return [
        ServerEntry(name="filesystem", target=StdioTarget(command="/usr/bin/node", args=[script, "{roots}"]),
                    consent="given"),
        ServerEntry(name="broken", target=StdioTarget(command="python3", args=["-c", "import sys; sys.exit(3)"]),
                    consent="given"),
        ServerEntry(name="notes", target=StdioTarget(command="uvx", args=["mcp-notes"])),
        ServerEntry(name="git", target=StdioTarget(command="uvx", args=[
            "mcp-server-git", "--repository", str(tmp_path / "a" / "long" / "way" / "down" / "to" / "repository")]),
            consent="given"),
    ]


def shown_app(tmp_path: Path, build_app: BuildApp, language: str) -> tuple[RootkeeperApp, list[str]]:
    home = tmp_path / "home"
    store = Store(home)
    given = folders(tmp_path / "data", *FOLDERS)
    add_roots(store, *given)
    store.update(lambda data: data.servers.extend(servers(tmp_path)))
    app = build_app(home, tray_available=False)
    uris = [folder.as_uri() for folder in given]
    statuses = {
        "filesystem": ConnectionStatus(state="connected", era="legacy", protocol_version="2025-11-25",
                                       last_roots_fetch_at=datetime.now(UTC), last_roots_fetch=uris, session_fetches=1),
        "broken": ConnectionStatus(state="failed", last_error="The server exited with code 3.",
                                   last_error_code="bridge.exited", last_error_args={"code": "3"}, same_failures=3),
    }
    app.live.show(Snapshot.build(store.load(), {}, statuses.get, lambda _name: []))
    window = app.window
    window.show()  # at the size it opens with: nothing resizes it here
    window.tabs.setCurrentWidget(window.servers_page)
    translations().apply(language)
    window.servers_page.select("filesystem")
    QApplication.processEvents()
    return app, [home_relative(str(folder)) for folder in given]


def painted(table: QTableView, row: int, column: int) -> str:
    """The text a cell paints: its delegate's text, cut as the view cuts it to the cell's room."""
    index = table.model().index(row, column)
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    option.rect = table.visualRect(index)
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    return option.fontMetrics.elidedText(option.text, option.textElideMode, text_room(option))


def row_of(table: QTableView, name: str) -> int:
    model = table.model()
    return next(row for row in range(model.rowCount()) if model.index(row, Column.NAME).data() == name)


@pytest.mark.parametrize("language", [ENGLISH, "zh_CN"])
def test_the_servers_tab_keeps_its_list_and_every_value_reachable(
    tmp_path: Path, language: str, *, build_app: BuildApp
) -> None:
    app, given = shown_app(tmp_path, build_app, language)
    try:
        page = app.window.servers_page
        table = page.table
        viewport = table.viewport().rect()
        whole = [row for row in range(table.model().rowCount())
                 if viewport.contains(table.visualRect(table.model().index(row, Column.NAME)))]
        assert len(whole) >= ROWS_SHOWN, f"{len(whole)} rows in {viewport} of a {app.window.size()} window"

        # "Runs as" is on screen, wide enough for its header, and starts with the program's name.
        header = table.horizontalHeader()
        caption = str(table.model().headerData(Column.CONNECTION, Qt.Orientation.Horizontal))
        assert header.sectionSize(Column.CONNECTION) > header.fontMetrics().horizontalAdvance(caption) + 8
        assert header.sectionViewportPosition(Column.CONNECTION) + 40 < viewport.width()
        fs = row_of(table, "filesystem")
        shown = painted(table, fs, Column.CONNECTION)
        assert shown.startswith("node ") and "index.js" in shown, shown
        header.resizeSection(Column.CONNECTION, 110)  # narrow: the program and what follows it, cut at the end
        assert painted(table, fs, Column.CONNECTION).startswith("node ")
        assert painted(table, row_of(table, "git"), Column.CONNECTION).startswith("uvx mcp-")

        # Every cut value is whole in its tooltip.
        full = table.model().index(fs, Column.CONNECTION).data(Qt.ItemDataRole.ToolTipRole)
        assert full == f"/usr/bin/node {PACKAGE} {{roots}}"
        notes = row_of(table, "notes")
        sharing = table.model().index(notes, Column.SHARING)
        assert sharing.data(Qt.ItemDataRole.ToolTipRole) == sharing.data()
        status = table.model().index(row_of(table, "broken"), Column.STATUS).data(Qt.ItemDataRole.ToolTipRole)
        assert "3" in status and len(status) > len(table.model().index(row_of(table, "broken"), Column.STATUS).data())

        # Every folder it was given can be reached: all are in the list, which scrolls to the last of them.
        received = page.details.received
        assert received.toPlainText().splitlines() == given
        bar = received.verticalScrollBar()
        assert bar.maximum() > 0  # eight folders in a view of five lines: it scrolls
        page.details_pane.ensureWidgetVisible(received)
        QApplication.processEvents()
        assert not received.visibleRegion().isEmpty()
        bar.setValue(bar.maximum())
        bottom = received.cursorForPosition(QPoint(2, received.viewport().height() - 2)).block().text()
        assert bottom == given[-1]
    finally:
        translations().apply(ENGLISH)
        app.window.deleteLater()
        app.deleteLater()
