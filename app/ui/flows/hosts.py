"""What the Hosts page's buttons do: import a host's servers, route them through Rootkeeper, restore them.

Each flow asks first (which servers, which folders), shows the exact diff before a config file is
written, and reports the outcome, or a refusal in one translated sentence, through the message bar.
Nothing is shared without the user ticking it: folders found on command lines are only offered,
through the same add flow as the "Share a folder" button. Importing, and routing through Rootkeeper
(which imports the servers it routes), first offer to give each server the folders you share in place of
those on its command line (checked by default), with the exact before → after, in the same dialog as
the folders to share.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from app.core.hosts.base import HostServer
from app.core.hosts.bridgecmd import launcher_note
from app.core.hosts.flow import HostState, Plan, Written
from app.core.hosts.importing import Imported, server_key
from app.core.model import StdioTarget
from app.core.servers.secrets import masked_url
from app.core.store.store import StoreError
from app.core.text import UserError, message
from app.ui.dialogs.checklist_dialog import ChecklistDialog, Choice
from app.ui.dialogs.diff_dialog import DiffDialog
from app.ui.dialogs.folder_offer_dialog import FolderOfferDialog
from app.ui.flows.asking import ask, dispose
from app.ui.flows.hosts_service import HostsService
from app.ui.render import quoted, quoted_list, render
from app.ui.text import home_relative
from app.ui.window.message_bar import Level

if TYPE_CHECKING:
    from app.ui.flows.base import FlowHost

T = TypeVar("T")
Report = Callable[[str, Level], None]


class HostFlows(QObject):
    def __init__(self, flows: FlowHost, service: HostsService, report: Report, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._flows = flows
        self.service = service
        self._report = report

    async def _guard(self, work: Awaitable[T]) -> T | None:
        try:
            return await work
        except (UserError, StoreError) as exc:
            self._report(render(exc), Level.ERROR)
            return None

    async def read(self) -> list[HostState]:
        return await self._guard(self.service.read()) or []

    async def _host(self, name: str) -> HostState | None:
        return next((state for state in await self.read() if state.name == name), None)

    # -- import ------------------------------------------------------------------------------------

    async def import_servers(self, parent: QWidget, host_name: str) -> None:
        state = await self._host(host_name)
        if state is None:
            return
        previewed = await self._guard(self.service.preview_import(host_name))
        if previewed is None:
            return
        answer = await self._ask_folders(parent, previewed)
        if answer is None:
            return
        keep_own, chosen, confined = answer
        results = await self._guard(self.service.import_servers(host_name, keep_own, confined))
        if results is None:
            return
        lines = self._outcomes(results) or [
            self.tr("No servers were found in the %1 config.").replace("%1", state.title)]
        lines += [self._folders_outcome(item) for item in results if item.offer is not None and item.entry is not None]
        self._report("\n".join(lines), Level.INFO)
        if chosen:
            await self._flows.add_paths(parent, chosen)

    async def _ask_folders(self, parent: QWidget, planned: Sequence[Imported], accept_text: str | None = None
                           ) -> tuple[set[tuple[object, ...]], list[str], bool | None] | None:
        """Asked first, in one step (nothing is saved before the answer): the servers that keep the folders on
        their command lines (`server_key`), the folders to share, and whether new command servers run confined
        (None: the default); None when the user cancels."""
        offered = [item for item in planned if item.offer is not None]
        unshared = self._unshared(planned)
        new_commands = any(item.entry is not None and item.is_new and isinstance(item.entry.target, StdioTarget)
                           for item in planned)
        if not offered and not unshared and not new_commands:
            return set(), [], None
        dialog = FolderOfferDialog(offered, unshared, parent, accept_text, new_commands=new_commands)
        try:
            if await ask(dialog) != QDialog.DialogCode.Accepted:
                return None
            return dialog.keep_own(), dialog.chosen_folders(), dialog.confined()
        finally:
            dispose(dialog)

    def _unshared(self, results: Sequence[Imported]) -> list[str]:
        shared = {path for row in self._flows.live.current.roots for path in (row.root.path, row.root.entered_path)}
        return list(dict.fromkeys(folder for item in results if item.entry is not None and item.is_new
                                  for folder in item.folders if folder not in shared))

    def _folders_outcome(self, item: Imported) -> str:
        folders = ", ".join(home_relative(folder) for folder in item.folders)
        name = item.entry.name if item.entry is not None else item.server.name
        code = "folders.used" if item.rewritten else "folders.kept_said"
        return render(message(code, name=name, folders=folders))

    def _outcomes(self, results: Sequence[Imported]) -> list[str]:
        new = [item.entry.name for item in results if item.entry is not None and item.is_new]
        known = [item.entry.name for item in results if item.entry is not None and not item.is_new]
        lines = []
        if new:
            lines.append(self.tr("Added the servers %1; they see no folder until you agree (Servers tab).").replace(
                "%1", quoted_list(new)))
        if known:
            lines.append(self.tr("Already Rootkeeper servers: %1.").replace("%1", quoted_list(known)))
        lines += [self.tr("Left %1 as it is: %2.").replace("%1", quoted(item.server.name)).replace(
            "%2", item.skipped) for item in results if item.entry is None]
        lines += [item.warning for item in results if item.warning]
        return lines

    # -- route through Rootkeeper ------------------------------------------------------------------

    async def route(self, parent: QWidget, host_name: str) -> None:
        state = await self._host(host_name)
        if state is None:
            return
        unreadable = next((file.error for file in state.files if file.error is not None), None)
        if unreadable is not None:
            self._report(render(unreadable), Level.ERROR)
            return
        servers = list({server.name: server for file in state.files for server in file.servers}.values())
        if not servers:
            self._report(self.tr("The %1 config has no servers to route.").replace("%1", state.title), Level.INFO)
            return
        names = await self._choose_servers(parent, state, servers)
        if not names:
            return
        plan = await self._guard(self.service.plan_install(host_name, names))
        if plan is None:
            return
        if not plan.changed:
            lines = [self.tr("Nothing in the %1 config needs to change.").replace("%1", state.title)]
            self._report("\n".join(lines + self._outcomes(plan.results)), Level.INFO)
            return
        answer = await self._ask_folders(parent, plan.results, self.tr("Show the change…"))
        if answer is None:
            return
        keep_own, chosen, plan.confined = answer
        plan.use_shared = lambda server: server_key(server) not in keep_own
        prompt = self.tr("Rootkeeper will rewrite the %1 config as shown, after saving a backup. Restore original "
                         "puts the entries back exactly as they are now.").replace("%1", state.title)
        if not await self._show_diff(parent, self.tr("Route through Rootkeeper"), prompt, plan, self.tr("Apply")):
            return
        written = await self._guard(self.service.apply_install(plan))
        if written is None:
            return
        lines = [self._rewrote(item) for item in written]
        lines.append(self.tr("Restart %1 so it starts these servers through Rootkeeper.").replace("%1", state.title))
        note = launcher_note()
        if note is not None:
            lines.append(render(note))
        lines += self._outcomes(plan.results)
        lines += [self._folders_outcome(item) for item in plan.results if item.offer is not None and item.entry]
        self._report("\n".join(lines), Level.INFO)
        if chosen:
            await self._flows.add_paths(parent, chosen)

    async def _choose_servers(self, parent: QWidget, state: HostState, servers: list[HostServer]) -> list[str]:
        dialog = ChecklistDialog(
            self.tr("Route through Rootkeeper"),
            self.tr("Which of the %1 servers should start through Rootkeeper, so they get the folders you share? "
                    "You see the change to the config file before anything is written.").replace("%1", state.title),
            [self._choice(server) for server in servers],
            self.tr("Show the change…"),
            parent,
        )
        dialog.setObjectName("chooseHostServers")
        try:
            return dialog.chosen() if await ask(dialog) == QDialog.DialogCode.Accepted else []
        finally:
            dispose(dialog)

    def _choice(self, server: HostServer) -> Choice:
        where = masked_url(server.url) or " ".join([server.command, *server.args])
        label = f"{server.name} — {home_relative(where)}"
        if server.project:
            label = self.tr("%1 (project %2)").replace("%1", label).replace("%2", home_relative(server.project))
        if server.bridged_as is not None:
            return Choice(server.name, label, disabled_because=self.tr("It already runs through Rootkeeper."))
        if server.transport not in ("stdio", "http"):
            return Choice(server.name, label, disabled_because=self.tr("Rootkeeper cannot start this kind of server."))
        if server.host_filled:
            return Choice(server.name, label, disabled_because=self.tr(
                "Its settings use %1, which only the host fills in, so it keeps starting directly.").replace(
                "%1", server.host_filled))
        return Choice(server.name, label, checked=True)

    async def _show_diff(self, parent: QWidget, title: str, prompt: str, plan: Plan, apply_text: str) -> bool:
        dialog = DiffDialog(title, prompt, plan.diff(), apply_text, parent)
        try:
            return await ask(dialog) == QDialog.DialogCode.Accepted
        finally:
            dispose(dialog)

    def _rewrote(self, item: Written) -> str:
        return self.tr("Rewrote %1 (backup: %2).").replace("%1", home_relative(str(item.path))).replace(
            "%2", home_relative(str(item.backup)))

    # -- restore original --------------------------------------------------------------------------

    async def restore(self, parent: QWidget, host_name: str) -> None:
        state = await self._host(host_name)
        if state is None:
            return
        plan = await self._guard(self.service.plan_uninstall(host_name))
        if plan is None:
            return
        if not plan.changes:
            self._report(self.tr("Nothing Rootkeeper routed is left in the %1 config.").replace(
                "%1", state.title), Level.INFO)
            return
        prompt = self.tr("Rootkeeper will put the entries it routed in the %1 config back exactly as they were, "
                         "as shown.").replace("%1", state.title)
        if plan.changed and not await self._show_diff(parent, self.tr("Restore original"), prompt, plan,
                                                      self.tr("Restore")):
            return
        written = await self._guard(self.service.apply_uninstall(plan))
        if written is None:
            return
        lines = [self.tr("Restored %1; its backup copies were removed, as they held its secret values.").replace(
            "%1", home_relative(str(item.path))) if item.backups_removed else
            self.tr("Restored %1 (backup of the routed version: %2).").replace(
            "%1", home_relative(str(item.path))).replace("%2", home_relative(str(item.backup))) for item in written]
        lines += [self.tr("Left %1 as it is: it was changed after Rootkeeper routed it.").replace(
            "%1", quoted(location[-1])) for change in plan.changes for location in change.left]
        self._report("\n".join(lines), Level.INFO)
