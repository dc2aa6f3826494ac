"""What happens when the user asks for something: the dialogs to show, the edit to save, what to report.

Widgets and the tray stay thin: their `@asyncSlot` methods are one line awaiting one of these
coroutines. Each flow reports its outcome (or a failure, in one sentence) through the message bar;
nothing here raises into Qt.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from app.core.model import ServerEntry
from app.core.paths import printable
from app.core.servers.words import SharingMode
from app.core.store.store import StoreError
from app.core.system import autostart
from app.core.text import UserError
from app.ui import text
from app.ui.flows.asking import ask, confirm, dispose
from app.ui.flows.edit_history import EditHistory, Step
from app.ui.flows.services import Preview, StoreEditor
from app.ui.i18n import Translations
from app.ui.models.health import health
from app.ui.models.live import LiveState
from app.ui.models.snapshot import Snapshot
from app.ui.render import quoted_list, render
from app.ui.settings import GuiSettings
from app.ui.window.message_bar import Level

if TYPE_CHECKING:
    # Each dialog is imported when first opened: a tray that only runs (started hidden) never loads them.
    from app.ui.dialogs.consent_dialog import ConsentDialog
    from app.ui.dialogs.log_dialog import LogDialog
    from app.ui.flows.desk import DeskFlows
    from app.ui.flows.hosts import HostFlows

T = TypeVar("T")
Report = Callable[[str, Level], None]
USER_ERRORS = (UserError, StoreError)
CHECK_REPORT_TIMEOUT = 120.0


def deferral_key(entry: ServerEntry) -> str:
    """A server by name and target: a different program later added under the same name is asked again.

    Hashed, so the settings file holds no command line, environment or header (which may carry secrets).
    """
    digest = hashlib.sha256(entry.target.model_dump_json().encode("utf-8")).hexdigest()[:16]
    return f"{entry.name}:{digest}"


class Flows(QObject):
    def __init__(
        self,
        editor: StoreEditor,
        live: LiveState,
        report: Report,
        settings: GuiSettings,
        translations: Translations,
        *,
        tray_available: bool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.live = live
        self._report = report
        self._settings = settings
        self._translations = translations
        self._tray_available = tray_available
        self._logs: dict[str, LogDialog] = {}
        self._consent_open: dict[str, ConsentDialog] = {}
        self._consent_waiters: list[asyncio.Future[None]] = []
        self._background: set[asyncio.Future[None]] = set()
        self.history = EditHistory(self)
        """The edits Ctrl+Z takes back: folders shared, removed, renamed, turned on or off; a server removed."""

    def report(self, text: str, level: Level) -> None:
        self._report(text, level)

    async def guard(self, edit: Awaitable[T]) -> T | None:
        return await self._guard(edit)

    async def saved(self, edit: Awaitable[object]) -> bool:
        async def done() -> bool:
            await edit
            return True

        return await self._guard(done()) is True

    def _record_change(self, do: Callable[[], Awaitable[object]], undo: Callable[[], Awaitable[object]]) -> None:
        """A saved edit that `undo` takes back and `do` makes again."""
        self.history.record(Step(lambda: self.saved(undo()), lambda: self.saved(do())))

    async def _guard(self, edit: Awaitable[T]) -> T | None:
        try:
            return await edit
        except USER_ERRORS as exc:
            self._report(render(exc), Level.ERROR)
            # Views show an edit before it is saved (a renamed cell, a ticked box): repaint them from
            # the last state the hub confirmed, so a refused edit does not linger on screen.
            self.live.show(self.live.current)
            return None

    # -- adding folders ---------------------------------------------------------------------------

    async def pick_folder(self, parent: QWidget) -> None:
        dialog = QFileDialog(parent, self.tr("Share a folder"))
        dialog.setObjectName("shareFolderDialog")
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly)
        try:
            chosen = dialog.selectedFiles() if await ask(dialog) == QDialog.DialogCode.Accepted else []
        finally:
            dispose(dialog)
        if chosen:
            await self.add_paths(parent, chosen)

    async def paste_path(self, parent: QWidget) -> None:
        from app.ui.dialogs.paste_dialog import PasteDialog

        dialog = PasteDialog(self.editor.preview, parent)
        dialog.offer(clipboard_path())
        try:
            accepted = await ask(dialog) == QDialog.DialogCode.Accepted
            chosen = dialog.current
        finally:
            dispose(dialog)
        if accepted and chosen is not None:
            await self.add_paths(parent, [chosen.text])

    async def add_dropped(self, parent: QWidget, paths: Sequence[str], refused: Sequence[str]) -> None:
        notes = []
        if refused:
            notes.append(self.tr("Only folders and files on this computer can be shared; not added: %1").replace(
                "%1", ", ".join(refused)))
        await self.add_paths(parent, paths, notes=notes)

    async def add_paths(self, parent: QWidget, texts: Sequence[str], *, notes: Sequence[str] = ()) -> None:
        """Share each path: unusable ones are reported, broad or overlapping ones need a confirmation."""
        previews = await self.editor.preview(texts) if texts else []
        problems = [*notes, *(render(p.error) for p in previews if p.error)]
        problems += [
            render(p.plan.duplicate.message(printable(p.plan.root.path)))
            for p in previews
            if p.plan is not None and p.plan.duplicate is not None
        ]
        candidates = [p for p in previews if p.can_add]
        flagged = [p for p in candidates if p.needs_confirmation]
        confirmed = bool(flagged) and await self._confirm_flagged(parent, flagged, chosen=len(previews))
        if flagged and not confirmed:
            candidates = [p for p in candidates if not p.needs_confirmation]
        added: list[str] = []
        if candidates:
            chosen = [p.plan.root.entered_path for p in candidates if p.plan]
            outcome = await self._guard(self.editor.add_roots(chosen, confirmed=confirmed))
            if outcome is not None and outcome.added:
                added = [root.name for root in outcome.added]
                self._record_added([root.id for root in outcome.added])
        messages = [self.tr("Now sharing %1.").replace("%1", quoted_list(added))] if added else []
        if messages or problems:
            self._report("\n".join(messages + problems), Level.WARNING if problems else Level.INFO)

    def _record_added(self, root_ids: list[str]) -> None:
        # Undoing a share is a removal whose redo is its restore: the removal's step, run the other way.
        removal: list[Step] = []

        async def undo() -> bool:
            removed = await self.guard(self.editor.remove_roots_undoably(root_ids))
            if removed is not None:
                removal[:] = [self.desk.removal_step(removed, report=False)]
            return removed is not None

        async def redo() -> bool:
            return bool(removal) and await removal[0].undo()

        self.history.record(Step(undo, redo))

    async def _confirm_flagged(self, parent: QWidget, flagged: Sequence[Preview], *, chosen: int) -> bool:
        # One path chosen: "1 of the paths you chose" would talk about paths that are not there.
        lead = (self.tr("The path you chose needs a second look before sharing:") if chosen == 1 else
                self.tr("%n of the paths you chose need(s) a second look before sharing:", None, len(flagged)))
        reasons = "\n".join(f"• {render(reason)}" for preview in flagged for reason in preview.reasons())
        return await confirm(
            parent,
            self.tr("Share anyway?"),
            lead,
            self.tr("Share anyway"),
            details=reasons,
        )

    # -- editing folders --------------------------------------------------------------------------

    async def stop_sharing(self, parent: QWidget, root_ids: Sequence[str]) -> None:
        rows = [row for row in (self.live.current.root(rid) for rid in root_ids) if row is not None]
        if not rows:
            return
        title, yes = self.tr("Stop sharing"), self.tr("Stop sharing")
        if len(rows) == 1:
            question = self.tr("Stop sharing %1? Servers will no longer be told about it. No files are deleted.")
            asked = confirm(parent, title, question.replace("%1", quoted_list([rows[0].root.name])), yes)
        else:  # the names behind "Show Details…": the box stays short whatever the count
            question = self.tr(
                "Stop sharing %n folder(s)? Servers will no longer be told about them. No files are deleted.",
                None, len(rows))
            asked = confirm(parent, title, question, yes, listing="\n".join(row.root.name for row in rows))
        if not await asked:
            return
        await self.desk.remove_roots([row.root.id for row in rows])

    async def set_enabled(self, root_id: str, enabled: bool) -> None:
        row = self.live.current.root(root_id)
        changes = row is not None and row.root.enabled != enabled
        if await self.saved(self.editor.set_enabled(root_id, enabled)) and changes:
            self._record_change(lambda: self.editor.set_enabled(root_id, enabled),
                                lambda: self.editor.set_enabled(root_id, not enabled))

    async def set_read_only(self, root_id: str, read_only: bool) -> None:
        row = self.live.current.root(root_id)
        changes = row is not None and row.root.read_only != read_only
        gaps = await self._guard(self.editor.set_read_only(root_id, read_only))
        if gaps is not None and changes:
            self._record_change(lambda: self.editor.set_read_only(root_id, read_only),
                                lambda: self.editor.set_read_only(root_id, not read_only))
        if gaps:  # inside a folder confined servers may change: say that it stays changeable through that one
            self._report("\n".join(render(gap) for gap in gaps), Level.WARNING)

    async def rename(self, root_id: str, name: str) -> None:
        row = self.live.current.root(root_id)
        before = row.root.name if row is not None else None
        if await self.saved(self.editor.rename(root_id, name)) and before is not None and before != name:
            self._record_change(lambda: self.editor.rename(root_id, name),
                                lambda: self.editor.rename(root_id, before))

    async def set_paused(self, paused: bool) -> None:
        await self._guard(self.editor.set_paused(paused))
        if paused:
            self._report(self.tr("Sharing is paused: every server now sees an empty list."), Level.INFO)

    # -- servers ----------------------------------------------------------------------------------

    async def edit_server(self, parent: QWidget, name: str | None = None) -> None:
        """Add a server (`name` None) or edit the one called `name`."""
        from app.ui.dialogs.server_dialog import ServerDialog

        row = self.live.current.server(name) if name else None
        if name and row is None:
            return
        roots = [r.root for r in self.live.current.roots]
        dialog = ServerDialog(roots, row.entry if row else None, parent, policy=self.live.current.policy)
        try:
            form = dialog.form() if await ask(dialog) == QDialog.DialogCode.Accepted else None
        finally:
            dispose(dialog)
        if form is not None:
            await self._guard(self.editor.save_server_with_options(
                form.name, form.target, share=form.share, era=form.era, replacing=name,
                aliases=form.aliases, own_folders=form.own_folders, roots_source=form.roots_source,
                kept_folders=form.kept_folders, confined=form.confined))

    async def remove_server(self, parent: QWidget, name: str) -> None:
        question = self.tr("Remove the server %1? Rootkeeper disconnects from it and forgets its settings.")
        if await confirm(parent, self.tr("Remove server"), question.replace("%1", name), self.tr("Remove")):
            await self.desk.remove_server(name)

    async def ask_consent(self, parent: QWidget | None, name: str) -> None:
        """The consent prompt for `name`; an answer is saved, "decide later" is remembered (and leaves it pending).

        One prompt at a time: while one is open, asking about any server brings that one to the front.
        """
        from app.core.confine.support import may_confine
        from app.ui.dialogs.consent_dialog import Answer, ConsentDialog
        from app.ui.dialogs.server_hints import replaces_own_folders
        from app.ui.dialogs.sharing_choice import policy_lock

        if self._consent_open:
            open_prompt = next(iter(self._consent_open.values()))
            open_prompt.raise_()
            open_prompt.activateWindow()
            return
        row = self.live.current.server(name)
        if row is None:
            return
        snapshot = self.live.current
        roots = [r.root for r in snapshot.roots]
        unavailable = {r.root.id for r in snapshot.roots if r.access is not None and not r.access.ok}
        dialog = ConsentDialog(name, roots, target=text.target_label(row.entry), unavailable=unavailable,
                               replaces_own=replaces_own_folders(row.entry), policy=snapshot.policy,
                               locked=policy_lock(snapshot.policy, row.entry),
                               binding=text.binding_texts(row.entry), parent=parent,
                               offer_confinement=may_confine(row.entry.target, row.entry.confined))
        self._consent_open[name] = dialog
        try:
            answer = await ask(dialog)
            decision: SharingMode | list[str] = dialog.decision()
            confine = dialog.confined() and answer == Answer.SHARE
        finally:
            del self._consent_open[name]
            dispose(dialog)
            for waiter in self._consent_waiters:
                if not waiter.done():
                    waiter.set_result(None)
            self._consent_waiters.clear()
        deferred = self._settings.deferred_consent
        key = deferral_key(row.entry)
        if answer in (Answer.SHARE, Answer.DENY):
            self._settings.deferred_consent = deferred - {key}
            await self._guard(self.editor.set_sharing(name, decision, confine=confine))
        elif key not in deferred:
            self._settings.deferred_consent = deferred | {key}

    async def consent_closed(self) -> None:
        """Return once no consent prompt is open (at once when none is)."""
        while self._consent_open:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._consent_waiters.append(waiter)
            await waiter

    def consent_deferred(self, entry: ServerEntry) -> bool:
        """Whether the user chose "Decide later" for this server (the same name and target), in any session."""
        return deferral_key(entry) in self._settings.deferred_consent

    async def review_server(self, parent: QWidget, name: str) -> None:
        """The user picked a server (in the tray): if it still waits for a decision, ask now."""
        row = self.live.current.server(name)
        if row is not None and row.awaiting_consent:
            await self.ask_consent(parent, name)

    def consent_dialogs(self) -> list[ConsentDialog]:
        return list(self._consent_open.values())

    def show_log(self, parent: QWidget, name: str) -> None:
        dialog = self._logs.get(name)
        if dialog is None:
            from app.ui.dialogs.log_dialog import LogDialog

            dialog = LogDialog(name, self.editor.hub.log_dir / f"{name}.log", parent)
            self._logs[name] = dialog
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def recheck(self) -> None:
        started = datetime.now(UTC)
        self.editor.hub.recheck_now()
        self._report(self.tr("Checking every shared folder again…"), Level.INFO)
        task = asyncio.ensure_future(self._report_checked(started))
        self._background.add(task)  # kept referenced until it ends
        task.add_done_callback(self._background.discard)

    async def _first_snapshot(self, wanted: Callable[[Snapshot], bool]) -> None:
        """Return once the live snapshot satisfies `wanted` (at once if it does already)."""
        while not wanted(self.live.current):
            changed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def resolve(_snapshot: object, future: asyncio.Future[None] = changed) -> None:
                if not future.done():
                    future.set_result(None)

            self.live.snapshotChanged.connect(resolve)
            try:
                await changed
            finally:
                self.live.snapshotChanged.disconnect(resolve)

    async def _report_checked(self, started: datetime) -> None:
        """Say when the check the user asked for is done, and what it found."""

        def done(snapshot: Snapshot) -> bool:
            return all(row.access is not None and row.access.checked_at >= started
                       for row in snapshot.roots if row.root.enabled)

        try:
            await asyncio.wait_for(self._first_snapshot(done), CHECK_REPORT_TIMEOUT)
        except TimeoutError:
            return  # a drive that does not answer: its row says so, the status bar too
        overall = health(self.live.current)
        sentence = self.tr("Check finished at %1: %2").replace("%1", text.clock_time(datetime.now(UTC)))
        self._report(sentence.replace("%2", overall.sentence), Level.INFO)

    # -- settings ---------------------------------------------------------------------------------

    async def change_settings(self, parent: QWidget) -> None:
        from app.ui.dialogs.settings_dialog import SettingsDialog

        autostart_on = await asyncio.to_thread(autostart.is_enabled)
        dialog = SettingsDialog(
            self._settings.language, self._settings.start_hidden, tray_available=self._tray_available,
            notifications=self._settings.notifications, autostart=autostart_on, parent=parent,
        )
        try:
            if await ask(dialog) != QDialog.DialogCode.Accepted:
                return
            language, start_hidden = dialog.chosen_language(), dialog.start_hidden.isChecked()
            notifications, start_at_login = dialog.notifications.isChecked(), dialog.autostart.isChecked()
        finally:
            dispose(dialog)
        self._settings.start_hidden = start_hidden
        self._settings.notifications = notifications
        if start_at_login != autostart_on:
            await self._set_autostart(start_at_login)
        if language != self._settings.language:
            self._settings.language = language
            self._translations.apply(language)

    async def _set_autostart(self, on: bool) -> None:
        try:
            await asyncio.to_thread(autostart.enable if on else autostart.disable)
        except OSError as exc:
            self._report(self.tr("Starting at login could not be changed: %1").replace(
                "%1", exc.strerror or str(exc)), Level.ERROR)

    # -- AI hosts ---------------------------------------------------------------------------------

    @functools.cached_property
    def desk(self) -> DeskFlows:
        """Undo, disable/reconnect, open and copy, the app's log: the desktop conveniences."""
        from app.ui.flows.desk import DeskFlows

        return DeskFlows(self, self)

    @functools.cached_property
    def hosts(self) -> HostFlows:
        """The Hosts page's flows (import, route through Rootkeeper, restore), reporting like every other flow."""
        from app.ui.flows.hosts import HostFlows
        from app.ui.flows.hosts_service import HostsService

        return HostFlows(self, HostsService(self.editor.store, self.editor.hub), self._report, self)


def clipboard_path() -> str:
    """The clipboard as a path: a file manager's copied file (a local URL) first, else its text."""
    data = QGuiApplication.clipboard().mimeData()
    if data is None:
        return ""
    local = [url.toLocalFile() for url in data.urls() if url.isLocalFile()] if data.hasUrls() else []
    return local[0] if local else data.text()
