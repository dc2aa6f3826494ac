"""Before importing a host's servers (or routing them through Rootkeeper): give each the folders you share in place
of those on its command line.

For every new server whose command line names folders, the sentence of core's catalogue, the exact
before → after, and a checkbox, checked by default; unchecked, the server keeps those folders as its
own. The folders found that are not shared yet are offered below, unchecked: nothing is shared
unless the user checks it. When new command servers are among them, the same "Run confined" choice as the
server dialog's (`ConfineChoice`: on where the system can confine, else off with the reason) decides how they run.
Paths and server words are shown as plain text, never as HTML.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app.core.hosts.importing import Imported, server_key
from app.core.text import message
from app.ui.dialogs.confine_choice import ConfineChoice
from app.ui.render import quoted, render
from app.ui.text import home_relative


def _plain(text: str, parent: QWidget, *, fixed: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if fixed:
        label.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    return label


class FolderOfferDialog(QDialog):
    def __init__(self, offered: Sequence[Imported], unshared: Sequence[str], parent: QWidget | None = None,
                 accept_text: str | None = None, *, new_commands: bool = False) -> None:
        """`new_commands`: new command servers are among those imported (they are offered confinement)."""
        super().__init__(parent)
        self.setObjectName("importFolders")
        self.setWindowTitle(self.tr("Folders on the servers' command lines") if offered or unshared
                            else self.tr("How the new servers run"))
        self.setMinimumWidth(600)
        layout = QVBoxLayout(self)
        self.offers: list[tuple[tuple[object, ...], QCheckBox]] = []
        for item in offered:
            offer = item.offer
            if offer is None:
                continue
            folders = ", ".join(home_relative(folder) for folder in offer.folders)
            layout.addWidget(_plain(render(message("folders.offer", name=item.server.name, folders=folders)), self))
            lines = [render(message(code, command=command)) for change in offer.changes
                     for code, command in (("folders.before", change.before), ("folders.after", change.after))]
            layout.addWidget(_plain("\n".join(lines), self, fixed=True))
            box = QCheckBox(self.tr("Give %1 the folders you share instead").replace("%1", quoted(item.server.name)),
                            self)
            box.setObjectName("useSharedFolders")
            box.setChecked(True)
            layout.addWidget(box)
            self.offers.append((server_key(item.server), box))
        self.folders: list[tuple[str, QCheckBox]] = []
        if unshared:
            shown = ", ".join(home_relative(folder) for folder in unshared)
            layout.addWidget(_plain(render(message("folders.share_offer", folders=shown)), self))
            for folder in unshared:
                box = QCheckBox(home_relative(folder), self)
                box.setObjectName("shareFolder")
                layout.addWidget(box)
                self.folders.append((folder, box))
        self.confine: ConfineChoice | None = None
        if new_commands:
            self.confine = ConfineChoice(self, "runConfined")
            self.confine.retranslate(self.tr("Run the new command servers confined: the system lets each touch only "
                                             "the folders it is given (the network stays open)"))
            layout.addWidget(self.confine.box)
            layout.addWidget(self.confine.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.accept_button = buttons.addButton(accept_text or self.tr("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.accept_button.setObjectName("importServers")
        self.accept_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def keep_own(self) -> set[tuple[object, ...]]:
        """The servers (`importing.server_key`) whose folders the user keeps on their command lines."""
        return {key for key, box in self.offers if not box.isChecked()}

    def chosen_folders(self) -> list[str]:
        return [folder for folder, box in self.folders if box.isChecked()]

    def confined(self) -> bool | None:
        """Whether the new command servers run confined (None: not asked here, the default holds)."""
        return self.confine.chosen() if self.confine is not None else None
