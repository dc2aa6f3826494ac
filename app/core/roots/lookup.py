"""Finding a root and planning an addition: the rules every roots edit (app/core/edits) builds on."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.core.paths import (
    PathError,
    canonicalize,
    describe_os_error,
    display_name,
    looks_like_path,
    path_to_uri,
    printable,
    readable,
)
from app.core.roots.overlap import Overlap, broad_message, find_overlaps
from app.core.sensitive import is_own_folder, is_virtual
from app.core.text import Message, UserError

if TYPE_CHECKING:
    from app.core.model import Root, StoreData

# The model is only named here: `roots add` and the other roots edits run these rules on the store's plain
# data (`app.core.store.plain.transaction`), so they use no more of it than the plain views carry.


class RootError(UserError):
    """An edit of the roots list cannot be done; one sentence for the user, with its code and arguments."""


@dataclass
class AddPlan:
    """A root ready to add, with what the user should confirm first."""

    root: Root
    broad: Message | None = None
    overlaps: list[Overlap] = field(default_factory=list)

    @property
    def duplicate(self) -> Overlap | None:
        return next((o for o in self.overlaps if o.relation == "duplicate"), None)

    @property
    def needs_confirmation(self) -> bool:
        return self.broad is not None or bool(self.overlaps)

    def reasons(self) -> list[Message]:
        """Why this addition deserves a second look (broad folder, overlaps), one sentence each."""
        shown = printable(self.root.path)
        found = [self.broad] if self.broad else []
        return found + [overlap.message(shown) for overlap in self.overlaps]


def clean_name(name: str) -> str:
    """A name the user chose; one that reads as a path would make `ROOT` selectors ambiguous, so it is refused."""
    if not name.strip():
        raise RootError("root.empty_name")
    if looks_like_path(name):
        raise RootError("root.name_like_path", name=printable(name.strip()))
    return readable(name.strip())


def plan_add(data: StoreData, text: str, *, name: str | None = None, base: str | None = None) -> AddPlan:
    """Canonicalize `text` into a new root; raises PathError/RootError with one sentence."""
    return plan_among(data.new_root, data.roots, text, name=name, base=base)


def plan_among(make: Callable[..., Root], roots: Sequence[Root], text: str, *, name: str | None = None,
               base: str | None = None) -> AddPlan:
    """`plan_add` against `roots` (those of the store plus a batch's earlier ones), the root made by `make`."""
    canonical = canonicalize(text, base=base)
    if is_virtual(canonical.entered) or is_virtual(canonical.resolved):
        raise PathError("path.virtual", path=printable(canonical.entered))
    if is_own_folder(canonical.resolved):
        raise RootError("root.own_folder", path=printable(canonical.entered))
    try:
        info = os.stat(canonical.resolved)
    except OSError as exc:  # it changed between canonicalizing and looking at it
        raise describe_os_error(exc, canonical.entered) from exc
    if not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
        raise PathError("path.special", path=printable(canonical.entered))
    root = make(
        name=clean_name(name) if name is not None else display_name(canonical.entered),
        entered_path=canonical.entered,
        path=canonical.resolved,
        uri=path_to_uri(canonical.resolved),
        is_file=stat.S_ISREG(info.st_mode),
    )
    return AddPlan(root=root, broad=broad_message(root.path), overlaps=find_overlaps(root.path, roots))


def find_root(data: StoreData, selector: str, *, base: str | None = None) -> Root:
    """The root named by `selector`: a path (entered or canonical) when it reads as one, else an id or a name.

    A selector that reads as a path is never taken for a name, so a root named like another root's
    path (allowed before names were checked) cannot stand in for it.
    """
    if not looks_like_path(selector):
        for root in data.roots:
            if root.id == selector:
                return root
        by_name = [root for root in data.roots if root.name == selector]
        if len(by_name) == 1:
            return by_name[0]
        if len(by_name) > 1:
            raise RootError("root.ambiguous", name=printable(selector), ids=", ".join(root.id for root in by_name))
    found = _find_by_path(data, selector, base)
    if found is not None:
        return found
    raise RootError("root.not_found", selector=printable(selector))


def _find_by_path(data: StoreData, selector: str, base: str | None) -> Root | None:
    try:
        canonical = canonicalize(selector, base=base, must_exist=False)
    except PathError:
        return None
    exact = [root for root in data.roots if canonical.entered in (root.entered_path, root.path)]
    resolved = [root for root in data.roots if canonical.resolved == root.path]
    return next(iter(exact + resolved), None)


def remove_root(data: StoreData, root: Root) -> None:
    data.roots = [r for r in data.roots if r.id != root.id]
    for server in data.servers:
        if isinstance(server.share, list) and root.id in server.share:
            server.share = [rid for rid in server.share if rid != root.id]


def rename_root(root: Root, name: str) -> None:
    root.name = clean_name(name)
