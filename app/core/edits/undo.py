"""Removals that can be taken back: what a removal took away, and the edit that puts it back exactly.

Stopping sharing a folder also drops it from every server's chosen subset, and removing a server
forgets its consent and options; a restore brings back the same ids, positions, consent and
subsets, so servers see exactly what they saw before. Both are ordinary edits of `data` (run in a
store transaction by the caller, like every function in `app.core.edits`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.core.edits import roots as edit_roots
from app.core.edits import servers as edit_servers
from app.core.model import Root, ServerEntry, StoreData
from app.core.servers.secrets import SecretError, reveal
from app.core.text import refusal


@dataclass(frozen=True)
class RemovedRoots:
    roots: list[tuple[int, Root]] = field(default_factory=list)
    """Each removed root with its position in the list before the removal, in list order."""
    subsets: dict[str, list[str]] = field(default_factory=dict)
    """The chosen subset (root ids, in order) of every server that lost one of these roots."""

    @property
    def names(self) -> list[str]:
        return [root.name for _position, root in self.roots]


@dataclass(frozen=True)
class RemovedServer:
    position: int
    entry: ServerEntry


def remove_roots(data: StoreData, selectors: Sequence[str]) -> RemovedRoots:
    """`edit_roots.remove_roots`, remembering what `restore_roots` needs to undo it."""
    positions = {root.id: index for index, root in enumerate(data.roots)}
    subsets = {server.name: list(server.share) for server in data.servers if isinstance(server.share, list)}
    removed = edit_roots.remove_roots(data, selectors)
    ids = {root.id for root in removed}
    kept = [(positions[root.id], root.model_copy(deep=True)) for root in removed]
    touched = {name: share for name, share in subsets.items() if ids.intersection(share)}
    return RemovedRoots(sorted(kept, key=lambda pair: pair[0]), touched)


def restore_roots(data: StoreData, removed: RemovedRoots) -> list[Root]:
    """Put the roots back where they were, with their ids, and back into the subsets they were in.

    A root that is in the list again (same id, or its path was shared again meanwhile) is left as
    it is; a server removed meanwhile is not recreated; ids added to a subset meanwhile stay.
    """
    restored: list[Root] = []
    for position, root in removed.roots:
        if data.root_by_id(root.id) is not None or any(other.path == root.path for other in data.roots):
            continue
        back = root.model_copy(deep=True)
        data.roots.insert(min(position, len(data.roots)), back)
        restored.append(back)
    present = {root.id for root in data.roots}
    back_ids = {root.id for root in restored}
    for name, before in removed.subsets.items():
        server = data.server(name)
        if server is None or not isinstance(server.share, list):
            continue  # the user changed it to all/none meanwhile: their later choice stands
        current = server.share
        merged = [rid for rid in before if rid in present and (rid in current or rid in back_ids)]
        server.share = merged + [rid for rid in current if rid not in merged]
    return restored


def remove_server(data: StoreData, name: str) -> RemovedServer:
    """`edit_servers.remove_server` (its log is kept: an undo brings the server back with it)."""
    server = edit_servers.find_server(data, name)
    position = data.servers.index(server)
    kept = server.model_copy(deep=True)
    # The store forgets a removed server's secrets once saved: the undo keeps their values (in memory,
    # for as long as it is offered) and the restoring write puts them away again.
    with contextlib.suppress(SecretError):
        kept.target = reveal(server.target)
    edit_servers.remove_server(data, name)
    return RemovedServer(position, kept)


def restore_server(data: StoreData, removed: RemovedServer) -> ServerEntry:
    """Put the server back with its consent, sharing (subsets of roots still shared) and options."""
    entry = removed.entry.model_copy(deep=True)
    if data.server(entry.name) is not None:
        raise refusal("server.exists", name=entry.name)
    if isinstance(entry.share, list):
        entry.share = [rid for rid in entry.share if data.root_by_id(rid) is not None]
    data.servers.insert(min(removed.position, len(data.servers)), entry)
    return entry
