"""Stopping many folders at once asks a short question; the names sit behind "Show Details…" as plain text."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtWidgets import QMessageBox, QTextEdit

from app.core.store.store import Store
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

COUNT = 300


def test_stopping_300_folders_asks_a_short_question_with_the_names_behind_show(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    names = [f"<b>f{index:03}&amp;" for index in range(COUNT)]
    add_roots(store, *folders(tmp_path, *names))
    app = build_app(home)
    page = app.window.roots_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: page.proxy.rowCount() == COUNT, what="every row")
            page.table.selectAll()
            page.remove_action.trigger()
            question = await shown_dialog(QMessageBox, "confirm")
            await eventually(question.isVisible, what="the question shown")
            assert question.text().startswith(f"Stop sharing {COUNT} folders?")
            assert not any(name in question.text() for name in names)
            assert question.height() < 300, question.height()
            listing = question.detailedText().splitlines()
            assert sorted(listing) == names
            (shown,) = question.findChildren(QTextEdit)
            assert "<b>f000&amp;" in shown.toPlainText().splitlines()  # plain text: the markup stays text
            question.button(QMessageBox.StandardButton.Cancel).click()
            await eventually(lambda: not question.isVisible(), what="the question closed")
            assert len(store.load().roots) == COUNT

    run(qloop, scenario())
