"""Consent prompts come one at a time: a second server waiting is asked about once the first is answered."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtWidgets import QApplication

from app.core.store.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from tests.support.gui import BuildApp, run, running, share_unconfined, shown_dialog
from tests.support.servers import recorder
from tests.support.store import add_roots, folders, stored_server
from tests.support.waiting import eventually


def open_prompts() -> list[ConsentDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, ConsentDialog) and w.isVisible()]


def test_two_servers_waiting_are_asked_about_one_after_the_other(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    store.update(lambda data: data.servers.extend(
        [recorder("first", tmp_path / "first.jsonl"), recorder("second", tmp_path / "second.jsonl")]))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            prompt = await shown_dialog(ConsentDialog, timeout=30)
            await eventually(lambda: all(row.status is not None and row.status.state == "connected"
                                         for row in app.live.current.servers), timeout=30, what="both connected")
            assert len(open_prompts()) == 1 and len(app.flows.consent_dialogs()) == 1
            asked_first = prompt.server
            share_unconfined(prompt)
            await eventually(lambda: stored_server(store, asked_first).consent == "given", what="the first answer")
            following = await shown_dialog(ConsentDialog, timeout=30)
            await eventually(lambda: following.server != asked_first, what="the second prompt")
            assert {asked_first, following.server} == {"first", "second"}
            assert len(open_prompts()) == 1
            following.later_button.click()
            await eventually(lambda: open_prompts() == [], what="no prompt left")
            assert stored_server(store, following.server).consent == "pending"

    run(qloop, scenario(), timeout=90)
