"""Bridge sessions in the tray: a real `rootkeeper bridge` process, a real SDK server, the real GUI offscreen.

The app here runs beside a hub that holds the lock (as when `run --headless` keeps the servers), so
it connects nothing itself: whatever it shows about the server, and the consent prompt, can only
come from the bridge an AI host started.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from app.core.store.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from app.ui.models.servers import Column
from tests.support.bridge import BridgeProcess
from tests.support.gui import BuildApp, run, running, share_unconfined, shown_dialog
from tests.support.headless import hold_hub_lock
from tests.support.recordings import recorded
from tests.support.servers import recorder
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(180)


def used_by(app: Any, row: int = 0) -> str:
    model = app.window.servers_model
    return str(model.data(model.index(row, Column.USED_BY)) or "")


def test_a_bridge_for_an_unapproved_server_prompts_and_the_answer_reaches_its_server_at_once(
    qloop: qasync.QEventLoop, tmp_path: Path, bridges: list[BridgeProcess], *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    add_roots(store, alpha, beta)
    record = tmp_path / "recorder.jsonl"
    store.update(lambda data: data.servers.append(recorder("notes-ai", record)))
    lock = hold_hub_lock(home)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            assert not app.connecting
            assert app.flows.consent_dialogs() == []  # nothing connected, no bridge: nobody to ask about
            assert used_by(app) == ""
            bridge = BridgeProcess(home, "notes-ai")
            bridges.append(bridge)
            bridge.handshake("Claude Desktop")
            await eventually(lambda: bridge.answered(1), timeout=60, what="the bridge's initialize reply")
            bridge.initialized()

            prompt = await shown_dialog(ConsentDialog, timeout=30)
            assert prompt.server == "notes-ai"
            await eventually(lambda: used_by(app) == "Claude Desktop, 1 session", what="the Used by column")
            details = app.window.servers_page.details
            app.window.servers_page.select("notes-ai")
            assert "Claude Desktop, 1 session" in details.used_by.text()
            # Until the user answers, the server behind the bridge sees an empty list.
            await eventually(lambda: recorded(record) == [[]], timeout=30, what="the empty list before consent")

            share_unconfined(prompt)
            await eventually(lambda: len(recorded(record)) == 2, timeout=30, what="the list after consent")
            assert recorded(record)[-1] == [alpha.as_uri(), beta.as_uri()]
            assert bridge.process.poll() is None  # told through the running bridge, nothing restarted
            await eventually(lambda: "asked for roots 2 times" in details.used_by.text(), what="the second fetch")
            assert "handshake era" in details.used_by.text()

            bridge.close()
            await eventually(lambda: used_by(app) == "", what="the session gone once the host closed it")
            assert "No AI host right now" in details.used_by.text()

    try:
        run(qloop, scenario(), timeout=150)
    finally:
        lock.release()


def test_sessions_of_several_hosts_are_counted_and_a_killed_bridge_leaves_at_once(
    qloop: qasync.QEventLoop, tmp_path: Path, bridges: list[BridgeProcess], *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    record = tmp_path / "recorder.jsonl"

    def approved(data: Any) -> None:
        entry = recorder("notes-ai", record)
        entry.share, entry.consent = "all", "given"
        data.servers.append(entry)

    store.update(approved)
    lock = hold_hub_lock(home)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            for host in ("Claude Desktop", "Cursor", "Claude Desktop"):
                bridge = BridgeProcess(home, "notes-ai")
                bridges.append(bridge)
                bridge.handshake(host)
            # Each host once, in the order their bridges started (which of these three starts first is up to the OS).
            await eventually(lambda: used_by(app) in ("Claude Desktop, Cursor, 3 sessions",
                                                      "Cursor, Claude Desktop, 3 sessions"), timeout=60,
                             what="three sessions of two hosts")
            assert app.flows.consent_dialogs() == []  # approved already: nothing to ask
            # SIGKILL leaves the status file behind; the bridge's end is still seen, without polling.
            cursor = next(bridge for bridge in bridges if bridge.host == "Cursor")
            os.kill(cursor.process.pid, signal.SIGKILL)
            await eventually(lambda: used_by(app) == "Claude Desktop, 2 sessions", timeout=30,
                             what="the killed bridge gone from the view")
            assert (home / "state" / "sessions" / f"{cursor.process.pid}.json").exists()

    try:
        run(qloop, scenario(), timeout=150)
    finally:
        lock.release()


def test_a_host_name_is_shown_as_plain_text(
    qloop: qasync.QEventLoop, tmp_path: Path, bridges: list[BridgeProcess], *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    record = tmp_path / "recorder.jsonl"
    store.update(lambda data: data.servers.append(recorder("notes-ai", record)))
    lock = hold_hub_lock(home)
    app = build_app(home)
    hostile = "<b>Bold</b>\x1b[31m\u202eHost<img src=x>"

    async def scenario() -> None:
        async with running(app):
            bridge = BridgeProcess(home, "notes-ai")
            bridges.append(bridge)
            bridge.handshake(hostile)
            await eventually(lambda: "Bold" in used_by(app), timeout=60, what="the host named")
            shown = used_by(app)
            assert shown == "<b>Bold</b>[31mHost<img src=x>, 1 session"  # control and direction marks dropped
            details = app.window.servers_page.details
            app.window.servers_page.select("notes-ai")
            assert details.used_by.textFormat().name == "PlainText"
            assert details.used_by.text().startswith("<b>Bold</b>[31mHost<img src=x>, 1 session")
            model = app.window.servers_model
            tooltip = model.data(model.index(0, Column.USED_BY), Qt.ItemDataRole.ToolTipRole)
            document = QTextDocument()
            document.setHtml(tooltip)  # a tooltip is shown as rich text: what it says must be the name as sent
            assert document.toPlainText().startswith("<b>Bold</b>[31mHost<img src=x> · ")

    try:
        run(qloop, scenario(), timeout=150)
    finally:
        lock.release()
