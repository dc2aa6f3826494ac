""""Seen by": the connected servers given the folder (their last roots answer); the others in its tooltip."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import Qt

from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.roots.access import AccessResult, AccessStatus
from app.core.servers.status import ConnectionStatus
from app.core.store.store import Store
from app.ui.models.roots import Column, RootsTableModel
from app.ui.models.snapshot import ServerRow, Snapshot
from tests.support.gui import BuildApp, run, running
from tests.support.servers import stdio_entry
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually

OK = AccessResult(AccessStatus.OK, "readable")


def seen_by(model: RootsTableModel, root_id: str) -> str:
    return str(model.data(model.index(model.row_of(root_id), Column.SEEN_BY), Qt.ItemDataRole.DisplayRole))


def test_a_crash_looping_server_is_named_only_in_the_tooltip_never_as_seeing_the_folder(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha_id, beta_id = add_roots(store, *folders(tmp_path / "data", "alpha", "beta"))

    def configure(data: StoreData) -> None:
        # `crashy` takes the handshake, lists the roots once and dies, again and again; `rec` stays
        # and is given alpha only, so beta was only ever given to the server that keeps dying.
        data.servers = [stdio_entry("crashy", "hostile", "die-after-roots", share="all"),
                        stdio_entry("rec", "legacy_recorder", "--record", str(tmp_path / "rec.jsonl"),
                                    share=[alpha_id])]

    store.update(configure)
    app = build_app(home)
    model = app.window.roots_model

    def crashy_given_then_gone() -> bool:
        row = app.live.current.server("crashy")
        status = row.status if row else None
        # Given the list at least twice (so it restarted), and not connected at this moment.
        return status is not None and status.roots_fetch_count >= 2 and status.state != "connected"

    shown: list[tuple[str, tuple[str, ...]]] = []
    """Every (cell, holders) the table showed while waiting: a server is named only while it holds the folder."""

    def cell(root_id: str) -> str:
        text = seen_by(model, root_id)
        row = model.row_at(model.row_of(root_id))
        shown.append((text, row.holding if row else ()))
        return text

    def tooltip(root_id: str) -> str:
        return str(model.data(model.index(model.row_of(root_id), Column.SEEN_BY), Qt.ItemDataRole.ToolTipRole))

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: "rec" in cell(alpha_id).split(", "), what="rec given alpha")
            await eventually(crashy_given_then_gone, timeout=60, what="crashy given the list, then gone again")
            # The history says crashy was given both; while it is down the cells name only who holds them now.
            await eventually(lambda: cell(alpha_id) == "rec" and cell(beta_id) == "Nobody now (earlier: crashy)"
                             and crashy_given_then_gone(), timeout=30, what="crashy gone from both cells")
            # Whenever the cell named servers as seeing the folder, they were exactly the ones holding it.
            named = [(text, holding) for text, holding in shown if not text.startswith(("Nobody", "No server"))]
            assert named and all(text.split(", ") == list(holding) for text, holding in named), named
            # The tooltips keep the whole history: who holds it now, and who was given it before.
            rec_line, crashy_line = tooltip(alpha_id).splitlines()
            assert rec_line.startswith("rec: holds it now (connected); last given at ")
            assert crashy_line.startswith("crashy: not holding it now; last given at ")
            (beta_line,) = tooltip(beta_id).splitlines()
            assert beta_line.startswith("crashy: not holding it now; last given at ")

    run(qloop, scenario(), timeout=120)


def _row(name: str, **fields: object) -> ServerEntry:
    return ServerEntry(name=name, target=StdioTarget(command="x"), share="all", consent="given", **fields)  # type: ignore[arg-type]


def _snapshot(roots: list[Root], servers: list[ServerEntry], statuses: dict[str, ConnectionStatus],
              previous: Snapshot | None = None) -> Snapshot:
    data = StoreData(roots=roots, servers=servers)
    return Snapshot.build(data, {root.id: OK for root in roots}, statuses.get, lambda _name: [], previous=previous)


def test_seen_by_needs_a_connected_session_that_was_given_the_folder() -> None:
    alpha = Root(id="ra", name="alpha", entered_path="/data/alpha", path="/data/alpha", uri="file:///data/alpha")
    beta = Root(id="rb", name="beta", entered_path="/data/beta", path="/data/beta", uri="file:///data/beta")
    uris = [alpha.uri, beta.uri]
    statuses = {
        # Given both earlier, now retrying: it holds nothing.
        "backoff": ConnectionStatus(state="backoff", last_roots_fetch=uris, session_fetches=1),
        # Connected again but not asked yet in this session: the last fetch was a previous session's.
        "fresh": ConnectionStatus(state="connected", last_roots_fetch=uris, session_fetches=0),
        # Connected and given only alpha (beta came later; it has not listed again).
        "told": ConnectionStatus(state="connected", last_roots_fetch=[alpha.uri], session_fetches=2),
    }
    servers = [_row(name) for name in statuses]
    snapshot = _snapshot([alpha, beta], servers, statuses)
    assert snapshot.root("ra") is not None and snapshot.root("ra").seen_by == ("told",)  # type: ignore[union-attr]
    assert snapshot.root("rb") is not None and snapshot.root("rb").seen_by == ()  # type: ignore[union-attr]


def test_seen_by_follows_path_aliases_back_to_the_folder() -> None:
    alpha = Root(id="ra", name="alpha", entered_path="/home/u/src/alpha", path="/home/u/src/alpha",
                 uri="file:///home/u/src/alpha")
    given = ["file:///workspace/alpha"]
    statuses = {"box": ConnectionStatus(state="connected", last_roots_fetch=given, session_fetches=1)}
    servers = [_row("box", path_aliases={"/home/u/src": "/workspace"})]
    assert _snapshot([alpha], servers, statuses).roots[0].seen_by == ("box",)


def test_an_unchanged_root_keeps_its_row_object_between_snapshots() -> None:
    roots = [Root(id=f"r{i}", name=f"n{i}", entered_path=f"/d/{i}", path=f"/d/{i}", uri=f"file:///d/{i}")
             for i in range(3)]
    given = [root.uri for root in roots]
    statuses = {"s": ConnectionStatus(state="connected", last_roots_fetch=given, session_fetches=1)}
    servers = [_row("s")]
    data = StoreData(roots=roots, servers=servers)
    access = {root.id: OK for root in roots}
    first = Snapshot.build(data, access, statuses.get, lambda _name: [])
    access["r1"] = AccessResult(AccessStatus.MISSING, "gone")
    second = Snapshot.build(data, access, statuses.get, lambda _name: [], previous=first)
    assert second.roots[0] is first.roots[0] and second.roots[2] is first.roots[2]
    assert second.roots[1] is not first.roots[1] and second.attention_roots == [second.roots[1]]
    assert isinstance(second.servers[0], ServerRow) and second.roots[0].seen_by == ("s",)


def test_a_status_only_change_keeps_every_root_row_and_a_new_audience_rebuilds_them() -> None:
    roots = [Root(id=f"r{i}", name=f"n{i}", entered_path=f"/d/{i}", path=f"/d/{i}", uri=f"file:///d/{i}")
             for i in range(3)]
    data = StoreData(roots=roots, servers=[_row("s")])
    access = {root.id: OK for root in roots}
    statuses = {"s": ConnectionStatus(state="connecting")}
    first = Snapshot.build(data, access, statuses.get, lambda _name: [])
    statuses["s"] = ConnectionStatus(state="connected")  # connected, nothing given yet: same audiences
    second = Snapshot.build(data, access, statuses.get, lambda _name: [], previous=first, roots_changed=False)
    assert second.roots is first.roots and second.servers[0].status is statuses["s"]
    statuses["s"] = ConnectionStatus(state="connected", last_roots_fetch=[roots[0].uri], session_fetches=1)
    third = Snapshot.build(data, access, statuses.get, lambda _name: [], previous=second, roots_changed=False)
    assert third.roots[0].seen_by == ("s",) and third.roots[1] is second.roots[1]
