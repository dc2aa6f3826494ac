"""A planned change to a config file, shown as its exact unified diff before anything is written."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget


def visible(diff: str) -> str:
    """The diff with control characters other than tab and newline shown as escapes, never interpreted."""
    return "".join(ch if ch.isprintable() or ch in "\t\n" else ascii(ch)[1:-1] for ch in diff)


class DiffDialog(QDialog):
    def __init__(self, title: str, prompt: str, diff: str, apply_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diffDialog")
        self.setWindowTitle(title)
        self.resize(820, 520)
        self.prompt = QLabel(prompt, self)
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)  # host and file names come from config files
        self.prompt.setWordWrap(True)
        self.view = QPlainTextEdit(self)
        self.view.setObjectName("diffView")
        self.view.setReadOnly(True)
        self.view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.view.setPlainText(visible(diff))
        self._buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.cancel_button = self._buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self._buttons.addButton(apply_text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setObjectName("applyChange")
        self.cancel_button.setDefault(True)  # Enter must not write a file
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.view, 1)
        layout.addWidget(self._buttons)
