"""What the desktop conveniences do: undo a removal, disable or reconnect a server, open, copy, the app's log.

Like `Flows`, each method reports its outcome through the message bar; a removal offers Undo there
for a few seconds, and the undo puts back exactly what was removed through the core's restore edits.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QWidget

from app.core.edits.undo import RemovedRoots, RemovedServer
from app.core.system.logsetup import LOG_FILE
from app.ui.dialogs.log_dialog import LogDialog
from app.ui.render import quoted, quoted_list
from app.ui.window.message_bar import Level

if TYPE_CHECKING:
    from app.ui.flows.base import FlowHost


class Offer(Protocol):
    def __call__(
        self, text: str, action: str, taken: Callable[[], None], *, lapsed: Callable[[], None] = ...
    ) -> None: ...


class DeskFlows(QObject):
    def __init__(self, flows: FlowHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.editor = flows.editor
        self.offer: Offer | None = None
        """The message bar's `offer` (set by the app); without it a removal is reported without Undo."""
        self.undoing: set[asyncio.Task[None]] = set()
        self._app_log: LogDialog | None = None

    def _report(self, text: str, level: Level = Level.INFO) -> None:
        self._flows.report(text, level)

    def _offer_undo(self, text: str, undo: Callable[[], Coroutine[Any, Any, None]],
                    lapsed: Callable[[], None] = lambda: None) -> None:
        if self.offer is None:
            self._report(text)
            lapsed()
            return

        def taken() -> None:
            task = asyncio.ensure_future(undo())
            self.undoing.add(task)
            task.add_done_callback(self.undoing.discard)

        self.offer(text, self.tr("&Undo"), taken, lapsed=lapsed)

    # -- removals that can be undone ------------------------------------------------------------------

    async def remove_roots(self, root_ids: Sequence[str]) -> None:
        removed = await self._flows.guard(self.editor.remove_roots_undoably(root_ids))
        if removed is not None and removed.roots:
            text = self.tr("Stopped sharing %1; no files were deleted.").replace("%1", quoted_list(removed.names))
            self._offer_undo(text, lambda: self._restore_roots(removed))

    async def _restore_roots(self, removed: RemovedRoots) -> None:
        restored = await self._flows.guard(self.editor.restore_roots(removed))
        if restored:
            self._report(self.tr("Sharing %1 again.").replace("%1", quoted_list([root.name for root in restored])))

    async def remove_server(self, name: str) -> None:
        removed = await self._flows.guard(self.editor.remove_server_undoably(name))
        if removed is not None:
            text = self.tr("Removed the server %1.").replace("%1", quoted(name))
            # Its log stays until the offer is over, so an undo brings the server back with its history.
            self._offer_undo(text, lambda: self._restore_server(removed), lambda: self.editor.forget_log(name))

    async def _restore_server(self, removed: RemovedServer) -> None:
        entry = await self._flows.guard(self.editor.restore_server(removed))
        if entry is not None:
            self._report(self.tr("The server %1 is back, with its settings.").replace("%1", quoted(entry.name)))

    # -- servers --------------------------------------------------------------------------------------

    async def set_server_enabled(self, name: str, enabled: bool) -> None:
        await self._flows.guard(self.editor.set_server_enabled(name, enabled))
        entry = self.editor.hub.data.server(name)
        if entry is not None and entry.enabled == enabled:
            sentence = (self.tr("%1 is enabled: Rootkeeper connects to it again.") if enabled
                        else self.tr("%1 is disabled: Rootkeeper disconnected from it and keeps its settings."))
            self._report(sentence.replace("%1", quoted(name)))

    def reconnect(self, name: str) -> None:
        if self.editor.hub.reconnect(name):
            self._report(self.tr("Reconnecting to %1…").replace("%1", quoted(name)))
        else:
            self._report(self.tr("%1 is not connected by this window (disabled, or another Rootkeeper process "
                                 "keeps the servers).").replace("%1", quoted(name)), Level.WARNING)

    # -- folders --------------------------------------------------------------------------------------

    def open_folder(self, root_id: str) -> None:
        row = self._flows.live.current.root(root_id)
        if row is None:
            return
        root = row.root
        folder = os.path.dirname(root.path) if root.is_file else root.path
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(folder)):
            self._report(self.tr("No file manager could open %1.").replace("%1", folder), Level.WARNING)

    def copy_paths(self, root_ids: Sequence[str], *, uri: bool = False) -> None:
        rows = [row for row in (self._flows.live.current.root(rid) for rid in root_ids) if row is not None]
        if rows:
            QGuiApplication.clipboard().setText("\n".join(row.root.uri if uri else row.root.path for row in rows))

    # -- the app's own log ------------------------------------------------------------------------------

    def show_app_log(self, parent: QWidget | None) -> LogDialog:
        if self._app_log is None:
            self._app_log = LogDialog("Rootkeeper", self.editor.hub.log_dir / LOG_FILE, parent, own=True)
        self._app_log.show()
        self._app_log.raise_()
        self._app_log.activateWindow()
        return self._app_log
