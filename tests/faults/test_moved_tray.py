"""The tray app: a shared folder swapped for a symbolic link shows as `moved` and the user is told (issue 10, #2)."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync

from app.ui.models.roots import Column
from tests.support.gui import OneFolderApp, run, running
from tests.support.waiting import eventually

pytestmark = pytest.mark.usefixtures("stores_at_end")  # whatever store the app leaves must parse


def test_a_folder_swapped_for_a_link_is_shown_as_leading_elsewhere_and_notified(
    qloop: qasync.QEventLoop, tmp_path: Path, *, one_folder_app: OneFolderApp
) -> None:
    app, folder, notes = one_folder_app("project")

    async def scenario() -> None:
        async with running(app):
            model = app.window.roots_model
            await eventually(lambda: model.data(model.index(0, Column.STATUS)) == "Reachable", what="the first check")
            folder.rename(tmp_path / "project-away")
            folder.symlink_to("/", target_is_directory=True)
            await eventually(lambda: model.data(model.index(0, Column.STATUS)) == "Leads elsewhere", what="moved")
            await eventually(lambda: len(notes) >= 1, what="the notification")
            assert notes[0][0] == "A shared folder became unavailable"
            assert "'project'" in notes[0][1] and "now leads somewhere else" in notes[0][1]

    run(qloop, scenario())
