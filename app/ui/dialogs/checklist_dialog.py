"""Pick some of a list with checkboxes: a host's servers to route, or folders found on command lines to share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.ui.render import plain_tooltip

VALUE_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    checked: bool = False
    disabled_because: str = ""
    """Why the item cannot be picked (shown as its tooltip); empty when it can."""


class ChecklistDialog(QDialog):
    def __init__(self, title: str, prompt: str, choices: Sequence[Choice], accept_text: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checklistDialog")
        self.setWindowTitle(title)
        self.setMinimumWidth(520)
        self.prompt = QLabel(prompt, self)
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.prompt.setWordWrap(True)
        self.items = QListWidget(self)
        self.items.setObjectName("checklist")
        for choice in choices:
            item = QListWidgetItem(choice.label, self.items)
            item.setData(VALUE_ROLE, choice.value)
            flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
            if choice.disabled_because:
                flags &= ~Qt.ItemFlag.ItemIsEnabled
                item.setToolTip(plain_tooltip(choice.disabled_because) or "")
            item.setFlags(flags)
            checked = choice.checked and not choice.disabled_because
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        self._buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.accept_button = self._buttons.addButton(accept_text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.accept_button.setObjectName("acceptChoice")
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        self.items.itemChanged.connect(self._sync)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.items, 1)
        layout.addWidget(self._buttons)
        self._sync()

    def item(self, value: str) -> QListWidgetItem:
        return next(self.items.item(row) for row in range(self.items.count())
                    if self.items.item(row).data(VALUE_ROLE) == value)

    def chosen(self) -> list[str]:
        return [str(item.data(VALUE_ROLE)) for row in range(self.items.count())
                if (item := self.items.item(row)).checkState() == Qt.CheckState.Checked
                and item.flags() & Qt.ItemFlag.ItemIsEnabled]

    def _sync(self) -> None:
        self.accept_button.setEnabled(bool(self.chosen()))
