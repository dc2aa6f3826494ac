"""The details of a confined server say which of its folders it may only read (marked read-only), next to those it
may read and change; the sentence is core's, shown as plain text, and follows a change of the mark."""

from __future__ import annotations

from pathlib import Path

import qasync

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.store.store import Store
from app.ui.window.main_window import SERVERS_TAB
from tests.support.gui import BuildApp, run, running
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

# A command that is never found: the hub's attempts to start it fail quietly, which this test does not need.
ABSENT = "rootkeeper-test-no-such-server"


def test_the_details_name_the_folders_a_confined_server_may_only_read(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    _alpha_id, beta_id = add_roots(store, alpha, beta)

    def mark(data: StoreData) -> None:
        root = data.root_by_id(beta_id)
        assert root is not None
        root.read_only = True
        data.servers.append(ServerEntry(name="boxed", target=StdioTarget(command=ABSENT), share="all",
                                        consent="given", confined=True))

    store.update(mark)
    app = build_app(home)
    page = app.window.servers_page
    shown = page.details.options.confinement

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            await eventually(lambda: page.model.row_of("boxed") >= 0, what="the row")
            page.select("boxed")
            await eventually(lambda: str(beta) in shown.text(), what="the boundary shown")
            assert shown.text() == (f"boxed can read and change: {alpha}; can read: {beta}, the system and its own "
                                    "program; cannot see anything else in your home. The network stays open to it.")
            assert shown.textFormat().name == "PlainText"

            def unmark(data: StoreData) -> None:
                root = data.root_by_id(beta_id)
                assert root is not None
                root.read_only = False

            store.update(unmark)
            await eventually(lambda: f"can read and change: {alpha}, {beta};" in shown.text(),
                             what="the mark's removal shown")

    run(qloop, scenario(), timeout=60)
