"""The History tab over a real history file: rows, filters through the real combo boxes, the answer line."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from PySide6.QtCore import Qt

from app.core.history.history import History, history_path, read_history
from app.ui.pages.history import HistoryFilter, HistoryPage
from tests.support.gui import run
from tests.support.waiting import eventually


def make_page(state: Path) -> HistoryPage:
    async def load(chosen: HistoryFilter):  # type: ignore[no-untyped-def]
        return await asyncio.to_thread(
            read_history, state, server=chosen.server, folder=chosen.folder, since=chosen.since
        )

    return HistoryPage(load)


def choose(box, value) -> None:  # type: ignore[no-untyped-def]
    """Pick an entry the way a user does: the popup's choice emits `activated`."""
    index = box.findData(value)
    assert index >= 0
    box.setCurrentIndex(index)
    box.activated.emit(index)


def test_history_rows_filters_and_answers(qloop, qtbot, tmp_path: Path, english) -> None:  # type: ignore[no-untyped-def]
    state = tmp_path / "state"
    app_uri, notes_uri = (tmp_path / "app").as_uri(), (tmp_path / "notes<b>").as_uri()
    now = time.time()
    with History(history_path(state)) as history:
        history.append("fs", [app_uri, notes_uri], era="2025-11-25", via="hub", at=now - 120)
        history.append("git", [app_uri], era="2026-07-28", via="bridge", host="Zed", at=now - 60)
        history.append("fs", [notes_uri], era="2025-11-25", via="call", at=now - 30)
    page = make_page(state)
    qtbot.addWidget(page)
    page.set_choices(["fs", "git"], [(app_uri, "app"), (notes_uri, "notes")])
    page.show()

    async def scenario() -> None:
        page.refresh_button.click()  # shown before the loop ran: read now, as the Refresh button does
        await eventually(lambda: page.model.rowCount() == 3, what="three records")
        assert page.model.index(0, 1).data() == "fs"  # newest first
        assert page.model.index(1, 2).data() == "Bridge for Zed"
        assert "<b>" in page.model.index(2, 4).data()  # shown as text, never as markup
        assert page.answer.textFormat() == Qt.TextFormat.PlainText
        assert page.answer.text() == "2 servers were given folders in this period."

        choose(page.folder_box, app_uri)
        await eventually(lambda: page.model.rowCount() == 2, what="the folder's records")
        assert page.answer.text().startswith("This folder was seen by fs, git, last at ")

        choose(page.folder_box, None)
        choose(page.server_box, "fs")
        await eventually(lambda: page.model.rowCount() == 2 and "fs was given" in page.answer.text(),
                         "the answer about fs")
        assert page.answer.text() == "fs was given 2 folders in this period."

    run(qloop, scenario())


def test_an_empty_history_says_so(qloop, qtbot, tmp_path: Path, english) -> None:  # type: ignore[no-untyped-def]
    page = make_page(tmp_path / "state")
    qtbot.addWidget(page)
    page.show()

    async def scenario() -> None:
        page.refresh_button.click()
        await eventually(lambda: page.answer.text() != "", what="the answer line")
        assert page.answer.text() == "No server was given a list of folders in this period."
        assert not (tmp_path / "state").exists()  # reading never creates the file

    run(qloop, scenario())


def test_a_start_with_folders_as_arguments_shows_as_the_command_line(  # type: ignore[no-untyped-def]
    qloop, qtbot, tmp_path: Path, english
) -> None:
    state = tmp_path / "state"
    folder = (tmp_path / "app").as_uri()
    with History(history_path(state)) as history:
        history.append("fs", [folder], era="", via="hub", at=time.time() - 60, how="arguments")
        history.append("fs", [folder], era="2025-11-25", via="hub", at=time.time() - 30)
    page = make_page(state)
    qtbot.addWidget(page)
    page.set_choices(["fs"], [(folder, "app")])
    page.show()

    async def scenario() -> None:
        page.refresh_button.click()
        await eventually(lambda: page.model.rowCount() == 2, what="two records")
        assert [page.model.index(row, 3).data() for row in (0, 1)] == ["2025-11-25", "Command line"]
        assert page.model.index(1, 2).data() == "Connected by Rootkeeper"

    run(qloop, scenario())
