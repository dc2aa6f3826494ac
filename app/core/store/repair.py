"""Repairing a loaded store: what would break every server is fixed in place and said, never refused.

Repair checks every root's URI against its path on every load; a path's URI is a pure function of
the path, so a long-running process computes it once per path (`UriMemory`) and looks it up after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.core.paths import path_to_uri, printable
from app.core.text import Message, message

if TYPE_CHECKING:
    from app.core.model import Root, StoreData

__all__ = ["UriMemory", "needs_repair", "repair"]


class UriMemory(dict[str, str]):
    """`path_to_uri` of every path asked for, computed once (`memory[path]`: a dict lookup when known)."""

    def __missing__(self, path: str) -> str:
        uri = self[path] = path_to_uri(path)
        return uri

    def bound(self, paths: int) -> None:
        """Start afresh once it holds far more paths than the store does (removed roots must not stay forever)."""
        if len(self) > 2 * paths + 64:
            self.clear()



def repair(data: StoreData, uri_of: Callable[[str], str] = path_to_uri) -> list[Message]:
    """Fix, in place, what would break every server, and say what was fixed.

    A root whose URI is not a local `file://` one is dropped (servers would be sent it); a `file://`
    URI that is not its path's is rebuilt from the path (access checks use the path); a repeated
    root id is issued anew for the later root (the id keeps the sharing choices of the first).
    `uri_of` is `path_to_uri`, or a memory of it (a long-running process loads the same paths often).
    """
    kept, notes = _repaired(data.roots, uri_of, fix=True)
    if len(kept) != len(data.roots):  # assigning validates the whole list again
        data.roots = kept
    return notes


def needs_repair(data: StoreData, uri_of: Callable[[str], str] = path_to_uri) -> bool:
    """Whether `repair` would change anything (it is not run: `data` stays as it is)."""
    _kept, notes = _repaired(data.roots, uri_of, fix=False)
    return bool(notes)


def _repaired(roots: list[Root], uri_of: Callable[[str], str], *, fix: bool) -> tuple[list[Root], list[Message]]:
    """The roots to keep, fixed in place when `fix`, and what was (or would be) fixed."""
    notes: list[Message] = []
    kept: list[Root] = []
    seen: set[str] = set()
    for root in roots:  # every load walks every root: the sentences are only built for a root that needs one
        uri, path, root_id = root.uri, root.path, root.id
        if not uri.lower().startswith("file:"):
            notes.append(message("store.root_dropped", name=printable(root.name), uri=printable(uri)))
            continue
        rebuilt = uri_of(path)
        if uri != rebuilt:
            notes.append(message("store.root_uri_rebuilt", name=printable(root.name), uri=printable(uri),
                                 path=printable(path)))
            if fix:
                root.uri = rebuilt
        if root_id in seen:
            from app.core.roots.ids import new_root_id

            new = next(candidate for candidate in iter(new_root_id, None) if candidate not in seen)
            if fix:
                root.id = new
            notes.append(message("store.root_id_reissued", name=printable(root.name), id=root_id, new=new))
            root_id = new
        seen.add(root_id)
        kept.append(root)
    return kept, notes
