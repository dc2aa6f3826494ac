"""Consent end to end: a real SDK server sees nothing until the user agrees in the prompt, then the new list."""

from __future__ import annotations

import sys
from pathlib import Path

import qasync

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from tests.conftest import PROJECT
from tests.hub_helpers import add_roots, recorded
from tests.ui_helpers import (
    build_app,
    eventually,
    folders,
    run,
    running,
    shown_dialog,
    stored_server,
)


def recorder(name: str, record: Path) -> ServerEntry:
    """The legacy recorder test server: it lists roots after the handshake and on every list_changed."""
    target = StdioTarget(
        command=sys.executable,
        args=["-m", "tests.servers.legacy_recorder", "--record", str(record)],
        env={"PYTHONPATH": str(PROJECT)},
        cwd=str(PROJECT),
    )
    return ServerEntry(name=name, target=target)  # consent "pending", as a newly added server


def test_a_new_server_sees_nothing_until_the_user_shares_then_the_list_at_once(
    qloop: qasync.QEventLoop, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    add_roots(store, alpha, beta)
    record = tmp_path / "recorder.jsonl"

    def add_server(data: StoreData) -> None:
        data.servers.append(recorder("notes-ai", record))

    store.update(add_server)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            prompt = await shown_dialog(ConsentDialog, timeout=20)
            assert prompt.server == "notes-ai"
            assert "notes-ai wants to see your shared folders" in prompt.heading.text()
            # Connected and asked for its roots already: an empty list, the capability declared.
            await eventually(lambda: recorded(record) == [[]], what="the first (empty) list")
            assert app.tray.state.value == "attention"

            prompt.share_button.click()
            await eventually(lambda: len(recorded(record)) == 2, timeout=5, what="the list after consent")
            assert recorded(record)[-1] == [alpha.as_uri(), beta.as_uri()]
            server = store.load().server("notes-ai")
            assert server is not None and (server.consent, server.share) == ("given", "all")
            await eventually(lambda: app.tray.state.value == "ok", what="the tray calm again")
            model = app.window.servers_model
            await eventually(lambda: model.data(model.index(0, 2)) == "All shared folders", what="the servers view")

    run(qloop, scenario(), timeout=60)


def test_declining_keeps_the_server_on_its_own_configuration(qloop: qasync.QEventLoop, tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    record = tmp_path / "recorder.jsonl"
    store.update(lambda data: data.servers.append(recorder("nosy", record)))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            prompt = await shown_dialog(ConsentDialog, timeout=20)
            prompt.deny_button.click()
            await eventually(lambda: stored_server(store, "nosy").share == "none", what="the refusal saved")
            assert stored_server(store, "nosy").consent == "given"
            assert all(uris == [] for uris in recorded(record))  # it never saw a folder

    run(qloop, scenario(), timeout=60)
