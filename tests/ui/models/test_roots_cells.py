"""The roots table answers a repaint of an unchanged row from what that row answered before."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from app.core.roots.access import AccessResult, AccessStatus
from app.ui.models.roots import Column, RootsTableModel
from tests.support.gui import BuildApp
from tests.support.snapshots import OK, cell, root, snapshot

PAINTED = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.CheckStateRole,
           Qt.ItemDataRole.FontRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.BackgroundRole)


class CountingModel(RootsTableModel):
    """The real model, counting how often a row's cells are worked out."""

    def __init__(self) -> None:
        super().__init__()
        self.rendered: list[str] = []

    def _cells_of(self, row):  # type: ignore[no-untyped-def]
        self.rendered.append(row.root.id)
        return super()._cells_of(row)


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
    paint(model)  # a second paint of the same rows: every answer is kept
    assert model.rendered == []

    gone = AccessResult(AccessStatus.MISSING, "/data/beta does not exist (deleted, renamed or unmounted).")
    model.set_snapshot(snapshot([alpha, beta], {alpha.id: OK, beta.id: gone}))
    model.rendered.clear()
    paint(model)
    # alpha's row object did not change (only the check of beta did): only beta is worked out again.
    assert model.rendered == [beta.id]
    assert cell(model, 1, Column.STATUS) == "Missing"
    assert cell(model, 1, Column.SEEN_BY) == "Nobody (not reachable)"


def test_pausing_renders_every_row_again(english: object) -> None:
    alpha = root("alpha", "/data/alpha")
    model = RootsTableModel()
    model.set_snapshot(snapshot([alpha], {alpha.id: OK}))
    assert cell(model, 0, Column.SEEN_BY) == "No server yet"
    model.set_snapshot(snapshot([alpha], {alpha.id: OK}, paused=True))
    assert cell(model, 0, Column.SEEN_BY) == "Nobody (sharing is paused)"


def test_the_times_are_worked_out_again_once_the_day_changed(english: object) -> None:
    """A time kept from yesterday ("23:59") needs its date today: the first snapshot of a new day redoes them."""
    alpha = root("alpha", "/data/alpha")
    model = CountingModel()
    model.set_snapshot(snapshot([alpha], {alpha.id: OK}))
    paint(model)
    model.rendered.clear()
    model._today = QDate.currentDate().addDays(-1)  # the rows were worked out yesterday
    model.set_snapshot(snapshot([alpha], {alpha.id: OK}))
    paint(model)
    assert model.rendered == [alpha.id]


def test_a_turned_off_folder_is_greyed_in_the_palette_of_now(
    qapp: QApplication, tmp_path: Path, *, build_app: BuildApp
) -> None:
    """A kept grey is the palette's of when it was worked out: a new palette (a dark theme) redoes it."""
    app = build_app(tmp_path / "home")
    model = app.window.roots_model
    off = root("off", "/data/off", enabled=False)
    model.set_snapshot(snapshot([off], {off.id: OK}))
    original = qapp.palette()
    changed = QPalette(original)
    changed.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#123456"))
    try:
        assert cell(model, 0, Column.NAME, Qt.ItemDataRole.ForegroundRole) != QColor("#123456")
        qapp.setPalette(changed)
        qapp.processEvents()
        assert cell(model, 0, Column.NAME, Qt.ItemDataRole.ForegroundRole) == QColor("#123456")
    finally:
        qapp.setPalette(original)
        app.window.deleteLater()
        app.deleteLater()
