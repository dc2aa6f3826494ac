"""The roots table answers a repaint of an unchanged row from what that row answered before."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.core.access import AccessResult, AccessStatus
from app.ui.roots_model import Column, RootsTableModel
from tests.ui.test_models import OK, cell, root, snapshot

PAINTED = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.CheckStateRole,
           Qt.ItemDataRole.FontRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.BackgroundRole)


class CountingModel(RootsTableModel):
    """The real model, counting how often a cell's answer is worked out."""

    def __init__(self) -> None:
        super().__init__()
        self.rendered: list[tuple[str, int]] = []

    def _render(self, row, column, role):  # type: ignore[no-untyped-def]
        self.rendered.append((row.root.id, column))
        return super()._render(row, column, role)


def paint(model: RootsTableModel) -> None:
    for row in range(model.rowCount()):
        for column in Column:
            for role in PAINTED:
                cell(model, row, column, role)


def test_an_unchanged_row_is_not_rendered_again_and_a_changed_one_is(english: object) -> None:
    alpha, beta = root("alpha", "/data/alpha"), root("beta", "/data/beta")
    model = CountingModel()
    first = snapshot([alpha, beta], {alpha.id: OK, beta.id: OK})
    model.set_snapshot(first)
    paint(model)
    assert model.rendered
    model.rendered.clear()
    paint(model)  # a second paint of the same rows: every answer but the time is kept
    assert {column for _rid, column in model.rendered} == {Column.CHECKED}

    gone = AccessResult(AccessStatus.MISSING, "/data/beta does not exist (deleted, renamed or unmounted).")
    model.set_snapshot(snapshot([alpha, beta], {alpha.id: OK, beta.id: gone}))
    model.rendered.clear()
    paint(model)
    # alpha's row object did not change (only the check of beta did): only beta is worked out again.
    assert {rid for rid, column in model.rendered if column != Column.CHECKED} == {beta.id}
    assert cell(model, 1, Column.STATUS) == "Missing"
    assert cell(model, 1, Column.SEEN_BY) == "Nobody (not reachable)"


def test_pausing_renders_every_row_again(english: object) -> None:
    alpha = root("alpha", "/data/alpha")
    model = RootsTableModel()
    model.set_snapshot(snapshot([alpha], {alpha.id: OK}))
    assert cell(model, 0, Column.SEEN_BY) == "No server yet"
    model.set_snapshot(snapshot([alpha], {alpha.id: OK}, paused=True))
    assert cell(model, 0, Column.SEEN_BY) == "Nobody (sharing is paused)"
