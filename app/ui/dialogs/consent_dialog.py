"""The consent prompt: "<server> wants to see your shared folders".

Three answers: share (all, or the folders checked), don't share (the server keeps its own
configuration), or decide later (nothing is recorded and the server keeps seeing an empty list).
"""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence
from enum import IntEnum

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app.core.model import Root
from app.core.policy import Policy
from app.core.servers.words import SharingMode
from app.core.text import UserError
from app.ui.dialogs.sharing_choice import SharingChoice
from app.ui.icons import app_icon
from app.ui.render import fill


class Answer(IntEnum):
    LATER = QDialog.DialogCode.Rejected.value
    SHARE = QDialog.DialogCode.Accepted.value
    DENY = 2


class ConsentDialog(QDialog):
    def __init__(
        self, server: str, roots: Sequence[Root], *, target: str = "", unavailable: Collection[str] = (),
        replaces_own: bool = False, policy: Policy | None = None, locked: UserError | None = None,
        binding: tuple[str, str] = ("", ""), offer_confinement: bool = False, parent: QWidget | None = None,
    ) -> None:
        """`target`: the server's command line or address, so the user knows which program asks;
        `binding`: how binding its list is, a word and what it means (`app.ui.text.binding_texts`).

        `policy`: the administrator's (its denied folders are shown locked); `locked`: why it keeps this
        server from every folder (only "Don't share" and "Decide later" remain). `offer_confinement`: a stdio
        server that runs unconfined where the system can confine it is offered confinement (checked)."""
        super().__init__(parent)
        self.setObjectName("consentDialog")
        self.server = server
        self._target_text = target
        self._replaces_own = replaces_own
        self.setWindowIcon(app_icon())
        self.setMinimumWidth(520)
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        self.target = QLabel(self)
        self.target.setObjectName("consentTarget")
        self.target.setWordWrap(True)
        self.target.setTextFormat(Qt.TextFormat.PlainText)  # a command line is never markup
        self.target.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.target.setVisible(bool(target))
        self._binding = binding
        self.binding = QLabel(self)
        self.binding.setObjectName("consentBinding")
        self.binding.setWordWrap(True)
        self.binding.setTextFormat(Qt.TextFormat.PlainText)  # it may name the server's own folders
        self.binding.setVisible(bool(binding[0]))
        self.body = QLabel(self)
        self.body.setWordWrap(True)
        self._warning = QLabel(self)
        self._warning.setWordWrap(True)
        self._warning.setStyleSheet("color: #8a5a00;")
        self._warning.setVisible(replaces_own)
        self.confine = self._confine_box(offer_confinement)
        self.sharing = SharingChoice(roots, offer_none=False, unavailable=unavailable, policy=policy, parent=self)
        self.sharing.lock(locked)
        self._buttons = QDialogButtonBox(self)
        self.share_button = self._buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.deny_button = self._buttons.addButton("", QDialogButtonBox.ButtonRole.DestructiveRole)
        self.later_button = self._buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        # Enter (or Escape) must not share anything: the default is to decide later.
        for button in (self.share_button, self.deny_button):
            button.setAutoDefault(False)
        self.later_button.setDefault(True)
        self.share_button.clicked.connect(self.accept)
        self.deny_button.clicked.connect(lambda: self.done(Answer.DENY))
        self.later_button.clicked.connect(self.reject)
        self.sharing.changed.connect(self._sync)
        self._sync()
        layout = QVBoxLayout(self)
        for widget in (self.heading, self.target, self.binding, self.body, self._warning, self.sharing, self.confine,
                       self._buttons):
            layout.addWidget(widget)
        self.retranslate()

    def decision(self) -> SharingMode | list[str]:
        """What to record for the answer given: the chosen folders, or "none" when denied."""
        return "none" if self.result() == Answer.DENY else self.sharing.share()

    def _confine_box(self, offered: bool) -> QCheckBox:
        box = QCheckBox(self)
        box.setObjectName("consentConfine")
        box.setChecked(offered)  # on where offered: the user unticks it to run the server unconfined
        box.setVisible(offered)
        return box

    def confined(self) -> bool:
        """Whether the user chose to run it confined to the folders they share with it."""
        return self.confine.isVisibleTo(self) and self.confine.isChecked()

    def _sync(self) -> None:
        self.share_button.setEnabled(self.sharing.locked is None and self.sharing.share() != [])

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Share folders with %1?").replace("%1", self.server))
        heading = self.tr("%1 wants to see your shared folders").replace("%1", self.server)
        self.heading.setText(f"<b style='font-size: 14pt'>{html.escape(heading)}</b>")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.body.setText(self.tr(
            "If you agree, this server is given the folders you share with it, now and whenever they change. Run "
            "confined, the system itself keeps it to those folders; unconfined, only its own honesty does: it can "
            "still open any file its own process can reach."
        ))
        self.target.setText(self.tr("Runs as: %1").replace("%1", self._target_text))
        self.binding.setText(fill(self.tr("Held to your list: %1. %2"), list(self._binding)))
        self._warning.setText(self.tr(
            "This looks like the filesystem server: the roots it receives replace the folders on its own "
            "command line."
        ))
        self.confine.setText(self.tr("Run it confined: the system lets it touch only the folders you share "
                                     "with it (the network stays open)"))
        self.share_button.setText(self.tr("Share"))
        self.deny_button.setText(self.tr("Don't share"))
        self.later_button.setText(self.tr("Decide later"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
