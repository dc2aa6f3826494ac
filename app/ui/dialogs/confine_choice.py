"""The "Run confined" choice wherever new command servers are added (the server dialog, the import step): checked
where the system can confine them, else unchecked and disabled with core's sentence why below it
(`app.core.confine.support.confine_refusal`). One rule, one place."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QWidget

from app.ui.render import render


class ConfineChoice:
    """The checkbox (`box`, named as the caller says) and the note why it is off (`note`, "confineNote")."""

    def __init__(self, parent: QWidget, name: str) -> None:
        from app.core.confine.support import confine_refusal

        self.refusal = confine_refusal()
        self.box = QCheckBox(parent)
        self.box.setObjectName(name)
        self.box.setChecked(self.refusal is None)
        self.box.setEnabled(self.refusal is None)
        self.note = QLabel(parent)
        self.note.setObjectName("confineNote")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)

    def retranslate(self, label: str) -> None:
        """Show `label` (the caller's translated words) on the box, and the reason in the current language."""
        self.box.setText(label)
        self.note.setText(render(self.refusal) if self.refusal is not None else "")
        self.note.setVisible(self.refusal is not None)

    def chosen(self) -> bool | None:
        """Whether the user chose to run them confined; None where the system cannot confine (the default holds)."""
        return self.box.isChecked() if self.box.isEnabled() else None
