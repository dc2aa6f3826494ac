"""The roots table, the tray's state and the health sentence render each root's standing
(`app.core.roots.standing`): the real Qt model over a real snapshot, with a policy read from a real file."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from app.core.model import Root, StoreData
from app.core.policy import load_policy
from app.core.roots.access import AccessResult, AccessStatus
from app.ui.icons import Dot
from app.ui.models.health import health
from app.ui.models.roots import Column, RootsTableModel
from app.ui.models.snapshot import Snapshot, TrayState

OK = AccessResult(AccessStatus.OK, "readable")
GONE = AccessResult(AccessStatus.MISSING, "/x does not exist (deleted, renamed or unmounted).")


def root(name: str, *, enabled: bool = True) -> Root:
    path = f"/data/{name}"
    return Root(id=f"r-{name}", name=name, entered_path=path, path=path, uri=f"file://{path}", enabled=enabled)


def world(tmp_path: Path, *, paused: bool) -> Snapshot:
    """open: shared; gone: unreachable; secret: turned off and forbidden; locked: on, forbidden and unreachable."""
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps({"deny_folders": ["/data/secret", "/data/locked"]}))
    roots = [root("open"), root("gone"), root("secret", enabled=False), root("locked")]
    access = {"r-open": OK, "r-gone": GONE, "r-secret": OK, "r-locked": GONE}
    return Snapshot.build(StoreData(roots=roots, paused=paused), access, lambda _n: None, lambda _n: [],
                          policy=load_policy(policy_file))


def column(model: RootsTableModel, which: Column) -> dict[str, str]:
    return {model.index(r, Column.NAME).data(): model.index(r, which).data() for r in range(model.rowCount())}


def dots(model: RootsTableModel) -> dict[str, str]:
    """Each Status dot's colour, read from the drawn icon."""
    def colour(r: int) -> str:
        icon = model.index(r, Column.STATUS).data(Qt.ItemDataRole.DecorationRole)
        return icon.pixmap(16).toImage().pixelColor(8, 8).name()

    return {model.index(r, Column.NAME).data(): colour(r) for r in range(model.rowCount())}


def test_the_table_says_the_first_reason_each_root_is_not_shared(english: object, tmp_path: Path) -> None:
    model = RootsTableModel()
    model.set_snapshot(world(tmp_path, paused=False))
    # Turned off and forbidden: the policy is named (this column used to say "Nobody (turned off)").
    assert column(model, Column.SEEN_BY) == {
        "open": "No server yet", "gone": "Nobody (not reachable)",
        "secret": "Nobody (blocked by policy)", "locked": "Nobody (blocked by policy)"}
    assert column(model, Column.STATUS) == {
        "open": "Reachable", "gone": "Missing", "secret": "Blocked by policy", "locked": "Blocked by policy"}
    off = QColor(Dot.OFF.value).name()
    assert dots(model) == {"open": QColor(Dot.OK.value).name(), "gone": QColor(Dot.ERROR.value).name(),
                           "secret": off, "locked": off}

    # Paused and unreachable, paused and forbidden: the pause is named; the Status column keeps the root's own.
    model.set_snapshot(world(tmp_path, paused=True))
    assert set(column(model, Column.SEEN_BY).values()) == {"Nobody (sharing is paused)"}
    assert column(model, Column.STATUS)["gone"] == "Missing"
    assert column(model, Column.STATUS)["locked"] == "Blocked by policy"


def test_the_tray_and_its_sentence_count_only_what_is_meant_to_be_shared(english: object, tmp_path: Path) -> None:
    snapshot = world(tmp_path, paused=False)
    # "locked" is unreachable too, but forbidden anyway: only "gone" needs attention, "open" and "gone" are on.
    assert [row.root.name for row in snapshot.attention_roots] == ["gone"]
    assert snapshot.tray_state is TrayState.ATTENTION
    found = health(snapshot)
    assert (found.shared, found.unreachable) == (2, 1)
    assert found.sentence == "1 shared folder cannot be reached"
    paused = world(tmp_path, paused=True)
    assert paused.tray_state is TrayState.PAUSED and [row.root.name for row in paused.attention_roots] == ["gone"]
