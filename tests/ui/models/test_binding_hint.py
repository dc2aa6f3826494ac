"""The servers table's binding column: a 2026-07-28 server seen never asking for its folders names the command."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from app.core.model import ServerEntry, StdioTarget
from app.ui.models.servers import Column, ServersTableModel
from tests.support.snapshots import cell, snapshot

HINT = "this lets it see them: rootkeeper servers era {name} 2025-11-25"


def test_a_server_that_never_asked_in_the_modern_era_is_shown_with_the_command_that_helps(english: object) -> None:
    def server(name: str, **fields: Any) -> ServerEntry:
        return ServerEntry(name=name, target=StdioTarget(command="codenav"), consent="given", **fields)

    never = server("codenav", asks_roots="never")
    pinned = server("pinned", asks_roots="never", era="2025-11-25")
    told = server("told", asks_roots="on_change")
    model = ServersTableModel()
    model.set_snapshot(snapshot([], {}, servers=[never, pinned, told]))

    tips = [cell(model, row, Column.BINDING, Qt.ItemDataRole.ToolTipRole) for row in range(3)]
    assert cell(model, 0, Column.BINDING) == "Not told"
    assert tips[0].startswith("Never asks for its folders") and HINT.format(name="codenav") in tips[0]
    assert "servers era" not in tips[1]  # already in the handshake era: the command would change nothing
    assert "servers era" not in tips[2]
