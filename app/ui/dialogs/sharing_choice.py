"""The "what may this server see" choice, shared by the server editor and the consent prompt.

What the administrator's policy forbids is shown locked, with the policy's own sentence: a folder
it denies cannot be checked, and a server it keeps from every folder (share-none, barred, or a
broken policy) has the whole choice fixed at "none". Core refuses such edits anyway; the lock only
shows it before the user tries.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.core.model import Root, ServerEntry
from app.core.roots.standing import Standing, standing, turned_on
from app.core.servers.words import SharingMode
from app.ui.render import plain_tooltip, render
from app.ui.text import home_relative

if TYPE_CHECKING:
    from app.core.policy import Policy
    from app.core.text import UserError

ROOT_ID_ROLE = Qt.ItemDataRole.UserRole + 1


def policy_lock(policy: Policy | None, server: ServerEntry) -> UserError | None:
    """Why the policy keeps `server` from every folder (the choice is then locked at none), or None."""
    if policy is None or not policy.active or not policy.shares_nothing(server):
        return None
    return policy.share_refusal(server)


class SharingChoice(QWidget):
    changed = Signal()

    def __init__(
        self, roots: Sequence[Root], *, offer_none: bool = True, offer_later: bool = False,
        unavailable: Collection[str] = (), policy: Policy | None = None, parent: QWidget | None = None,
    ) -> None:
        """`unavailable`: the ids of folders the last check could not reach (marked in the list)."""
        super().__init__(parent)
        self._roots = list(roots)
        self._unavailable = set(unavailable)
        self._forbidden = {root.id: refused for root in roots
                           if policy is not None and (refused := policy.folder_refusal(root.path)) is not None}
        # "All shared folders" means the folders turned on (and allowed): the ones a server would be told about.
        self._root_count = len(turned_on(self._roots, policy))
        self.locked: UserError | None = None
        """Why the policy fixes this choice at "none" (see `lock`), or None."""
        self._unlocked_choice: QRadioButton | None = None
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
            item.setData(ROOT_ID_ROLE, root.id)
            item.setCheckState(Qt.CheckState.Unchecked)
            forbidden = self._forbidden.get(root.id)
            if forbidden is None:
                item.setToolTip(plain_tooltip(root.path) or "")
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            else:  # locked: shown, never checkable, and the tooltip says which policy
                item.setToolTip(plain_tooltip(render(forbidden)) or "")
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setForeground(QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        self.roots_list.setMaximumHeight(140)
        self.lock_note = QLabel(self)
        self.lock_note.setObjectName("sharingLocked")
        self.lock_note.setTextFormat(Qt.TextFormat.PlainText)  # the policy's path and the server's name
        self.lock_note.setWordWrap(True)
        self.lock_note.setStyleSheet("color: #8a5a00;")
        self.lock_note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.later_button)
        layout.addWidget(self.all_button)
        layout.addWidget(self.some_button)
        layout.addWidget(self.roots_list)
        layout.addWidget(self.none_button)
        layout.addWidget(self.lock_note)
        self._buttons = (self.later_button, self.all_button, self.some_button, self.none_button)
        group.buttonToggled.connect(self._sync)
        self.roots_list.itemChanged.connect(lambda _item: self.changed.emit())
        # Where "decide later" is offered it is the default: a new server shares nothing until the user chooses.
        (self.later_button if offer_later else self.all_button).setChecked(True)
        self.retranslate()

    def lock(self, reason: UserError | None) -> None:
        """Fix the choice at "none" because of the policy (`reason` shown beside it), or undo that."""
        if (render(reason) if reason else None) == (render(self.locked) if self.locked else None):
            return  # the same lock: nothing moves (the server form asks again on every keystroke)
        was_locked, self.locked = self.locked is not None, reason
        if reason is not None and not was_locked:
            self._unlocked_choice = next((button for button in self._buttons if button.isChecked()), None)
        for button in self._buttons:
            button.setEnabled(reason is None)
        if reason is not None:
            self.none_button.setChecked(True)
            self.lock_note.setText(render(reason))
        elif self._unlocked_choice is not None:
            self._unlocked_choice.setChecked(True)
        self.lock_note.setVisible(reason is not None)
        self._sync()

    def set_share(self, share: SharingMode | list[str]) -> None:
        if isinstance(share, list):
            chosen = set(share) - self._forbidden.keys()
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
        return self.locked is not None or not self.later_button.isChecked()

    def share(self) -> SharingMode | list[str]:
        if self.locked is not None or self.none_button.isChecked():
            return "none"
        if self.some_button.isChecked():
            return [
                str(item.data(ROOT_ID_ROLE))
                for row in range(self.roots_list.count())
                if (item := self.roots_list.item(row)).checkState() == Qt.CheckState.Checked
                and item.data(ROOT_ID_ROLE) not in self._forbidden
            ]
        return "all"

    def _sync(self) -> None:
        self.roots_list.setEnabled(self.some_button.isChecked() and self.locked is None)
        self.changed.emit()

    def _label(self, root: Root) -> str:
        label = self.tr("%1 — %2").replace("%1", root.name).replace("%2", home_relative(root.path))
        # Its own standing: the dialog knows which folders the last check could not reach, not which are unchecked.
        own = standing(root.enabled, root.id not in self._unavailable, forbidden=root.id in self._forbidden)
        if own is Standing.FORBIDDEN:
            label += " " + self.tr("(blocked by policy)")
        elif own is Standing.DISABLED:
            label += " " + self.tr("(turned off)")
        elif own is Standing.UNREACHABLE:
            label += " " + self.tr("(unavailable)")
        return label

    def retranslate(self) -> None:
        for row, root in enumerate(self._roots):
            self.roots_list.item(row).setText(self._label(root))
            forbidden = self._forbidden.get(root.id)
            if forbidden is not None:
                self.roots_list.item(row).setToolTip(plain_tooltip(render(forbidden)) or "")
        if self.locked is not None:
            self.lock_note.setText(render(self.locked))
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
