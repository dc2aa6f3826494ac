"""This process's own edits of the store, taken by the roots watcher before the new file is written.

A durable write (two fsyncs and a rename) takes longer than telling a server and answering its
`roots/list`; waiting for it first would double what an edit costs to reach servers. So the edit is
decided under the store's lock, the watcher takes the resulting state (`RootsWatcher.stage`) and
the hub tells the servers; the file is written on a worker thread, with the lock still held. A write
that fails raises, and the watcher reads the file back: servers are then told the list as it is kept
on disk.

An edit that only changes the state (a flag, a name, a removal: `on_loop`) of a small store is made
on the event loop when the lock is free, which spares it a thread hop each way, and its write waits
for `settle()` (the hub's: until the servers told have listed again, briefly), so that it does not
compete with them for the CPU. Any other edit runs on a thread, since it may look at the file system
(a dead mount must never hold up the loop), and is written as soon as it is staged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from app.core.model import StoreData
from app.core.store import PendingEdit, Stamp, Store
from app.mcp.watcher import INLINE_LOAD_BYTES, RootsWatcher

T = TypeVar("T")
Stage = Callable[[StoreData], None]


class _Edit:
    """How far an edit got: the state staged (if any), and the new file's stamp once it is written."""

    def __init__(self) -> None:
        self.state: StoreData | None = None
        self.written = False
        self.stamp: Stamp | None = None


async def edit_store(
    watcher: RootsWatcher,
    edit: Callable[[StoreData], T],
    *,
    on_loop: bool = False,
    settle: Callable[[], Awaitable[None]] | None = None,
) -> T:
    """Run `edit` in a transaction of the watcher's store; its result, or its exception. On the loop,
    `settle()` is awaited between the staging and the write (the lock is held throughout)."""
    loop = asyncio.get_running_loop()

    def stage_from_thread(state: StoreData) -> None:
        loop.call_soon_threadsafe(watcher.stage, state)

    store = watcher.store
    pending = store.begin_if_free() if on_loop and _small(store) else None
    progress = _Edit()
    try:
        if pending is None:
            return await asyncio.to_thread(_edit_on_thread, store, edit, progress, stage_from_thread)
        try:
            result = edit(pending.data)
            on_thread = pending.seals_secrets()  # the keyring may take a while
            if not on_thread:
                progress.state = _stage(pending, watcher.stage)
                if settle is not None:
                    await settle()
        except BaseException:
            pending.close()
            raise
        # Shielded: a cancelled caller must not cancel a write that holds the lock until it is done.
        writing = asyncio.to_thread(_complete, pending, progress, None if not on_thread else stage_from_thread)
        await asyncio.shield(writing)
        return result
    finally:
        if progress.state is None:
            watcher.reload_now()
        elif progress.written:
            watcher.committed(progress.state, progress.stamp)
        else:
            watcher.abandoned(progress.state)


def _small(store: Store) -> bool:
    stamp = store.stamp()
    return stamp is None or 0 <= stamp[2] <= INLINE_LOAD_BYTES


def _stage(pending: PendingEdit, stage: Stage) -> StoreData | None:
    state = pending.finish()
    if state is not None:  # None: a write a load would repair, which the reload after the write does
        stage(state)
    return state


def _complete(pending: PendingEdit, progress: _Edit, stage: Stage | None) -> None:
    """Finish `pending` first if `stage` is given, then write it; the lock goes in any case."""
    try:
        if stage is not None:
            progress.state = _stage(pending, stage)
    except BaseException:
        pending.close()
        raise
    progress.stamp = pending.commit()
    progress.written = True


def _edit_on_thread(store: Store, edit: Callable[[StoreData], T], progress: _Edit, stage: Stage) -> T:
    with store.begin() as pending:
        result = edit(pending.data)
        _complete(pending, progress, stage)
    return result
