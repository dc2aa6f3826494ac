"""This process's own edits of the store, taken by the roots watcher without reading its own write back.

An edit that only changes the state (a flag, a name, a removal: `on_loop`) of a small store is made
on the event loop when the lock is free, which spares it a thread hop each way. The watcher takes
the new state at once (`RootsWatcher.stage`) and the hub tells the servers; the durable write (two
fsyncs and a rename, longer than telling a server and answering its `roots/list`) waits for
`settle()` (the hub's: until the servers told have listed again, briefly), so that it does not
compete with them for the CPU, and runs on a worker thread with the lock still held. A write that
fails raises, and the watcher reads the file back: servers are then told the list as it is kept.

Any other edit runs on a thread, since it may look at the file system (a dead mount must never hold
up the loop): it is written first, and the watcher then takes the state it wrote (`committed`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from app.core.model import StoreData
from app.core.store.store import PendingEdit, Stamp, Store
from app.engine.watcher.watcher import INLINE_LOAD_BYTES, RootsWatcher

T = TypeVar("T")


class _Edit:
    """How far an edit got: its state once finished (staged, if on the loop), and the file's stamp once written."""

    def __init__(self) -> None:
        self.state: StoreData | None = None
        self.finished = False
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
    store = watcher.store
    pending = store.begin_if_free() if on_loop and _small(store) else None
    progress = _Edit()
    try:
        if pending is None:
            return await asyncio.to_thread(_edit_on_thread, store, edit, progress)
        try:
            result = edit(pending.data)
            if not pending.seals_secrets():  # the keyring may take a while: then all of it on the thread
                progress.state, progress.finished = pending.finish(), True
                if progress.state is not None:
                    watcher.stage(progress.state)
                    if settle is not None:
                        await settle()
        except BaseException:
            pending.close()
            raise
        # Shielded: a cancelled caller must not cancel a write that holds the lock until it is done.
        await asyncio.shield(asyncio.to_thread(_complete, pending, progress))
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


def _complete(pending: PendingEdit, progress: _Edit) -> None:
    """Finish `pending` if that is still to do, then write it; the lock goes in any case."""
    try:
        if not progress.finished:
            progress.state, progress.finished = pending.finish(), True
    except BaseException:
        pending.close()
        raise
    progress.stamp = pending.commit()
    progress.written = True


def _edit_on_thread(store: Store, edit: Callable[[StoreData], T], progress: _Edit) -> T:
    with store.begin() as pending:
        result = edit(pending.data)
        _complete(pending, progress)
    return result
