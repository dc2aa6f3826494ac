"""The "what may this server see" choice, shared by the server editor and the consent prompt."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QButtonGroup, QListWidget, QListWidgetItem, QRadioButton, QVBoxLayout, QWidget

from app.core.model import Root, SharingMode
from app.ui.messages import plain_tooltip
from app.ui.text import home_relative

ROOT_ID_ROLE = Qt.ItemDataRole.UserRole + 1


class SharingChoice(QWidget):
    changed = Signal()

    def __init__(
        self, roots: Sequence[Root], *, offer_none: bool = True, offer_later: bool = False,
        unavailable: Collection[str] = (), parent: QWidget | None = None,
    ) -> None:
        """`unavailable`: the ids of folders the last check could not reach (marked in the list)."""
        super().__init__(parent)
        self._roots = list(roots)
        self._unavailable = set(unavailable)
        # "All shared folders" means the folders turned on: the ones a server would be told about.
        self._root_count = sum(1 for root in roots if root.enabled)
        self.later_button = QRadioButton(self)
        self.later_button.setVisible(offer_later)
        self.all_button = QRadioButton(self)
        self.some_button = QRadioButton(self)
        self.none_button = QRadioButton(self)
        self.none_button.setVisible(offer_none)
        group = QButtonGroup(self)
        for button in (self.later_button, self.all_button, self.some_button, self.none_button):
            group.addButton(button)
        self.roots_list = QListWidget(self)
        self.roots_list.setObjectName("sharingRoots")
        for root in roots:
            item = QListWidgetItem(self.roots_list)
            item.setToolTip(plain_tooltip(root.path) or "")
            item.setData(ROOT_ID_ROLE, root.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.roots_list.setMaximumHeight(140)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.later_button)
        layout.addWidget(self.all_button)
        layout.addWidget(self.some_button)
        layout.addWidget(self.roots_list)
        layout.addWidget(self.none_button)
        group.buttonToggled.connect(self._sync)
        self.roots_list.itemChanged.connect(lambda _item: self.changed.emit())
        # Where "decide later" is offered it is the default: a new server shares nothing until the user chooses.
        (self.later_button if offer_later else self.all_button).setChecked(True)
        self.retranslate()

    def set_share(self, share: SharingMode | list[str]) -> None:
        if isinstance(share, list):
            chosen = set(share)
            for row in range(self.roots_list.count()):
                item = self.roots_list.item(row)
                checked = item.data(ROOT_ID_ROLE) in chosen
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.some_button.setChecked(True)
        elif share == "none":
            self.none_button.setChecked(True)
        else:
            self.all_button.setChecked(True)

    def set_undecided(self) -> None:
        self.later_button.setChecked(True)

    def decided(self) -> bool:
        """False while "decide later" is chosen: the server then waits for consent and sees nothing."""
        return not self.later_button.isChecked()

    def share(self) -> SharingMode | list[str]:
        if self.none_button.isChecked():
            return "none"
        if self.some_button.isChecked():
            return [
                str(item.data(ROOT_ID_ROLE))
                for row in range(self.roots_list.count())
                if (item := self.roots_list.item(row)).checkState() == Qt.CheckState.Checked
            ]
        return "all"

    def _sync(self) -> None:
        self.roots_list.setEnabled(self.some_button.isChecked())
        self.changed.emit()

    def _label(self, root: Root) -> str:
        label = self.tr("%1 — %2").replace("%1", root.name).replace("%2", home_relative(root.path))
        if not root.enabled:
            label += " " + self.tr("(turned off)")
        elif root.id in self._unavailable:
            label += " " + self.tr("(unavailable)")
        return label

    def retranslate(self) -> None:
        for row, root in enumerate(self._roots):
            self.roots_list.item(row).setText(self._label(root))
        self.later_button.setText(self.tr("Decide later: nothing is shared until you choose"))
        self.all_button.setText(self.tr("All shared folders (%n now)", None, self._root_count))
        self.some_button.setText(self.tr("Only the folders checked below"))
        self.none_button.setText(self.tr("None: do not offer roots at all, so the server uses its own configuration"))
        self.roots_list.setToolTip(self.tr("Folders added later are not included unless you check them here."))
        if not self._root_count:
            self.roots_list.setToolTip(self.tr("No folders are shared yet."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
