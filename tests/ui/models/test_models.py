"""The Qt item models, the snapshot they render, and the transitions that raise notifications."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QAbstractItemModelTester

from app.core.model import HttpTarget, ServerEntry, StdioTarget
from app.core.roots.sharing import SharedRoot
from app.mcp.connection.connection import ConnectionStatus
from app.ui.dialogs.server_hints import replaces_own_folders
from app.ui.i18n import language_for
from app.ui.models.roots import ROOT_ID_ROLE, Column, RootsTableModel
from app.ui.models.servers import Column as ServerColumn
from app.ui.models.servers import ServersTableModel
from app.ui.models.snapshot import TrayState
from app.ui.text import home_relative
from app.ui.tray.transitions import Change, TransitionTracker
from tests.support.snapshots import GONE, OK, cell, root, snapshot


def test_roots_model_shows_each_column_and_who_sees_it(english: object) -> None:
    alpha, beta = root("alpha", "/data/alpha"), root("beta", "/data/beta", entered="/links/beta")
    model = RootsTableModel()
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    shared = [SharedRoot(alpha.uri, "alpha")]
    given = ConnectionStatus(state="connected", last_roots_fetch=[alpha.uri], session_fetches=2)
    model.set_snapshot(snapshot([alpha, beta], {alpha.id: OK, beta.id: GONE}, visible={"fs": shared, "web": shared},
                                servers=[ServerEntry(name="fs", target=StdioTarget(command="x")),
                                         ServerEntry(name="web", target=HttpTarget(url="http://127.0.0.1:1/mcp"))],
                                statuses={"fs": given, "web": given}))

    assert model.rowCount() == 2
    assert cell(model, 0, Column.NAME) == "alpha"
    assert cell(model, 0, Column.STATUS) == "Reachable"
    assert cell(model, 0, Column.SEEN_BY) == "fs, web"
    assert cell(model, 0, Column.SHARED, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert cell(model, 1, Column.PATH) == "/links/beta  →  /data/beta"
    assert cell(model, 1, Column.STATUS) == "Missing"
    assert "does not exist" in cell(model, 1, Column.STATUS, Qt.ItemDataRole.ToolTipRole)
    assert "as seen by Rootkeeper" in cell(model, 0, Column.STATUS, Qt.ItemDataRole.ToolTipRole)
    assert cell(model, 1, Column.SEEN_BY) == "Nobody (not reachable)"
    assert cell(model, 1, Column.NAME, ROOT_ID_ROLE) == beta.id
    assert model.flags(model.index(0, Column.NAME)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, Column.PATH)) & Qt.ItemFlag.ItemIsEditable


def test_roots_model_updates_rows_in_place_and_announces_inserts_and_removals(english: object) -> None:
    a, b, c = root("a", "/a"), root("b", "/b"), root("c", "/c")
    model = RootsTableModel()
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    model.set_snapshot(snapshot([a, b], {}))
    events: list[str] = []
    model.rowsInserted.connect(lambda _p, first, last: events.append(f"insert {first}-{last}"))
    model.rowsRemoved.connect(lambda _p, first, last: events.append(f"remove {first}-{last}"))
    model.modelReset.connect(lambda: events.append("reset"))
    model.dataChanged.connect(lambda tl, br: events.append(f"changed {tl.row()}-{br.row()}"))

    model.set_snapshot(snapshot([a, c, b], {b.id: OK}))
    assert events == ["insert 1-1", "changed 2-2"]
    assert [model.data(model.index(r, Column.NAME)) for r in range(3)] == ["a", "c", "b"]

    events.clear()
    model.set_snapshot(snapshot([c], {}))
    assert events == ["remove 2-2", "remove 0-0"]
    assert model.rowCount() == 1 and cell(model, 0, Column.NAME) == "c"

    events.clear()
    model.set_snapshot(snapshot([c], {}))
    assert events == []  # nothing changed, nothing repainted


def test_new_rows_are_announced_in_runs_not_one_by_one(english: object) -> None:
    a, b = root("a", "/a"), root("b", "/b")
    x, y, z, w = (root(name, f"/{name}") for name in "xyzw")
    model = RootsTableModel()
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    inserts: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _p, first, last: inserts.append((first, last)))
    many = [root(f"f{i}", f"/f{i}") for i in range(500)]
    model.set_snapshot(snapshot(many, {}))
    assert inserts == [(0, 499)]

    inserts.clear()
    model.set_snapshot(snapshot([a, b], {}))
    model.set_snapshot(snapshot([x, y, a, z, b, w], {}))
    assert inserts == [(0, 1), (0, 1), (3, 3), (5, 5)]
    assert [cell(model, r, Column.NAME) for r in range(6)] == ["x", "y", "a", "z", "b", "w"]


def test_editing_a_name_or_the_toggle_asks_for_a_save_and_shows_it_at_once(english: object) -> None:
    a = root("a", "/a")
    model = RootsTableModel()
    model.set_snapshot(snapshot([a], {a.id: OK}))
    renames: list[tuple[str, str]] = []
    toggles: list[tuple[str, bool]] = []
    model.renameRequested.connect(lambda rid, name: renames.append((rid, name)))
    model.enabledChangeRequested.connect(lambda rid, on: toggles.append((rid, on)))

    assert model.setData(model.index(0, Column.NAME), "  Website  ")
    assert not model.setData(model.index(0, Column.NAME), "   ")  # an empty name is refused on the spot
    assert model.setData(model.index(0, Column.SHARED), Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)

    assert renames == [(a.id, "Website")]
    assert toggles == [(a.id, False)]
    assert cell(model, 0, Column.NAME) == "Website"
    assert cell(model, 0, Column.SEEN_BY) == "Nobody (turned off)"


def test_servers_model_shows_connection_sharing_and_last_fetch(english: object) -> None:
    fs = ServerEntry(name="fs", target=StdioTarget(command="npx", args=["-y", "pkg"]), consent="given")
    web = ServerEntry(name="web", target=HttpTarget(url="http://127.0.0.1:9/mcp"))
    statuses = {
        "fs": ConnectionStatus(state="connected", era="legacy", protocol_version="2025-11-25",
                               last_roots_fetch_at=datetime.now(UTC), last_roots_fetch=["file:///a", "file:///b"]),
        "web": ConnectionStatus(state="backoff", last_error="Connection refused by 127.0.0.1:9."),
    }
    model = ServersTableModel()
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    model.set_snapshot(snapshot([], {}, servers=[fs, web], statuses=statuses))

    assert cell(model, 0, ServerColumn.CONNECTION) == "npx -y pkg"
    assert cell(model, 0, ServerColumn.SHARING) == "All shared folders"
    assert cell(model, 0, ServerColumn.STATUS) == "Connected"  # the protocol version is in the details
    assert cell(model, 0, ServerColumn.LAST_FETCH).endswith("· 2 folders")
    assert cell(model, 1, ServerColumn.SHARING) == "Waiting for your consent"
    assert cell(model, 1, ServerColumn.STATUS) == "Reconnecting"
    assert cell(model, 1, ServerColumn.STATUS, Qt.ItemDataRole.ToolTipRole) == "Connection refused by 127.0.0.1:9."
    assert cell(model, 1, ServerColumn.LAST_FETCH) == "Not yet"
    assert model.index(0, 0, model.index(0, 0)) == QModelIndex()


def test_a_server_held_back_while_paused_says_so_and_why(english: object) -> None:
    kept = ServerEntry(name="fs", target=StdioTarget(command="node", args=["server.js", "/srv/own"]),
                       consent="given", kept_folders=["/srv/own"])
    model = ServersTableModel()
    model.set_snapshot(snapshot([], {}, servers=[kept], paused=True))
    assert cell(model, 0, ServerColumn.STATUS) == "Held back"
    assert cell(model, 0, ServerColumn.STATUS, Qt.ItemDataRole.ToolTipRole) == (
        "Sharing with fs is paused in Rootkeeper.")
    model.set_snapshot(snapshot([], {}, servers=[kept], paused=False))  # nothing shared with it yet, still
    assert cell(model, 0, ServerColumn.STATUS, Qt.ItemDataRole.ToolTipRole) == (
        "Rootkeeper shares no folder with fs right now.")


def test_tray_state_follows_pause_problems_and_pending_consent() -> None:
    a = root("a", "/a")
    assert snapshot([a], {a.id: OK}).tray_state is TrayState.OK
    assert snapshot([a], {}).tray_state is TrayState.OK  # not checked yet is not a problem yet
    assert snapshot([a], {a.id: GONE}).tray_state is TrayState.ATTENTION
    off = root("a", "/a", enabled=False)
    assert snapshot([off], {off.id: GONE}).tray_state is TrayState.OK  # a turned-off folder bothers nobody
    waiting = ServerEntry(name="new", target=StdioTarget(command="x"))
    assert snapshot([a], {a.id: OK}, servers=[waiting]).tray_state is TrayState.ATTENTION
    assert snapshot([a], {a.id: GONE}, paused=True).tray_state is TrayState.PAUSED


def test_transitions_fire_once_per_change_never_for_the_first_look() -> None:
    a, b = root("a", "/a"), root("b", "/b")
    server = ServerEntry(name="s", target=StdioTarget(command="x"), consent="given")
    tracker = TransitionTracker()
    failing = {"s": ConnectionStatus(state="backoff", last_error="boom")}
    assert tracker.update(snapshot([a, b], {a.id: GONE, b.id: OK}, [server], failing)) == []

    lost = tracker.update(snapshot([a, b], {a.id: GONE, b.id: GONE}, [server], failing))
    assert [(t.change, t.name) for t in lost] == [(Change.FOLDER_LOST, "b")]
    assert tracker.update(snapshot([a, b], {a.id: GONE, b.id: GONE}, [server], failing)) == []

    connected = {"s": ConnectionStatus(state="connected")}
    back = tracker.update(snapshot([a, b], {a.id: OK, b.id: GONE}, [server], connected))
    assert [(t.change, t.name) for t in back] == [(Change.FOLDER_BACK, "a")]
    retrying = {"s": ConnectionStatus(state="connecting")}
    assert tracker.update(snapshot([a, b], {a.id: OK, b.id: GONE}, [server], retrying)) == []
    # It broke after it had worked (the connection counts the outage: `failed_sessions` 1).
    broke = {"s": ConnectionStatus(state="backoff", last_error="boom", failed_sessions=1)}
    failed = tracker.update(snapshot([a, b], {a.id: OK, b.id: GONE}, [server], broke))
    assert [(t.change, t.name, t.detail) for t in failed] == [(Change.SERVER_FAILED, "s", "boom")]
    assert tracker.update(snapshot([a, b], {a.id: OK, b.id: GONE}, [server], retrying)) == []
    assert tracker.update(snapshot([a, b], {a.id: OK, b.id: GONE}, [server], broke)) == []


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["zh-Hans-CN", "en-US"], "zh_CN"),
        (["zh-CN"], "zh_CN"),
        (["zh-TW"], "zh_TW"),
        (["zh-Hant-HK"], "zh_TW"),
        (["zh-HK"], "zh_TW"),
        (["de-DE", "zh-TW"], "zh_TW"),
        (["en-GB", "zh-CN"], "en"),
        (["fr-FR"], "en"),
        ([], "en"),
    ],
)
def test_the_system_language_picks_the_closest_catalogue(preferences: list[str], expected: str) -> None:
    assert language_for(preferences) == expected


def test_filesystem_servers_are_flagged_as_replacing_their_own_folders() -> None:
    package = "@modelcontextprotocol/server-filesystem"
    fs = ServerEntry(name="fs", target=StdioTarget(command="npx", args=["-y", package]))
    other = ServerEntry(name="o", target=StdioTarget(command="uvx", args=["mcp-server-git"]))
    assert replaces_own_folders(fs)
    assert not replaces_own_folders(other)


def test_paths_in_the_home_folder_are_shown_with_a_tilde(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert home_relative(str(tmp_path / "projects" / "site")) == os.path.join("~", "projects", "site")
    assert home_relative(str(tmp_path) + "-other") == str(tmp_path) + "-other"
    assert home_relative("/etc") == "/etc"
