"""The consent prompt says how binding the list is for this server, in the user's words, as plain text."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.core.model import ServerEntry, StdioTarget
from app.ui import text
from app.ui.dialogs.consent_dialog import ConsentDialog


def test_a_server_with_its_own_folder_says_it_keeps_it(qtbot, tmp_path: Path, english) -> None:  # type: ignore[no-untyped-def]
    own = tmp_path / "<b>own"
    own.mkdir()
    entry = ServerEntry(name="fs", target=StdioTarget(command="npx", args=["-y", "server-filesystem", str(own)]),
                        kept_folders=[str(own)])
    dialog = ConsentDialog("fs", [], target=text.target_label(entry), binding=text.binding_texts(entry))
    qtbot.addWidget(dialog)
    assert dialog.binding.text() == f"Held to your list: Keeps its own folders. It serves {own} whatever the list says."
    assert dialog.binding.textFormat() == Qt.TextFormat.PlainText
    assert not dialog.binding.isHidden()


def test_a_placeholder_server_is_started_with_exactly_the_shared_folders(qtbot, english) -> None:  # type: ignore[no-untyped-def]
    entry = ServerEntry(name="fs", target=StdioTarget(command="npx", args=["-y", "server-filesystem", "{roots}"]))
    dialog = ConsentDialog("fs", [], binding=text.binding_texts(entry))
    qtbot.addWidget(dialog)
    assert dialog.binding.text() == ("Held to your list: Arguments. Started with exactly the shared folders, and "
                                     "restarted when they change.")
