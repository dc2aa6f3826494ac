"""What the Qt item models render, built by hand: shared folders, their access results, and the snapshot of both."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import Qt

from app.core.model import Root, ServerEntry, StoreData
from app.core.roots.access import AccessResult, AccessStatus
from app.core.roots.sharing import SharedRoot
from app.mcp.connection.connection import ConnectionStatus
from app.ui.models.roots import RootsTableModel
from app.ui.models.servers import ServersTableModel
from app.ui.models.snapshot import Snapshot

OK = AccessResult(AccessStatus.OK, "readable", datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
GONE = AccessResult(AccessStatus.MISSING, "/x does not exist (deleted, renamed or unmounted).")


def root(name: str, path: str, *, enabled: bool = True, entered: str | None = None) -> Root:
    """A shared folder with the id `r-NAME`."""
    return Root(id=f"r-{name}", name=name, entered_path=entered or path, path=path, uri=f"file://{path}",
                enabled=enabled)


def snapshot(
    roots: list[Root],
    access: dict[str, AccessResult],
    servers: list[ServerEntry] | None = None,
    statuses: dict[str, ConnectionStatus] | None = None,
    *,
    visible: dict[str, list[SharedRoot]] | None = None,
    paused: bool = False,
) -> Snapshot:
    """The snapshot the models render for these roots and servers (`visible`: what each server sees)."""
    data = StoreData(roots=roots, servers=servers or [], paused=paused)
    shown = visible or {}
    return Snapshot.build(data, access, (statuses or {}).get, lambda name: shown.get(name, []))


def cell(model: RootsTableModel | ServersTableModel, row: int, column: int,
         role: int = Qt.ItemDataRole.DisplayRole) -> Any:
    """What `model` answers for `role` at (`row`, `column`)."""
    return model.data(model.index(row, column), role)
