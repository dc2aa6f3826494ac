""""Seen by" and the server details read the history file: bridges and calls too, live, and incrementally."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime
from pathlib import Path

import qasync
from PySide6.QtCore import Qt

from app.core.history.history import History, history_path
from app.core.history.index import SeenIndex
from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.roots.access import AccessResult, AccessStatus
from app.core.servers.status import ConnectionStatus
from app.core.store.store import Store
from app.core.system.fileio import atomic_write
from app.ui.models.roots import Column
from app.ui.models.snapshot import Snapshot
from app.ui.window.main_window import HISTORY_TAB, SERVERS_TAB
from tests.support.bridge import BridgeProcess
from tests.support.gui import BuildApp, run, running
from tests.support.headless import hold_hub_lock
from tests.support.recordings import recorded
from tests.support.servers import recorder
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

OK = AccessResult(AccessStatus.OK, "readable")


def write_session(state: Path, server: str, host: str, fetches: int, started_at: str) -> None:
    """An older bridge's status file, which does not carry its last list (this test's own process stands for it)."""
    document = {"pid": os.getpid(), "server": server, "host": {"name": host}, "era": "legacy",
                "started_at": started_at, "roots_fetch_count": fetches}
    atomic_write(state / "sessions" / f"{os.getpid()}.json", json.dumps(document).encode())


def test_bridges_and_calls_in_the_history_show_in_seen_by_details_and_the_history_tab_live(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    state = home / "state"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    alpha_id, beta_id = add_roots(store, alpha, beta)
    # Known to the store but not connected by the hub: only its bridge sessions give it folders.
    store.update(lambda data: data.servers.append(
        ServerEntry(name="fs", target=StdioTarget(command="x"), share="all", consent="given", enabled=False)))
    app = build_app(home)
    model = app.window.roots_model

    def seen_by(root_id: str) -> str:
        return str(model.data(model.index(model.row_of(root_id), Column.SEEN_BY)))

    def tooltip(root_id: str) -> str:
        return str(model.data(model.index(model.row_of(root_id), Column.SEEN_BY), Qt.ItemDataRole.ToolTipRole))

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: model.rowCount() == 2 and seen_by(alpha_id) == "No server yet",
                             what="the roots, seen by nobody")
            started_at = datetime.now(UTC).isoformat()
            with History(history_path(state)) as history:
                history.append("fs", [alpha.as_uri()], era="2025-11-25", via="bridge", host="Zed")
                history.append("git", [alpha.as_uri(), beta.as_uri()], era="2026-07-28", via="call")
            write_session(state, "fs", "Zed", fetches=1, started_at=started_at)  # after giving the list, as a bridge
            # The live session holds what its newest record gave; the one-off call holds nothing.
            await eventually(lambda: seen_by(alpha_id) == "fs" and seen_by(beta_id) == "Nobody now (earlier: git)",
                             what="the bridge's and the call's folders in Seen by")
            fs_line, git_line = tooltip(alpha_id).splitlines()
            assert fs_line.startswith("fs via Zed: holds it now (through the bridge); last given at ")
            assert fs_line.endswith(" through a bridge for Zed")
            assert git_line.startswith("git: not holding it now; last given at ") and git_line.endswith(" in one call")
            row = app.live.current.root(alpha_id)
            assert row is not None and row.holding == ("fs",)  # through the bridge: the hub connected nothing

            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            app.window.servers_page.select("fs")
            details = app.window.servers_page.details
            await eventually(lambda: details.fetch.text().startswith("Given 1 folder today, last at "),
                             what="the server's day in its details")

            app.window.tabs.setCurrentIndex(HISTORY_TAB)
            page = app.window.history_page
            await eventually(lambda: page.model.rowCount() == 2, what="the History tab read on show")
            with History(history_path(state)) as history:
                history.append("fs", [alpha.as_uri(), beta.as_uri()], era="2025-11-25", via="bridge", host="Zed")
            write_session(state, "fs", "Zed", fetches=2, started_at=started_at)
            # No Refresh click: the page follows while it is shown.
            await eventually(lambda: page.model.rowCount() == 3, what="the new record on the History tab")
            await eventually(lambda: seen_by(beta_id) == "fs", what="beta given to the bridge too")
            await eventually(lambda: details.fetch.text().startswith("Given 2 folders today"),
                             what="the details counting both folders")

            (state / "sessions" / f"{os.getpid()}.json").unlink()  # the session ended
            await eventually(lambda: seen_by(alpha_id) == seen_by(beta_id) == "Nobody now (earlier: fs, git)",
                             what="nobody holding them once the session ended")

    run(qloop, scenario(), timeout=90)


def test_no_history_file_is_created_when_nothing_was_given(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha"))
    app = build_app(home)
    feed = app.window.history_feed

    async def scenario() -> None:
        async with running(app):
            feed.poke()
            await eventually(lambda: feed._reading is not None and feed._reading.done(), what="a read of the history")
            assert not history_path(home / "state").exists()

    run(qloop, scenario())


def _roots(count: int) -> list[Root]:
    return [Root(id=f"r{i}", name=f"n{i}", entered_path=f"/d/{i}", path=f"/d/{i}", uri=f"file:///d/{i}")
            for i in range(count)]


def _server(name: str) -> ServerEntry:
    return ServerEntry(name=name, target=StdioTarget(command="x"), share="all", consent="given")


def test_at_ten_thousand_roots_a_history_update_rebuilds_only_the_rows_whose_audience_changed(tmp_path: Path) -> None:
    roots = _roots(10_000)
    uris = [root.uri for root in roots]
    data = StoreData(roots=roots, servers=[_server("fs"), _server("git")])
    access = {root.id: OK for root in roots}
    statuses = {"fs": ConnectionStatus(state="connected", last_roots_fetch=uris, session_fetches=1)}
    state = tmp_path / "state"
    index = SeenIndex(state)
    now = time.time()

    def build(previous: Snapshot | None) -> Snapshot:
        return Snapshot.build(data, access, statuses.get, lambda _name: [], previous=previous,
                              roots_changed=False, history=index)

    with History(history_path(state)) as history:
        history.append("fs", uris, era="e", via="hub", at=now - 60)
        history.append("git", uris[:10], era="e", via="bridge", host="Zed", at=now - 50)
        assert index.update()
        first = build(None)
        assert first.roots[0].seen_by == ("fs", "git") and first.roots[0].holding == ("fs",)
        assert first.roots[10].seen_by == ("fs",)

        # The same lists again: only times moved, so every row stands.
        history.append("fs", uris, era="e", via="hub", at=now - 40)
        history.append("git", uris[:10], era="e", via="bridge", host="Zed", at=now - 30)
        assert index.update()
        second = build(first)
        assert all(new is old for new, old in zip(second.roots, first.roots, strict=True))

        # git is given one more folder: that row alone is new.
        history.append("git", uris[:11], era="e", via="bridge", host="Zed", at=now - 20)
        assert index.update()
        third = build(second)
        rebuilt = [index for index, (new, old) in enumerate(zip(third.roots, second.roots, strict=True))
                   if new is not old]
        assert rebuilt == [10] and third.roots[10].seen_by == ("fs", "git")
    index.close()


def test_a_server_seen_through_an_alias_is_found_in_the_history_under_the_alias(tmp_path: Path) -> None:
    alpha = Root(id="ra", name="alpha", entered_path="/home/u/src/alpha", path="/home/u/src/alpha",
                 uri="file:///home/u/src/alpha")
    box = ServerEntry(name="box", target=StdioTarget(command="x"), share="all", consent="given",
                      path_aliases={"/home/u/src": "/workspace"})
    state = tmp_path / "state"
    with History(history_path(state)) as history:
        history.append("box", ["file:///workspace/alpha"], era="e", via="hub")
    index = SeenIndex(state)
    assert index.update()
    snapshot = Snapshot.build(StoreData(roots=[alpha], servers=[box]), {"ra": OK}, lambda _name: None,
                              lambda _name: [], history=index)
    assert snapshot.roots[0].seen_by == ("box",) and snapshot.roots[0].holding == ()
    index.close()


def test_a_server_a_live_bridge_gave_a_folder_holds_it_until_the_session_ends(
    qloop: qasync.QEventLoop, tmp_path: Path, bridges: list[BridgeProcess], *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    alpha_id, beta_id = add_roots(store, alpha, beta)
    record = tmp_path / "recorder.jsonl"
    server = recorder("fs", record)
    server.consent = "given"
    store.update(lambda data: data.servers.append(server))
    lock = hold_hub_lock(home)  # the app connects nothing: only the bridge gives the server folders
    app = build_app(home)
    model = app.window.roots_model

    def cell(root_id: str, role: Qt.ItemDataRole = Qt.ItemDataRole.DisplayRole) -> str:
        return str(model.data(model.index(model.row_of(root_id), Column.SEEN_BY), role))

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: model.rowCount() == 2 and cell(alpha_id) == "No server yet",
                             what="the roots, seen by nobody")
            bridge = BridgeProcess(home, "fs")
            bridges.append(bridge)
            bridge.handshake("Zed")
            await eventually(lambda: bridge.answered(1), timeout=60, what="the bridge's initialize reply")
            bridge.initialized()
            await eventually(lambda: recorded(record) == [[alpha.as_uri(), beta.as_uri()]], timeout=30,
                             what="the server behind the bridge given both folders")
            # The server holds them right now, through the bridge: the cell names it, the tooltip the host.
            await eventually(lambda: cell(alpha_id) == cell(beta_id) == "fs", what="the bridge's server in Seen by")
            # The time is the history's, read once the session's change is seen: it may come a moment later.
            await eventually(lambda: cell(alpha_id, Qt.ItemDataRole.ToolTipRole).startswith(
                "fs via Zed: holds it now (through the bridge); last given at "), what="the tooltip naming the host")
            row = app.live.current.root(alpha_id)
            assert row is not None and row.holding == ("fs",) and row.seen_by == ("fs",)

            bridge.close()  # the host ended the session
            await eventually(lambda: cell(alpha_id) == cell(beta_id) == "Nobody now (earlier: fs)",
                             what="nobody holding them once the session ended")
            assert cell(alpha_id, Qt.ItemDataRole.ToolTipRole).startswith("fs: not holding it now; last given at ")

    try:
        run(qloop, scenario(), timeout=150)
    finally:
        lock.release()


def test_at_ten_thousand_roots_a_bridge_refetching_the_same_list_rebuilds_nothing_and_its_end_only_its_rows() -> None:
    roots = _roots(10_000)
    uris = [root.uri for root in roots]
    data = StoreData(roots=roots, servers=[_server("fs"), _server("git")])
    access = {root.id: OK for root in roots}
    statuses = {"fs": ConnectionStatus(state="connected", last_roots_fetch=uris, session_fetches=1)}
    sessions: list[dict[str, object]] = []

    def bridge(fetches: int, given: list[str]) -> dict[str, object]:
        return {"pid": 4242, "server": "git", "host": {"name": "Zed"}, "started_at": "2026-12-01T10:32:00+00:00",
                "roots_fetch_count": fetches, "roots_given": given}

    def build(previous: Snapshot | None) -> Snapshot:
        return Snapshot.build(data, access, statuses.get, lambda _name: [],
                              lambda name: [doc for doc in sessions if doc["server"] == name],
                              previous=previous, roots_changed=False)

    sessions.append(bridge(1, uris[:10]))
    first = build(None)
    assert first.roots[0].seen_by == first.roots[0].holding == ("fs", "git")
    assert first.roots[10].holding == ("fs",)

    # The bridge's file rewritten by another fetch of the same list (a new, equal list): nothing rebuilt.
    sessions[:] = [bridge(2, list(uris[:10]))]
    second = build(first)
    assert second.seen is first.seen and second.roots is first.roots

    # The session ends: only the ten rows it held change.
    sessions.clear()
    third = build(second)
    rebuilt = [index for index, (new, old) in enumerate(zip(third.roots, second.roots, strict=True)) if new is not old]
    assert rebuilt == list(range(10)) and third.roots[0].holding == ("fs",)
