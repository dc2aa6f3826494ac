"""Desktop notifications, only on transitions: a folder lost or back, a server that failed.

Through the tray when there is one, otherwise in the window's message bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QSystemTrayIcon

from app.ui.models.live import LiveState
from app.ui.models.snapshot import Snapshot
from app.ui.render import notification_text, quoted_list
from app.ui.tray.transitions import Change, Transition, TransitionTracker
from app.ui.window.message_bar import Level

SHOWN_MS = 8000
MAX_NAMED = 3


class Notifier(QObject):
    notified = Signal(str, str)

    def __init__(
        self,
        live: LiveState,
        tray: QSystemTrayIcon,
        fallback: Callable[[str, Level], None],
        *,
        tray_available: bool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._tray = tray
        self._fallback = fallback
        self._tray_available = tray_available
        self._tracker = TransitionTracker()
        self.allowed: Callable[[], bool] = lambda: True
        """Whether desktop notifications are wanted (Settings); when not, the message bar shows the event."""
        live.snapshotSettled.connect(self._on_snapshot)

    def _on_snapshot(self, snapshot: Snapshot) -> None:
        transitions = self._tracker.update(snapshot)
        # One notification per kind of change: a drive with twenty shared folders going away is one event.
        for change in Change:
            group = [t for t in transitions if t.change is change]
            if group:
                self._notify(*self._compose(change, group), good_news=change is Change.FOLDER_BACK)

    def _compose(self, change: Change, group: list[Transition]) -> tuple[str, str]:
        names = quoted_list([t.name for t in group[:MAX_NAMED]])
        if len(group) > MAX_NAMED:
            names += " " + self.tr("and %n more", None, len(group) - MAX_NAMED)
        detail = group[0].detail if len(group) == 1 else ""
        if change is Change.FOLDER_LOST:
            title = self.tr("%n shared folder(s) became unavailable", None, len(group))
            body = self.tr("%1 left the list servers see, until it comes back.", None, len(group)).replace("%1", names)
        elif change is Change.FOLDER_BACK:
            title = self.tr("%n shared folder(s) available again", None, len(group))
            body = self.tr("%1 is back in the list servers see.", None, len(group)).replace("%1", names)
        else:
            title = self.tr("%n server(s) failed", None, len(group))
            body = names
        return title, f"{body}\n{detail}".strip()

    def _notify(self, title: str, body: str, *, good_news: bool = False) -> None:
        self.notified.emit(title, body)
        if self._tray_available and self._tray.isVisible() and QSystemTrayIcon.supportsMessages() and self.allowed():
            icon = QSystemTrayIcon.MessageIcon.Information if good_news else QSystemTrayIcon.MessageIcon.Warning
            # Folder names and server text: no markup may reach a notification server that renders it.
            self._tray.showMessage(notification_text(title), notification_text(body), icon, SHOWN_MS)
        else:
            self._fallback(f"{title}: {body}", Level.INFO if good_news else Level.WARNING)
