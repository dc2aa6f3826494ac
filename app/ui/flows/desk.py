"""What the desktop conveniences do: undo a removal, disable or reconnect a server, open, copy, the app's log.

Like `Flows`, each method reports its outcome through the message bar; a removal offers Undo there
for a few seconds (and in Edit ▸ Undo, Ctrl+Z), and the undo puts back exactly what was removed through
the core's restore edits. A removed server can be brought back while its offer shows: then its log
and the secrets kept in memory go.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QWidget

from app.core.edits.undo import RemovedRoots, RemovedServer
from app.core.system.logsetup import LOG_FILE
from app.ui.dialogs.log_dialog import LogDialog
from app.ui.flows.edit_history import Step
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

    def _offer_undo(self, text: str, step: Step, *, only_while_offered: bool = False) -> None:
        """Say `text` with an Undo of `step`; `only_while_offered`: the step is forgotten once the offer is over."""
        history = self._flows.history

        def lapsed() -> None:
            if only_while_offered:
                history.discard(step)

        if self.offer is None:
            self._report(text)
            lapsed()
            return

        def taken() -> None:
            task = asyncio.ensure_future(history.undo(step))
            self.undoing.add(task)
            task.add_done_callback(self.undoing.discard)

        self.offer(text, self.tr("&Undo"), taken, lapsed=lapsed)

    # -- removals that can be undone ------------------------------------------------------------------

    async def remove_roots(self, root_ids: Sequence[str]) -> None:
        removed = await self._flows.guard(self.editor.remove_roots_undoably(root_ids))
        if removed is not None and removed.roots:
            text = self.tr("Stopped sharing %1; no files were deleted.").replace("%1", quoted_list(removed.names))
            self._offer_undo(text, self._flows.history.record(self.removal_step(removed)))

    def removal_step(self, removed: RemovedRoots, *, report: bool = True) -> Step:
        """The step that puts `removed` back (undo) and takes it away again (redo)."""
        taken = [removed]

        async def undo() -> bool:
            restored = await self._flows.guard(self.editor.restore_roots(taken[0]))
            if restored and report:
                self._report(self.tr("Sharing %1 again.").replace("%1", quoted_list([r.name for r in restored])))
            return restored is not None

        async def redo() -> bool:
            again = await self._flows.guard(self.editor.remove_roots_undoably([r.id for _, r in taken[0].roots]))
            if again is not None:
                taken[0] = again
            return again is not None

        return Step(undo, redo)

    async def remove_server(self, name: str) -> None:
        removed = await self._flows.guard(self.editor.remove_server_undoably(name))
        if removed is not None:
            text = self.tr("Removed the server %1.").replace("%1", quoted(name))
            # Its log stays until the offer is over, so an undo brings the server back with its history.
            step = self._flows.history.record(self._server_step(removed))
            self._offer_undo(text, step, only_while_offered=True)

    def _server_step(self, removed: RemovedServer) -> Step:
        taken = [removed]
        name = removed.entry.name
        gone = [True]  # removed by this step (not undone): its log goes when the step is forgotten

        async def undo() -> bool:
            entry = await self._flows.guard(self.editor.restore_server(taken[0]))
            if entry is not None:
                gone[0] = False
                self._report(self.tr("The server %1 is back, with its settings.").replace("%1", quoted(entry.name)))
            return entry is not None

        async def redo() -> bool:
            again = await self._flows.guard(self.editor.remove_server_undoably(name))
            if again is not None:
                taken[0], gone[0] = again, True
            return again is not None

        def forget() -> None:
            if gone[0]:
                self.editor.forget_log(name)

        return Step(undo, redo, forget=forget)

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
