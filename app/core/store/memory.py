"""What a long-running process's store remembers of the file, so an edit costs what changed, not the whole store.

A hub holding 100,000 roots used to parse and repair the whole file again after each of its own
edits (and a writer parsed it once more under the lock before each edit): seconds of work for a
one-flag change. `StoreMemory` keeps a digest of the file's text as this process last read or
wrote it (not the text: tens of MiB at 100,000 roots) and the state that text holds; when the
file still has that text, the state is copied instead of parsed. Any other text (another
process's write, a damaged file) is parsed as always.

The remembered state is private: only copies leave (or, to a reader that promises never to change
it, the object itself: the roots watcher), so no caller's edit can reach it. Each root
is copied shallowly (its fields are immutable values: strings, flags, a datetime); servers (validated
anew from their fields) and unknown fields, which hold lists and dicts, are copied deeply.

Its other half is `app.core.store.repair.UriMemory`: each path's URI computed once.
"""

from __future__ import annotations

import copy
import hashlib
from typing import NamedTuple

from pydantic import ValidationError

from app.core.model import Root, ServerEntry, StoreData


def fingerprint(text: str) -> tuple[int, bytes]:
    """The text's length and a 128-bit BLAKE2b digest of it: equal texts, and only they, in practice."""
    return len(text), hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).digest()


class Remembered(NamedTuple):
    size: int
    """The text's length: most other texts differ in it, and are told apart without hashing."""
    digest: bytes
    data: StoreData
    """What `text` holds once parsed and repaired; never changed once remembered."""


def carried(data: StoreData, previous: StoreData | None) -> StoreData:
    """`copied(data)`, except that each root equal to one of `previous` (a remembered state) is that very root.

    Remembered roots are never changed, so sharing them is safe; and a reader holding the previous
    state (the roots watcher) sees at identity speed which roots an edit left alone.
    """
    if previous is None:
        return copied(data)
    old = previous.roots
    by_id: dict[str, Root] | None = None
    roots: list[Root] = []
    for index, root in enumerate(data.roots):
        before = old[index] if index < len(old) else None
        if before is None or before.id != root.id:  # an edit that inserted or removed: find it by id
            if by_id is None:
                by_id = {kept.id: kept for kept in old}
            before = by_id.get(root.id)
        roots.append(before if before is not None and same_root(before, root) else _root_copy(root))
    return _with_roots(data, roots)


def carry_unchanged(held: list[Root], fresh: list[Root]) -> None:
    """Replace, in `fresh` (a newly parsed list nobody else holds), each root equal to `held`'s at its place."""
    for index, (before, root) in enumerate(zip(held, fresh, strict=False)):
        # `same_root`, inlined: at 100,000 roots a call per root costs more than the comparison.
        if (before.__dict__ == root.__dict__ and before.__pydantic_fields_set__ == root.__pydantic_fields_set__
                and not before.__pydantic_extra__ and not root.__pydantic_extra__):
            fresh[index] = before


def same_root(kept: Root, root: Root) -> bool:
    """Whether `root` holds exactly what `kept` does (roots with a newer version's fields never count as same)."""
    return (kept.__dict__ == root.__dict__ and kept.__pydantic_fields_set__ == root.__pydantic_fields_set__
            and not kept.__pydantic_extra__ and not root.__pydantic_extra__)


def copied(data: StoreData) -> StoreData:
    """A copy that shares nothing mutable with `data` (far cheaper than parsing the file again)."""
    return _with_roots(data, [_root_copy(root) for root in data.roots])


def _with_roots(data: StoreData, roots: list[Root]) -> StoreData:
    fresh = copy.copy(data)  # pydantic's __copy__: own __dict__, extra and fields set
    fresh.__dict__["roots"] = roots
    fresh.__dict__["servers"] = [_server_copy(server) for server in data.servers]
    if data.__pydantic_extra__:
        fresh.__pydantic_extra__ = copy.deepcopy(data.__pydantic_extra__)
    return fresh


def _server_copy(server: ServerEntry) -> ServerEntry:
    # Validated anew from its fields in pydantic's core: three times faster than a generic deep copy,
    # and the same fields counted as set as when read from the file.
    try:
        return ServerEntry.model_validate(server.model_dump())
    except ValidationError:  # built without validation somewhere: copied as it is
        return server.model_copy(deep=True)


_new = object.__new__
_set = object.__setattr__


def _root_copy(root: Root) -> Root:
    # What pydantic's own `__copy__` does, without its generic steps: at 100,000 roots this is half the cost.
    extra = root.__pydantic_extra__
    if extra or getattr(root, "__pydantic_private__", None) is not None:  # a newer version's fields: lists, dicts
        return root.model_copy(deep=True)
    fresh = _new(Root)
    _set(fresh, "__dict__", root.__dict__.copy())
    _set(fresh, "__pydantic_extra__", None if extra is None else {})
    _set(fresh, "__pydantic_fields_set__", root.__pydantic_fields_set__.copy())
    _set(fresh, "__pydantic_private__", None)
    return fresh


class StoreMemory:
    """The last text of the file this store read or wrote (its fingerprint), and its state."""

    def __init__(self) -> None:
        self._last: Remembered | None = None

    def recall(self, text: str, *, shared: bool = False) -> StoreData | None:
        """The state `text` holds if it is the text remembered (None otherwise): a copy, or with
        `shared` the remembered object itself, for a reader that never changes what it is given."""
        last = self._last
        if last is None or last.size != len(text) or fingerprint(text)[1] != last.digest:
            return None
        return last.data if shared else copied(last.data)

    def keep(self, text: str, data: StoreData) -> None:
        """Remember that `text` holds `data` (carried over: the caller goes on owning `data`)."""
        last = self._last
        self._last = Remembered(*fingerprint(text), carried(data, None if last is None else last.data))

    def keep_private(self, text: str, data: StoreData) -> None:
        """Remember that `text` holds `data` as it is: its holder promises never to change it."""
        self._last = Remembered(*fingerprint(text), data)

    def state(self) -> StoreData | None:
        """The remembered state itself (for a reader that never changes it), None if nothing is remembered."""
        return None if self._last is None else self._last.data

    def forget(self) -> None:
        self._last = None
