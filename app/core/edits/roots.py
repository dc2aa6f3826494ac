"""Edits of the shared folders: add (broad, duplicate and nested rules), enable, read-only, rename, remove, pause.

Each function changes `data` in place or raises a `UserError` before changing anything, so a caller
inside a store transaction writes either the whole edit or nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.core.paths import printable
from app.core.policy import load_policy
from app.core.roots import access
from app.core.roots.ids import unused_root_id
from app.core.roots.lookup import AddPlan, RootError, find_root, plan_among, remove_root, rename_root
from app.core.roots.overlap import is_inside
from app.core.text import BROAD_WHY, Message, message

if TYPE_CHECKING:
    from app.core.model import Root, StoreData

# The model is only named here: the command line runs these edits on the store's plain data
# (`app.core.store.plain.transaction`) without building pydantic, so they use no more of the state, its
# roots and its servers than the plain views carry.


@dataclass
class Added:
    roots: list[Root] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)
    """Overlaps the user accepted by adding anyway (a folder inside another shared one, …)."""


def refusal_for(plan: AddPlan, *, allow_broad: bool) -> RootError | None:
    """Why `plan` cannot be added as it stands: a duplicate always, a broad folder unless confirmed."""
    duplicate = plan.duplicate
    if duplicate is not None:
        note = duplicate.message(printable(plan.root.path))
        return RootError(note.code, **note.args)
    if plan.broad is not None and not allow_broad:
        path, kind = printable(plan.root.path), plan.broad.code
        return RootError("root.broad_refused", path=path, kind=kind, why=BROAD_WHY[kind])
    return None


def add_roots(
    data: StoreData,
    texts: Sequence[str],
    *,
    name: str | None = None,
    allow_broad: bool = False,
    base: str | None = None,
) -> Added:
    """Share every path in `texts` (the caller cleans a paste), or refuse the whole batch in one sentence."""
    if not texts:
        raise RootError("root.nothing_given")
    added = Added()
    # Planned against a scratch list, so a duplicate within the batch is caught and a refusal of a
    # later path leaves `data` exactly as it was.
    scratch = list(data.roots)
    taken = {root.id for root in data.roots}
    policy = load_policy()
    for text in texts:
        plan = plan_among(data.new_root, scratch, text, name=name, base=base)
        refusal = refusal_for(plan, allow_broad=allow_broad) or policy.folder_refusal(plan.root.path)
        if refusal is not None:
            raise refusal
        added.notes += [overlap.message(printable(plan.root.path)) for overlap in plan.overlaps]
        readable = access.check(plan.root.path, expect_file=plan.root.is_file)
        if not readable.ok:
            added.notes.append(message("root.not_readable", path=printable(plan.root.path), status=readable.status))
        if plan.root.id in taken:  # another process's ids are only random: never join a clash
            plan.root.id = unused_root_id(taken)
        taken.add(plan.root.id)
        scratch.append(plan.root)
        added.roots.append(plan.root)
    data.roots.extend(added.roots)
    return added


def find_roots(data: StoreData, selectors: Sequence[str]) -> list[Root]:
    """The roots named (ids, names or paths), without repeats; any selector that matches none is refused."""
    found: list[Root] = []
    for selector in selectors:
        root = find_root(data, selector)
        if root not in found:
            found.append(root)
    return found


def remove_roots(data: StoreData, selectors: Sequence[str]) -> list[Root]:
    """Stop sharing these roots (also dropping them from every server's chosen subset); no files are touched."""
    if not selectors:
        raise RootError("root.nothing_given")
    removed = find_roots(data, selectors)
    for root in removed:
        remove_root(data, root)
    return removed


def set_enabled(data: StoreData, selector: str, enabled: bool) -> Root:
    root = find_root(data, selector)
    forbidden = load_policy().folder_refusal(root.path) if enabled else None
    if forbidden is not None:
        raise forbidden
    root.enabled = enabled
    return root


def set_read_only(data: StoreData, selector: str, read_only: bool) -> Root:
    """Whether confined servers may only read the root (`app.core.confine`); servers that are only told about it
    see it the same either way. Never refused by the policy: it takes rights away or gives back the shared ones."""
    root = find_root(data, selector)
    root.read_only = read_only
    return root


def read_only_gaps(data: StoreData, root: Root) -> list[Message]:
    """Where a read-only `root` can still be changed: it lies inside another shared folder that is not read-only,
    and a ruleset only adds rights, so a confined server given both may change it through that one."""
    if not root.read_only:
        return []
    return [message("root.read_only_inside", name=printable(root.name), other=printable(other.name))
            for other in data.roots
            if other.enabled and not other.read_only and other.path != root.path and is_inside(root.path, other.path)]


def rename(data: StoreData, selector: str, name: str) -> tuple[str, Root]:
    """Rename the root; returns its old name and the root."""
    root = find_root(data, selector)
    old = root.name
    rename_root(root, name)
    return old, root


def set_paused(data: StoreData, paused: bool) -> bool:
    """Pause (every server sees an empty list) or resume sharing; returns whether anything changed."""
    forbidden = load_policy().pause_refusal() if paused else None
    if forbidden is not None:
        raise forbidden
    changed = data.paused != paused
    data.paused = paused
    return changed
