"""The edits the UI makes, as plain coroutines: each runs one store transaction off the event loop.

Nothing here touches widgets, and no edit rule lives here: each method opens a transaction, calls
the same function in `app.core.edits` that the CLI calls, and pokes the hub so the change reaches
servers without waiting for the next poll. Refusals are `UserError`s (codes + arguments) that the
UI renders through its translations.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from app.core.edits import roots as edit_roots
from app.core.edits import servers as edit_servers
from app.core.edits import undo
from app.core.edits.servers import ShareChoice
from app.core.model import HttpTarget, Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import clean_pasted, describe_os_error
from app.core.roots.lookup import AddPlan, plan_add
from app.core.store.store import Store
from app.core.text import Message, UserError
from app.mcp.hub import Hub

T = TypeVar("T")


@dataclass(frozen=True)
class Preview:
    """What adding `text` would do, computed before anything is saved."""

    text: str
    plan: AddPlan | None = None
    error: Message | None = None

    @property
    def can_add(self) -> bool:
        return self.plan is not None and self.plan.duplicate is None

    @property
    def needs_confirmation(self) -> bool:
        return self.plan is not None and self.plan.needs_confirmation

    def reasons(self) -> list[Message]:
        """Why this addition deserves a second look (broad folder, overlaps), one sentence each."""
        return self.plan.reasons() if self.plan is not None else []


@dataclass
class AddOutcome:
    added: list[Root] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)


def _plan(data: StoreData, text: str) -> Preview:
    cleaned = clean_pasted(text)
    try:
        plan = plan_add(data, cleaned, base=os.path.expanduser("~"))
    except UserError as exc:
        return Preview(cleaned, error=exc.message)
    except OSError as exc:  # the path changed between canonicalizing and looking at it
        return Preview(cleaned, error=describe_os_error(exc, cleaned).message)
    return Preview(cleaned, plan=plan)


class StoreEditor:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def _edit(self, edit: Callable[[StoreData], T]) -> T:
        return await self.hub.edit(edit)

    async def _edit_state(self, edit: Callable[[StoreData], T]) -> T:
        """`_edit` for an edit that looks at nothing but the state (`Hub.edit(on_loop=True)`)."""
        return await self.hub.edit(edit, on_loop=True)

    # -- roots ------------------------------------------------------------------------------------

    async def preview(self, texts: Sequence[str]) -> list[Preview]:
        """Plan each addition against the current state; file-system checks run off the loop."""
        data = self.hub.data
        return await asyncio.to_thread(lambda: [_plan(data, text) for text in texts])

    async def add_roots(self, texts: Iterable[str], *, confirmed: bool = False) -> AddOutcome:
        """Add every path in one transaction, re-planned under the lock; `confirmed` accepts broad folders."""
        wanted = [clean_pasted(text) for text in texts]

        def edit(data: StoreData) -> AddOutcome:
            added = edit_roots.add_roots(data, wanted, allow_broad=confirmed, base=os.path.expanduser("~"))
            return AddOutcome(added.roots, added.notes)

        return await self._edit(edit)

    async def remove_roots(self, root_ids: Sequence[str]) -> list[str]:
        """Stop sharing these roots; an id no longer in the list is refused (nothing is removed)."""
        ids = list(root_ids)
        removed = await self._edit_state(lambda data: edit_roots.remove_roots(data, ids))
        return [root.name for root in removed]

    async def remove_roots_undoably(self, root_ids: Sequence[str]) -> undo.RemovedRoots:
        ids = list(root_ids)
        return await self._edit_state(lambda data: undo.remove_roots(data, ids))

    async def restore_roots(self, removed: undo.RemovedRoots) -> list[Root]:
        return await self._edit_state(lambda data: undo.restore_roots(data, removed))

    async def set_enabled(self, root_id: str, enabled: bool) -> None:
        await self._edit_state(lambda data: edit_roots.set_enabled(data, root_id, enabled))

    async def set_read_only(self, root_id: str, read_only: bool) -> list[Message]:
        """Mark the root read-only (or not) for confined servers; what still leaves it changeable (nesting)."""

        def edit(data: StoreData) -> list[Message]:
            return edit_roots.read_only_gaps(data, edit_roots.set_read_only(data, root_id, read_only))

        return await self._edit_state(edit)

    async def rename(self, root_id: str, name: str) -> None:
        await self._edit_state(lambda data: edit_roots.rename(data, root_id, name))

    async def set_paused(self, paused: bool) -> None:
        await self._edit_state(lambda data: edit_roots.set_paused(data, paused))

    # -- servers ----------------------------------------------------------------------------------

    async def save_server(
        self,
        name: str,
        target: StdioTarget | HttpTarget,
        *,
        share: ShareChoice | None = None,
        era: str | None = None,
        replacing: str | None = None,
    ) -> ServerEntry:
        """Add a server (waiting for consent unless `share` is given), or replace `replacing` in place."""
        return await self._edit(
            lambda data: edit_servers.save_server(data, name, target, share=share, era=era, replacing=replacing)
        )

    async def remove_server(self, name: str) -> None:
        log = await self._edit(lambda data: edit_servers.remove_server(data, name, self.hub.log_dir))
        # The log goes once the removal is saved; a running connection may still hold it open, which is fine.
        if log is not None:
            with contextlib.suppress(OSError):
                log.unlink(missing_ok=True)

    async def remove_server_undoably(self, name: str) -> undo.RemovedServer:
        """Forget the server but keep its log until the undo is over (`forget_log`)."""
        return await self._edit(lambda data: undo.remove_server(data, name))

    async def restore_server(self, removed: undo.RemovedServer) -> ServerEntry:
        return await self._edit(lambda data: undo.restore_server(data, removed))

    def forget_log(self, name: str) -> None:
        if self.store.load().server(name) is None:  # not added again meanwhile (the hub may not know yet)
            with contextlib.suppress(OSError):
                (self.hub.log_dir / f"{name}.log").unlink(missing_ok=True)

    async def set_server_enabled(self, name: str, enabled: bool) -> None:
        await self._edit(lambda data: edit_servers.set_server_enabled(data, name, enabled))

    async def set_sharing(self, name: str, share: ShareChoice, *, confine: bool = False) -> None:
        """Record the user's decision for `name`: what it may see, and that they consented to it; with `confine`,
        that it runs confined to those folders (in the same edit)."""

        def edit(data: StoreData) -> None:
            edit_servers.share(data, name, share)
            if confine:
                edit_servers.set_confined(data, name, True)

        await self._edit(edit)

    async def set_era(self, name: str, era: str) -> None:
        await self._edit(lambda data: edit_servers.set_era(data, name, era))

    async def save_server_with_options(
        self,
        name: str,
        target: StdioTarget | HttpTarget,
        *,
        share: ShareChoice | None = None,
        era: str | None = None,
        replacing: str | None = None,
        aliases: Mapping[str, str],
        own_folders: bool,
        roots_source: str,
        kept_folders: Sequence[str] = (),
        confined: bool | None = None,
    ) -> ServerEntry:
        """`save_server` and how the server is sent its folders, in one transaction: all saved, or nothing."""
        pairs = dict(aliases)

        def edit(data: StoreData) -> ServerEntry:
            edit_servers.save_server(data, name, target, share=share, era=era, replacing=replacing,
                                     confined=confined)
            edit_servers.set_aliases(data, name, pairs)
            edit_servers.set_own_folders(data, name, own_folders)
            edit_servers.keep_own_folders(data, name, kept_folders)
            return edit_servers.set_roots_source(data, name, roots_source)

        return await self._edit(edit)

    async def set_aliases(self, name: str, aliases: Mapping[str, str]) -> None:
        pairs = dict(aliases)
        await self._edit(lambda data: edit_servers.set_aliases(data, name, pairs))

    async def set_own_folders(self, name: str, on: bool) -> None:
        await self._edit(lambda data: edit_servers.set_own_folders(data, name, on))

    async def set_roots_source(self, name: str, source: str) -> None:
        await self._edit(lambda data: edit_servers.set_roots_source(data, name, source))
