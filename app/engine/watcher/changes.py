"""What an edit changed among the roots, so the watcher's work follows the change, not the store's size.

A store is read back as a whole, but an edit usually touches one root of many. The store gives
the watcher each root equal to one it holds as that very object (`Store.load_shared`), so
identity says what is unchanged; an edit that kept every root's id and path in place (enable,
disable, rename) is then applied to the roots it touched alone.
"""

from __future__ import annotations

from app.core.model import Root


def edited_in_place(held: list[Root], fresh: list[Root]) -> list[Root] | None:
    """The roots of `fresh` that are not `held`'s, when every root kept its id and path at its place; else None."""
    if len(held) != len(fresh):
        return None
    edited = []
    for before, root in zip(held, fresh, strict=True):
        if before is not root:
            if before.id != root.id or before.path != root.path:
                return None
            edited.append(root)
    return edited
