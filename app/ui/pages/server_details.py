"""The selected server's live status: era and protocol, the last roots it fetched, its last error, its bridges."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QEvent, QObject, Qt, QTime
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFormLayout, QFrame, QGroupBox, QLabel, QPlainTextEdit, QSizePolicy, QWidget

from app.core.confine.support import confinement_lines
from app.core.model import ServerEntry
from app.core.paths import PathError, printable, uri_to_path
from app.core.servers.arguments import has_placeholders
from app.ui import text
from app.ui.dialogs.server_hints import replaces_own_folders
from app.ui.models.snapshot import ServerRow
from app.ui.render import fill, render

if TYPE_CHECKING:
    from app.core.history.index import SeenIndex


def _shown_uri(uri: str) -> str:
    try:
        return text.home_relative(uri_to_path(uri))
    except PathError:
        return uri


def _loses_own_folders(entry: ServerEntry) -> bool:
    """Sharing would shrink what it sees: its roots replace its fixed folders, and nothing adds them back."""
    kept = entry.also_send_own_folders or has_placeholders(entry.target)
    return replaces_own_folders(entry) and entry.share != "none" and not kept


class ServerDetails(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("serverDetails")
        self._row: ServerRow | None = None
        self.history_index: SeenIndex | None = None
        """Where "given N folders today" is read from (set by the window with each snapshot)."""
        self._captions = [QLabel(self) for _ in range(7)]
        self.status = QLabel(self)
        self.protocol = QLabel(self)
        self.sharing = QLabel(self)
        self.fetch = QLabel(self)
        self.received = LinesView(self)
        self.received.setObjectName("wasGiven")
        self.error = QLabel(self)
        self.used_by = QLabel(self)
        self.used_by.setObjectName("usedBy")
        self.used_by.setTextFormat(Qt.TextFormat.PlainText)  # host names come from other programs
        self.replaces = QLabel(self)
        self.replaces.setObjectName("replacesOwnFolders")
        self.replaces.setWordWrap(True)
        self.replaces.setStyleSheet("color: #8a5a00;")
        for value in self._values():
            value.setTextFormat(Qt.TextFormat.PlainText)  # a server's stderr line, URIs, names: never HTML
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QFormLayout(self)
        # Fourteen rows, in a pane of their own that scrolls (`ServersPage`): the server list above keeps its room.
        layout.setVerticalSpacing(max(0, layout.verticalSpacing() - 2))
        rows: tuple[QWidget, ...] = (self.status, self.protocol, self.sharing, self.fetch, self.received, self.error,
                                     self.used_by)
        for caption, shown in zip(self._captions, rows, strict=True):
            layout.addRow(caption, shown)
        layout.addRow(self.replaces)
        self.options = ServerOptionRows(self, layout)
        self.retranslate()

    def _values(self) -> tuple[QLabel, ...]:
        return (self.status, self.protocol, self.sharing, self.fetch, self.error, self.used_by)

    def show_row(self, row: ServerRow | None) -> None:
        self._row = row
        folders = [_shown_uri(shared.uri) for shared in row.visible] if row is not None else []
        read_only = [_shown_uri(shared.uri) for shared in row.visible if shared.uri in row.read_only] \
            if row is not None else []
        self.options.show_entry(row.entry if row is not None else None, folders, read_only)
        self.setEnabled(row is not None)
        if row is None:
            for value in self._values():
                value.setText("")
            self.received.show_lines([])
            self.replaces.hide()
            self.setTitle(self.tr("No server selected"))
            return
        status = row.status
        self.setTitle(row.name)
        self.status.setText("\n".join(filter(None, [text.server_state(row), text.attention_detail(row)])))
        self.protocol.setText(self._protocol(row))
        self.sharing.setText(text.sharing_label(row.entry))
        fetched_at = status.last_roots_fetch_at if status is not None else None
        # The history knows every list it was given (bridges and calls too); this connection only its own.
        self.fetch.setText(self._history(row.name) or (text.clock_time(fetched_at) if fetched_at else
                                                       self.tr("Not yet")))
        received = status.last_roots_fetch if status is not None else None
        if received is None:
            self.received.show_lines(["—"])
        elif not received:
            self.received.show_lines([self.tr("An empty list")])
        else:
            self.received.show_lines([_shown_uri(uri) for uri in received])
        error = text.server_error(status)
        self.error.setText(error or "—")
        self.error.setStyleSheet("color: #b3261e;" if error else "")
        self.used_by.setText(self._used_by(row))
        self.replaces.setVisible(_loses_own_folders(row.entry))

    def _history(self, name: str) -> str | None:
        """From the history (hub, bridges, calls): how many folders it was given today, and when last."""
        index = self.history_index
        midnight = float(QDateTime(QDate.currentDate(), QTime(0, 0)).toSecsSinceEpoch())
        count, last = index.server_summary(name, midnight) if index is not None else (0, None)
        if last is None:
            return None
        when = text.clock_time(datetime.fromtimestamp(last.at, UTC))
        if count:
            return self.tr("Given %n folder(s) today, last at %1", None, count).replace("%1", when)
        return self.tr("No folder today; last given a list at %1").replace("%1", when)

    def _used_by(self, row: ServerRow) -> str:
        if not row.sessions:
            return self.tr("No AI host right now")
        return "\n".join([text.used_by_label(row), *(text.session_label(session) for session in row.sessions)])

    def _protocol(self, row: ServerRow) -> str:
        status = row.status
        if status is None or status.era is None:
            return "—"
        if status.era == "legacy":
            return self.tr("%1, the handshake era: told at once when its list changes").replace(
                "%1", status.protocol_version or "?")
        return self.tr("%1: sees the current list whenever it asks").replace("%1", status.protocol_version or "?")

    def retranslate(self) -> None:
        captions = (
            self.tr("Status:"),
            self.tr("Protocol:"),
            self.tr("May see:"),
            self.tr("Last given:"),
            self.tr("Was given:"),
            self.tr("Last error:"),
            self.tr("Used by:"),
        )
        for label, caption in zip(self._captions, captions, strict=True):
            label.setText(caption)
        self.options.retranslate()
        self.replaces.setText(self.tr(
            "This is the filesystem server: the roots it receives replace the folders on its own command line, "
            "so it may see fewer folders than you configured for it."
        ))
        self.show_row(self._row)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class LinesView(QPlainTextEdit):
    """A value of several lines (the folders a server was given): plain text, selectable, and scrolled once it is
    longer than `MOST_LINES`, so a long list neither stretches the pane nor hides its last lines."""

    MOST_LINES = 5

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setAutoFillBackground(False)  # it reads as the labels beside it
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long paths wrap
        self.document().setDocumentMargin(0)  # its lines start where the labels' text does

    def show_lines(self, lines: Sequence[str]) -> None:
        self.setPlainText("\n".join(lines))
        self._fit()

    def text(self) -> str:
        return self.toPlainText()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()  # a new width wraps the lines anew

    def _fit(self) -> None:
        """As tall as its lines, at most `MOST_LINES` (its scroll bar reaches the rest)."""
        document = self.document()
        lines = max(1, min(int(document.size().height()), self.MOST_LINES))
        first = document.firstBlock()
        per_line = self.blockBoundingRect(first).height() / max(1, first.layout().lineCount())
        margins = self.contentsMargins()
        height = lines * per_line + 2 * document.documentMargin()
        # One pixel more: with exactly its lines' height, Qt still counts the last line as out of view.
        self.setFixedHeight(math.ceil(height) + 1 + margins.top() + margins.bottom())


class ServerOptionRows(QObject):
    """How the selected server is sent its folders (era pin, aliases, arguments, own folders, bridge policy).

    Rows of the details form, all plain text: paths are the user's and the servers' own words.
    """

    def __init__(self, parent: QWidget, layout: QFormLayout) -> None:
        super().__init__(parent)
        self._captions = [QLabel(parent) for _ in range(6)]
        self.era = QLabel(parent)
        self.era.setObjectName("eraPin")
        self.aliases = QLabel(parent)
        self.aliases.setObjectName("pathAliases")
        self.arguments = QLabel(parent)
        self.arguments.setObjectName("foldersAsArguments")
        self.own_folders = QLabel(parent)
        self.own_folders.setObjectName("ownFolders")
        self.roots_source = QLabel(parent)
        self.roots_source.setObjectName("rootsSource")
        self.confinement = QLabel(parent)
        self.confinement.setObjectName("confinement")
        for caption, value in zip(self._captions, self.values(), strict=True):
            value.setTextFormat(Qt.TextFormat.PlainText)
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addRow(caption, value)
        self._entry: ServerEntry | None = None
        self._folders: list[str] = []
        self._read_only: list[str] = []

    def values(self) -> tuple[QLabel, ...]:
        return (self.era, self.aliases, self.arguments, self.own_folders, self.roots_source, self.confinement)

    def show_entry(self, entry: ServerEntry | None, folders: Sequence[str] = (), read_only: Sequence[str] = ()
                   ) -> None:
        """`folders`: what it sees now, as shown (a confined server may touch these and nothing else of yours), of
        which `read_only` it may only read."""
        self._entry, self._folders, self._read_only = entry, list(folders), list(read_only)
        if entry is None:
            for value in self.values():
                value.setText("")
            return
        self.era.setText({
            "auto": self.tr("Detected when it connects"),
            "2025-11-25": self.tr("Pinned to 2025-11-25 (the handshake era)"),
            "2026-07-28": self.tr("Pinned to 2026-07-28 (folders sent with each request)"),
        }[entry.era])
        self.aliases.setText(self._aliases(entry))
        self.arguments.setText(
            self.tr("Gets the shared folders on its command line; restarted when they change")
            if has_placeholders(entry.target) else self.tr("No; it is told them as roots"))
        self.own_folders.setText(
            self.tr("Also sent the folders on its own command line, after Rootkeeper's")
            if entry.also_send_own_folders else self.tr("Sent Rootkeeper's folders only"))
        self.roots_source.setText({
            "rootkeeper": self.tr("Sees Rootkeeper's folders, even when its host has roots of its own"),
            "host": self.tr("Sees its host's own roots when the host has them"),
            "merge": self.tr("Sees Rootkeeper's folders and its host's roots, merged"),
        }[entry.roots_source])
        lines = confinement_lines(entry.name, entry.target, entry.confined, self._folders, read_only=self._read_only)
        self.confinement.setText(" ".join(render(line) for line in lines) or "—")

    def _aliases(self, entry: ServerEntry) -> str:
        if not entry.path_aliases:
            return self.tr("None; folders are sent under their own paths")
        seen = [fill(self.tr("%1 is seen as %2"), [text.home_relative(printable(local)), printable(remote)])
                for local, remote in entry.path_aliases.items()]
        joined = QCoreApplication.translate("Text", ", ").join(seen)
        return self.tr("%1; other folders are not sent").replace("%1", joined)

    def retranslate(self) -> None:
        captions = (
            self.tr("Protocol era:"),
            self.tr("Path aliases:"),
            self.tr("Folders as arguments:"),
            self.tr("Own folders:"),
            self.tr("Through a bridge:"),
            self.tr("Confinement:"),
        )
        for label, caption in zip(self._captions, captions, strict=True):
            label.setText(caption)
        self.show_entry(self._entry, self._folders, self._read_only)
