"""The administrator's policy in the window: forbidden folders and pausing shown locked, live as the file changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import qasync

from app.core.store.store import Store
from app.ui.models.roots import Column
from tests.support.gui import BuildApp, run, running
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def test_forbidden_folders_and_pause_are_locked_and_follow_the_file(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    open_folder, secret = folders(tmp_path, "open", "secret")
    add_roots(Store(home), open_folder, secret)
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"deny_folders": [str(secret)], "allow_pause": False}))
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(policy))
    app = build_app(home)
    model = app.window.roots_model

    def status(path: Path) -> str:
        row = next(r for r in range(model.rowCount()) if model.row_at(r).root.path == str(path))  # type: ignore[union-attr]
        return str(model.index(row, Column.STATUS).data())

    def tooltip(path: Path) -> str:
        row = next(r for r in range(model.rowCount()) if model.row_at(r).root.path == str(path))  # type: ignore[union-attr]
        return str(model.index(row, Column.STATUS).data(3))  # Qt.ToolTipRole

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: model.rowCount() == 2 and status(secret) == "Blocked by policy",
                             what="the forbidden folder shown locked")
            assert status(open_folder) == "Reachable"
            assert "forbids" in tooltip(secret) and str(policy) in tooltip(secret)
            assert not app.window.pause_action.isEnabled()
            assert "cannot be paused" in app.window.pause_action.toolTip()

            policy.write_text("{}")  # the administrator lifts both rules
            await eventually(lambda: status(secret) == "Reachable", what="the folder unlocked")
            await eventually(app.window.pause_action.isEnabled, what="pausing allowed again")

    run(qloop, scenario())
