"""The tray says how many servers are connected while the hub is still connecting."""

from __future__ import annotations

from pathlib import Path

import qasync

from app.core.model import StoreData
from app.core.store.store import Store
from tests.support.gui import BuildApp, run, running
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def test_the_tray_shows_connection_progress(qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (alpha,) = folders(tmp_path / "data", "alpha")
    add_roots(store, alpha)
    record = tmp_path / "rec.jsonl"

    def servers(data: StoreData) -> None:
        # `silent` never answers the handshake, so the hub stays connecting to it.
        data.servers += [python_server("rec", "legacy_recorder", "--record", str(record)),
                         python_server("silent", "hostile", "silent", mark=str(tmp_path))]

    store.update(servers)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app, show=False):
            await eventually(lambda: bool(recorded(record)), what="the healthy server's first list")
            want = "Rootkeeper: Connecting to servers: 1 of 2 connected"
            await eventually(lambda: want in app.tray.toolTip(), what="the tray's progress")
            menu = app.tray.contextMenu()
            menu.aboutToShow.emit()
            assert menu.actions()[0].text() == want

    run(qloop, scenario())
