"""How binding each server's list is shows in the Servers tab at the window's default width, without scrolling: its
column comes right after the state (the columns the details panel repeats, last given and used by, come last)."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import QSize

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.ui.models.servers import Column
from tests.support.gui import BuildApp, run, running
from tests.support.waiting import eventually


def test_the_binding_column_is_on_screen_at_the_default_width(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    target = StdioTarget(command=str(tmp_path / "absent"), args=["{roots}"])
    Store(home).update(lambda data: data.servers.append(
        ServerEntry(name="fs", target=target, share="all", consent="given")))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            window = app.window
            window.resize(QSize(1060, 600))  # the window's default size
            await eventually(lambda: window.size() == QSize(1060, 600), what="the default size")
            window.tabs.setCurrentIndex(1)
            table = window.servers_page.table
            await eventually(lambda: table.model().rowCount() == 1, what="the server")
            header = table.horizontalHeader()
            await eventually(lambda: header.length() > 0 and table.viewport().width() > 0, what="laid out")
            start = header.sectionViewportPosition(Column.BINDING)
            end = start + header.sectionSize(Column.BINDING)
            assert start >= 0 and end <= table.viewport().width(), (start, end, table.viewport().width())
            assert header.visualIndex(Column.BINDING) == header.visualIndex(Column.STATUS) + 1
            assert table.model().index(0, Column.BINDING).data() == "Arguments"

    run(qloop, scenario())
