"""The edits the UI makes, as plain coroutines: each runs one store transaction off the event loop.

Nothing here touches widgets (Qt only translates the sentences). Every edit goes through the store
(the single source of truth, shared with the CLI and other processes) and then pokes the hub, so the
change reaches servers without waiting for the next poll. Sentences in exceptions are for the user.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from PySide6.QtCore import QCoreApplication

from app.core.model import ServerEntry, SharingMode, StoreData
from app.core.paths import PathError, clean_pasted, describe_os_error, printable
from app.core.roots import AddPlan, RootError, plan_add, remove_root, rename_root
from app.core.store import Store
from app.mcp.hub import Hub

T = TypeVar("T")


translate = QCoreApplication.translate


class EditError(ValueError):
    """An edit cannot be made; one sentence for the user. Nothing was written."""


@dataclass(frozen=True)
class Preview:
    """What adding `text` would do, computed before anything is saved."""

    text: str
    plan: AddPlan | None = None
    error: str | None = None

    @property
    def can_add(self) -> bool:
        return self.plan is not None and self.plan.duplicate is None

    @property
    def needs_confirmation(self) -> bool:
        return self.plan is not None and self.plan.needs_confirmation

    def reasons(self) -> list[str]:
        """Why this addition deserves a second look (broad folder, overlaps), one sentence each."""
        if self.plan is None:
            return []
        shown = printable(self.plan.root.path)
        found = [self.plan.broad] if self.plan.broad else []
        return found + [overlap.sentence(shown) for overlap in self.plan.overlaps]


@dataclass
class AddOutcome:
    added: list[str] = field(default_factory=list)
    """Names of the roots added."""
    skipped: list[str] = field(default_factory=list)
    """One sentence per text that was not added."""


def _plan(data: StoreData, text: str) -> Preview:
    cleaned = clean_pasted(text)
    try:
        plan = plan_add(data, cleaned, base=os.path.expanduser("~"))
    except (PathError, RootError) as exc:
        return Preview(cleaned, error=str(exc))
    except OSError as exc:  # the path changed between canonicalizing and looking at it
        return Preview(cleaned, error=describe_os_error(exc, cleaned))
    return Preview(cleaned, plan=plan)


def _server(data: StoreData, name: str) -> ServerEntry:
    server = data.server(name)
    if server is None:
        raise EditError(translate("StoreEditor", "The server '%1' was removed in the meantime.").replace("%1", name))
    return server


class StoreEditor:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def _edit(self, edit: Callable[[StoreData], T]) -> T:
        box: list[T] = []
        await asyncio.to_thread(self.store.update, lambda data: box.append(edit(data)))
        self.hub.reload_now()
        return box[0]

    # -- roots ------------------------------------------------------------------------------------

    async def preview(self, texts: Sequence[str]) -> list[Preview]:
        """Plan each addition against the current state; file-system checks run off the loop."""
        data = self.hub.data
        return await asyncio.to_thread(lambda: [_plan(data, text) for text in texts])

    async def add_roots(self, texts: Iterable[str]) -> AddOutcome:
        """Add each path in one transaction, re-planned under the lock so a concurrent edit cannot slip in."""
        wanted = list(texts)

        def edit(data: StoreData) -> AddOutcome:
            outcome = AddOutcome()
            for text in wanted:
                preview = _plan(data, text)
                if preview.plan is None:
                    outcome.skipped.append(preview.error or "")
                elif (duplicate := preview.plan.duplicate) is not None:
                    outcome.skipped.append(duplicate.sentence(printable(preview.plan.root.path)))
                else:
                    data.roots.append(preview.plan.root)
                    outcome.added.append(preview.plan.root.name)
            return outcome

        return await self._edit(edit)

    async def remove_roots(self, root_ids: Iterable[str]) -> list[str]:
        ids = set(root_ids)

        def edit(data: StoreData) -> list[str]:
            removed = [root for root in data.roots if root.id in ids]
            for root in removed:
                remove_root(data, root)
            return [root.name for root in removed]

        return await self._edit(edit)

    async def set_enabled(self, root_id: str, enabled: bool) -> None:
        def edit(data: StoreData) -> None:
            root = data.root_by_id(root_id)
            if root is None:
                raise EditError(translate("StoreEditor", "That folder is no longer in the list."))
            root.enabled = enabled

        await self._edit(edit)

    async def rename(self, root_id: str, name: str) -> None:
        def edit(data: StoreData) -> None:
            root = data.root_by_id(root_id)
            if root is None:
                raise EditError(translate("StoreEditor", "That folder is no longer in the list."))
            rename_root(root, name)

        await self._edit(edit)

    async def set_paused(self, paused: bool) -> None:
        def edit(data: StoreData) -> None:
            data.paused = paused

        await self._edit(edit)

    # -- servers ----------------------------------------------------------------------------------

    async def save_server(self, entry: ServerEntry, *, replacing: str | None = None) -> None:
        """Add `entry`, or replace the server called `replacing` with it (keeping its place in the list)."""

        def edit(data: StoreData) -> None:
            clash = data.server(entry.name)
            if clash is not None and entry.name != replacing:
                message = translate("StoreEditor", "A server named '%1' already exists; pick another name.")
                raise EditError(message.replace("%1", entry.name))
            if replacing is None:
                data.servers.append(entry)
                return
            data.servers[data.servers.index(_server(data, replacing))] = entry

        await self._edit(edit)

    async def remove_server(self, name: str) -> None:
        def edit(data: StoreData) -> None:
            data.servers = [server for server in data.servers if server.name != name]

        await self._edit(edit)

    async def set_sharing(self, name: str, share: SharingMode | list[str]) -> None:
        """Record the user's decision for `name`: what it may see, and that they consented to it."""

        def edit(data: StoreData) -> None:
            server = _server(data, name)
            known = {root.id for root in data.roots}
            server.share = [rid for rid in share if rid in known] if isinstance(share, list) else share
            server.consent = "given"

        await self._edit(edit)
