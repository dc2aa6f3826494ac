"""Add or edit a server: a command on this computer (stdio) or a web address with headers, and its sharing.

Saving records the sharing chosen here as the user's consent, like `rootkeeper servers share`; "decide
later" (the default for a new server) saves it waiting for consent, sharing nothing, like
`rootkeeper servers add` without `--share`. The target is built by core, which applies its rules
(`~` expanded, the working folder must exist); its refusals are shown translated.

How the server is sent its folders is edited here too: path aliases, the folders on its own command
line, whose roots it sees behind a bridge, and (for known servers written with fixed folders) a
the offer (checked by default) to give a server the folders you share in place of the folders written on
its command line, with the exact before → after (`app.core.servers.folder_args`); declined, those
folders are recorded as its own. Every rule is core's: the form is
checked by running the same edits on a scratch copy, so all of it is validated before Save is enabled.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.edits import servers as edit_servers
from app.core.edits.servers import ShareChoice
from app.core.model import SERVER_NAME_RE, HttpTarget, Root, ServerEntry, StdioTarget, StoreData
from app.core.policy import Policy
from app.core.servers import words as server_words
from app.core.servers.folder_args import FolderArguments, folder_arguments
from app.core.servers.secrets import masked
from app.core.text import UserError, message
from app.ui.dialogs.aliases_editor import AliasesEditor, MissingRemote
from app.ui.dialogs.confine_choice import ConfineChoice
from app.ui.dialogs.server_form import FormError, collect, command_line, format_pairs, parse_pairs
from app.ui.dialogs.sharing_choice import SharingChoice, policy_lock
from app.ui.render import render

COMMAND, WEB = 0, 1
ERAS = server_words.ERAS
ROOTS_SOURCES = server_words.ROOTS_SOURCES
@dataclass(frozen=True)
class ServerForm:
    """What the form asks to save; `share` None means "decide later" (keep waiting for consent)."""

    name: str
    target: StdioTarget | HttpTarget
    share: ShareChoice | None
    era: str
    aliases: dict[str, str] = field(default_factory=dict)
    own_folders: bool = False
    roots_source: str = "rootkeeper"
    kept_folders: list[str] = field(default_factory=list)
    """Folders on its command line the user kept as its own (declined the folders they share instead)."""
    confined: bool | None = None
    """Whether it runs confined to its folders (None: not the user's to choose here: HTTP, or not on this system)."""


class ServerDialog(QDialog):
    def __init__(self, roots: Sequence[Root], entry: ServerEntry | None = None, parent: QWidget | None = None,
                 *, policy: Policy | None = None) -> None:
        """`policy`: the administrator's; what it forbids is shown locked (and follows the name and command)."""
        super().__init__(parent)
        self._policy = policy
        self.setObjectName("serverDialog")
        self._original = entry
        self.setMinimumWidth(600)
        self.name = QLineEdit(self)
        self.kind = QComboBox(self)
        self.kind.addItems(["", ""])
        self.command = QLineEdit(self)
        self.cwd = QLineEdit(self)
        self._browse = QPushButton(self)
        self._browse.clicked.connect(self._pick_cwd)
        self.env = QPlainTextEdit(self)
        self.env.setMaximumHeight(70)
        self.url = QLineEdit(self)
        self.headers = QPlainTextEdit(self)
        self.headers.setMaximumHeight(70)
        self.era = QComboBox(self)
        self.era.setObjectName("eraChoice")
        self.era.addItems(["" for _ in ERAS])
        self.use_shared_folders = self._check_box("useSharedFolders")
        self.use_shared_folders.setChecked(True)
        self._placeholder_note = QLabel(self)
        self._placeholder_note.setObjectName("folderChange")
        self._placeholder_note.setTextFormat(Qt.TextFormat.PlainText)  # paths and server words, never HTML
        self._placeholder_note.setWordWrap(True)
        self.confined, self._confine_note = self._confinement_choice()
        self.own_folders = self._check_box("ownFolders")
        self.roots_source = QComboBox(self)
        self.roots_source.setObjectName("rootsSource")
        self.roots_source.addItems(["" for _ in ROOTS_SOURCES])
        self.aliases = AliasesEditor(self)
        self.sharing = SharingChoice(roots, offer_later=True, policy=policy, parent=self)
        self.error = QLabel(self)
        self.error.setObjectName("formError")
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # the sentence quotes the typed address and names
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b3261e;")
        self._buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.save_button = self._buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self._buttons.accepted.connect(self._accept_if_valid)
        self._buttons.rejected.connect(self.reject)
        self._build_layout()
        self._load(entry)
        for signal in (self.name.textChanged, self.command.textChanged, self.url.textChanged,
                       self.env.textChanged, self.headers.textChanged, self.cwd.textChanged, self.sharing.changed,
                       self.era.currentIndexChanged, self.own_folders.toggled, self.use_shared_folders.toggled,
                       self.aliases.changed, self.roots_source.currentIndexChanged):
            signal.connect(self._validate)
        self.kind.currentIndexChanged.connect(self._switch_kind)
        self.retranslate()
        self._switch_kind(self.kind.currentIndex())

    def _check_box(self, name: str) -> QCheckBox:
        box = QCheckBox(self)
        box.setObjectName(name)
        return box

    def _confinement_choice(self) -> tuple[QCheckBox, QLabel]:
        """"Run confined", checked for a new server where the system can confine it; else off, with the reason."""
        self._confine = ConfineChoice(self, "runConfined")
        return self._confine.box, self._confine.note

    def _build_layout(self) -> None:
        self._command_page = QWidget(self)
        command_form = QFormLayout(self._command_page)
        command_form.setContentsMargins(0, 0, 0, 0)
        cwd_row = QHBoxLayout()
        cwd_row.addWidget(self.cwd, 1)
        cwd_row.addWidget(self._browse)
        self._command_label, self._cwd_label, self._env_label = QLabel(self), QLabel(self), QLabel(self)
        command_form.addRow(self._command_label, self.command)
        command_form.addRow(self._cwd_label, cwd_row)
        command_form.addRow(self._env_label, self.env)
        command_form.addRow(self.use_shared_folders)
        command_form.addRow(self._placeholder_note)
        command_form.addRow(self.confined)
        command_form.addRow(self._confine_note)
        self._web_page = QWidget(self)
        web_form = QFormLayout(self._web_page)
        web_form.setContentsMargins(0, 0, 0, 0)
        self._url_label, self._headers_label = QLabel(self), QLabel(self)
        web_form.addRow(self._url_label, self.url)
        web_form.addRow(self._headers_label, self.headers)
        self._pages = QStackedWidget(self)
        self._pages.addWidget(self._command_page)
        self._pages.addWidget(self._web_page)
        top = QFormLayout()
        self._name_label, self._kind_label = QLabel(self), QLabel(self)
        top.addRow(self._name_label, self.name)
        top.addRow(self._kind_label, self.kind)
        self._era_label = QLabel(self)
        top.addRow(self._era_label, self.era)
        self._sharing_box = QGroupBox(self)
        sharing_layout = QVBoxLayout(self._sharing_box)
        sharing_layout.addWidget(self.sharing)
        self._consent_note = QLabel(self)
        self._consent_note.setWordWrap(True)
        sharing_layout.addWidget(self._consent_note)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self._pages)
        layout.addWidget(self._sharing_box)
        self._folders_box = QGroupBox(self)
        folders_form = QFormLayout(self._folders_box)
        folders_form.addRow(self.own_folders)
        self._source_label, self._aliases_label = QLabel(self), QLabel(self)
        self._source_label.setWordWrap(True)
        self._aliases_label.setWordWrap(True)
        folders_form.addRow(self._source_label, self.roots_source)
        folders_form.addRow(self._aliases_label, self.aliases)
        layout.addWidget(self._folders_box)
        layout.addWidget(self.error)
        layout.addWidget(self._buttons)

    def _load(self, entry: ServerEntry | None) -> None:
        if entry is None:
            return
        self.name.setText(entry.name)
        target = masked(entry.target)  # a value left as shown keeps its secret (`save_server`)
        if isinstance(target, HttpTarget):
            self.kind.setCurrentIndex(WEB)
            self.url.setText(target.url)
            self.headers.setPlainText(format_pairs(target.headers, ": "))
        else:
            self.kind.setCurrentIndex(COMMAND)
            self.command.setText(command_line([target.command, *target.args]))
            self.cwd.setText(target.cwd or "")
            self.env.setPlainText(format_pairs(target.env, "="))
        self.era.setCurrentIndex(ERAS.index(entry.era))
        self.own_folders.setChecked(entry.also_send_own_folders)
        self.confined.setChecked(entry.confined)
        self.use_shared_folders.setChecked(not entry.kept_folders)
        self.roots_source.setCurrentIndex(ROOTS_SOURCES.index(entry.roots_source))
        self.aliases.set_pairs(entry.path_aliases)
        if entry.consent == "given":
            self.sharing.set_share(entry.share)
        else:
            self.sharing.set_undecided()

    def retranslate(self) -> None:
        editing = self._original is not None
        self.setWindowTitle(self.tr("Edit server") if editing else self.tr("Add a server"))
        self._name_label.setText(self.tr("Name:"))
        self.name.setPlaceholderText(self.tr("letters, digits, '.', '_' or '-'"))
        self._kind_label.setText(self.tr("Runs as:"))
        self.kind.setItemText(COMMAND, self.tr("A command on this computer (stdio)"))
        self.kind.setItemText(WEB, self.tr("A web address (Streamable HTTP)"))
        self._era_label.setText(self.tr("Protocol era:"))
        self.era.setItemText(ERAS.index("auto"), self.tr("Detect automatically"))
        self.era.setItemText(ERAS.index("2025-11-25"), self.tr("2025-11-25 (handshake; for servers that ask for "
                                                               "folders after connecting)"))
        self.era.setItemText(ERAS.index("2026-07-28"), self.tr("2026-07-28 (folders sent with each request)"))
        self._command_label.setText(self.tr("Command:"))
        self.command.setPlaceholderText(self.tr("npx -y @modelcontextprotocol/server-filesystem ~/scratch"))
        self._cwd_label.setText(self.tr("Working folder:"))
        self.cwd.setPlaceholderText(self.tr("optional"))
        self._browse.setText(self.tr("Browse…"))
        self._env_label.setText(self.tr("Environment:"))
        self.env.setPlaceholderText(self.tr("one KEY=VALUE per line (optional)"))
        self._url_label.setText(self.tr("Address:"))
        self.url.setPlaceholderText("http://127.0.0.1:8000/mcp")
        self._headers_label.setText(self.tr("Headers:"))
        self.headers.setPlaceholderText(self.tr("one 'Name: value' per line (optional)"))
        self._sharing_box.setTitle(self.tr("What this server may see"))
        self._consent_note.setText(self.tr(
            "Saving records this choice as your consent; you can change it at any time. Until you choose, "
            "the server sees no folders."))
        self._folders_box.setTitle(self.tr("How it is sent its folders"))
        self.own_folders.setText(self.tr("Also send the folders on its own command line, after Rootkeeper's"))
        self._confine.retranslate(self.tr("Run confined: the system lets it touch only the folders it is given "
                                          "(the network stays open)"))
        self._source_label.setText(self.tr("When its host has roots of its own (through a bridge):"))
        self.roots_source.setItemText(ROOTS_SOURCES.index("rootkeeper"), self.tr("Rootkeeper's folders"))
        self.roots_source.setItemText(ROOTS_SOURCES.index("host"), self.tr("The host's roots"))
        self.roots_source.setItemText(ROOTS_SOURCES.index("merge"), self.tr("Both, merged"))
        self._aliases_label.setText(self.tr("Path aliases (for a server in a container, a VM or WSL):"))
        self.use_shared_folders.setText(self.tr(
            "Give it the folders you share in place of those on its command line (restarted when they change)"))
        self._offer_own_folders()
        self.save_button.setText(self.tr("Save"))
        self._align_labels()
        self._validate()

    def _align_labels(self) -> None:
        # The top, command and web address forms share one label column, so their fields line up.
        labels = (self._name_label, self._kind_label, self._era_label, self._command_label, self._cwd_label,
                  self._env_label, self._url_label, self._headers_label)
        width = max(label.sizeHint().width() for label in labels)
        for label in labels:
            label.setMinimumWidth(width)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _switch_kind(self, index: int) -> None:
        self._pages.setCurrentIndex(index)
        self._offer_own_folders()
        self._validate()

    def _offer_own_folders(self) -> None:
        by_url = self.kind.currentIndex() == WEB
        if by_url:
            self.own_folders.setChecked(False)
        self.own_folders.setEnabled(not by_url)
        self.own_folders.setToolTip(self.tr(
            "A server reached by a web address has no command line with folders of its own.") if by_url else "")

    def _offer(self) -> FolderArguments | None:
        """The command typed, with the folders you share in place of its own; None when it names no folder."""
        target = collect([], self._target) if self.kind.currentIndex() == COMMAND else None
        return folder_arguments(target) if target is not None else None

    def _pick_cwd(self) -> None:
        # A plain folder pick with no await around it; the sync static call is fine outside a coroutine.
        chosen = QFileDialog.getExistingDirectory(self, self.tr("Working folder"), self.cwd.text())
        if chosen:
            self.cwd.setText(chosen)

    # -- result -----------------------------------------------------------------------------------

    def form(self) -> ServerForm:
        """The server as the form describes it; raises FormError naming every problem, one per line."""
        problems: list[str] = []
        name = self.name.text().strip()
        if not SERVER_NAME_RE.match(name):
            problems.append(self.tr("Give the server a name made of letters, digits, '.', '_' or '-'."))
        target = collect(problems, self._target)
        offer = folder_arguments(target) if target is not None and self.kind.currentIndex() == COMMAND else None
        kept: list[str] = []
        if offer is not None and self.use_shared_folders.isChecked():
            target = offer.target
        elif offer is not None:
            kept = list(offer.folders)
        share = self.sharing.share() if self.sharing.decided() else None
        if isinstance(share, list) and not share:
            problems.append(self.tr("Check at least one folder, or choose another sharing option."))
        own, source = self.own_folders.isChecked(), ROOTS_SOURCES[self.roots_source.currentIndex()]
        # The options are checked even while the name is wrong (on a scratch entry with a valid one).
        scratch_name = name if SERVER_NAME_RE.match(name) else "server"
        aliases = collect(problems, lambda: self._checked_options(scratch_name, target, own, source)) if (
            target is not None) else None
        if problems or target is None or aliases is None:
            raise FormError("\n".join(problems))
        confined = self.confined.isChecked() if (
            isinstance(target, StdioTarget) and self.confined.isEnabled()) else None
        return ServerForm(name, target, share, ERAS[self.era.currentIndex()], aliases, own, source, kept, confined)

    def _checked_options(self, name: str, target: StdioTarget | HttpTarget, own: bool, source: str) -> dict[str, str]:
        """The aliases as core stores them, after core's own checks of every option on a scratch entry."""
        try:
            typed = self.aliases.pairs()
        except MissingRemote as exc:
            raise FormError(self.tr("Enter the path the server sees %1 as (like /workspace).").replace(
                "%1", str(exc))) from exc
        except UserError as exc:
            raise FormError(render(exc)) from exc
        scratch = StoreData(servers=[ServerEntry(name=name, target=target)])
        try:
            entry = edit_servers.set_aliases(scratch, name, typed)
            edit_servers.set_own_folders(scratch, name, own)
            edit_servers.set_roots_source(scratch, name, source)
        except UserError as exc:
            raise FormError(render(exc)) from exc
        return dict(entry.path_aliases)

    def _target(self) -> StdioTarget | HttpTarget:
        try:
            return self._build_target()
        except UserError as exc:
            raise FormError(render(exc)) from exc

    def _build_target(self) -> StdioTarget | HttpTarget:
        problems: list[str] = []
        if self.kind.currentIndex() == WEB:
            headers = collect(problems, lambda: parse_pairs(self.headers.toPlainText(), ":="), self.tr(
                "The header line '%1' is not of the form 'Name: value'."))
            if not self.url.text().strip():
                problems.append(self.tr("Enter an address starting with http:// or https://."))
            if problems or headers is None:
                raise FormError("\n".join(problems))
            return edit_servers.http_target(self.url.text(), headers)
        try:
            words = shlex.split(self.command.text())
        except ValueError:
            problems.append(self.tr("The command has an unbalanced quote."))
        else:
            if not words:
                problems.append(self.tr("Enter the command that starts the server."))
        env = collect(problems, lambda: parse_pairs(self.env.toPlainText(), "="), self.tr(
            "The environment line '%1' is not of the form KEY=VALUE."))
        if problems or env is None:
            raise FormError("\n".join(problems))
        # A relative working folder means one under the home folder, as in a terminal's first prompt.
        return edit_servers.stdio_target(words[0], words[1:], env=env, cwd=self.cwd.text().strip() or None,
                                         base=os.path.expanduser("~"))

    def _validate(self) -> None:
        self._offer_placeholder()
        if self._policy is not None:  # the server as typed so far: its name and program decide the lock
            name = self.name.text().strip()
            target = collect([], self._target) or StdioTarget(command="-")
            self.sharing.lock(policy_lock(self._policy, ServerEntry(
                name=name if SERVER_NAME_RE.match(name) else "server", target=target)))
        try:
            self.form()
        except FormError as exc:
            untouched = not self.name.text() and not self.command.text() and not self.url.text()
            self.error.setText("" if untouched else str(exc))
            self.save_button.setEnabled(False)
            return
        self.error.setText("")
        self.save_button.setEnabled(True)

    def _offer_placeholder(self) -> None:
        offer = self._offer()
        self._placeholder_note.setVisible(offer is not None)
        self.use_shared_folders.setVisible(offer is not None)
        if offer is not None:
            self._placeholder_note.setText("\n".join(
                render(message(code, command=command)) for change in offer.changes
                for code, command in (("folders.before", change.before), ("folders.after", change.after))))

    def _accept_if_valid(self) -> None:
        if self.save_button.isEnabled():
            self.accept()
