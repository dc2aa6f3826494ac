"""The store's state as plain data with the model's attribute names, so that one rule serves both.

`Store.load_plain` and `Store.plain_transaction` give the state as dicts (no pydantic); the rules
about roots (`app.core.roots.lookup`, `app.core.edits.roots`) and what `servers list` shows are written
against these protocols, which the model's objects and these views both satisfy. A view is the
dict itself (a subclass, written by `json` as any dict), so an edit through it is an edit of the data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar, overload

from app.core.roots.ids import new_root_id, utc_now
from app.core.servers.words import SharingMode


class RootFields(Protocol):
    """A root as the rules read and change it: `app.core.model.Root`, or `PlainRoot`."""

    id: str
    name: str
    entered_path: str
    path: str
    uri: str
    is_file: bool
    enabled: bool


class ServerFields(Protocol):
    """A server as `servers list` and the roots edits see it: `app.core.model.ServerEntry`, or `PlainServer`."""

    share: SharingMode | list[str]

    @property
    def name(self) -> str: ...
    @property
    def consent(self) -> str: ...
    @property
    def enabled(self) -> bool: ...
    @property
    def path_aliases(self) -> dict[str, str]: ...
    @property
    def also_send_own_folders(self) -> bool: ...
    @property
    def roots_source(self) -> str: ...


R = TypeVar("R", bound=RootFields)


T = TypeVar("T")


class Key(Generic[T]):
    """An attribute of a view that is the dict's own key of the same name (read, and written if settable)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = name

    @overload
    def __get__(self, view: None, owner: type) -> Key[T]: ...
    @overload
    def __get__(self, view: dict[str, Any], owner: type) -> T: ...
    def __get__(self, view: dict[str, Any] | None, owner: type) -> Key[T] | T:
        if view is None:
            return self
        value: T = view[self.key]
        return value

    def __set__(self, view: dict[str, Any], value: T) -> None:
        view[self.key] = value


class StoreState(Protocol[R]):
    """What the roots edits read and change: `app.core.model.StoreData`, or `PlainStore`."""

    roots: list[R]
    paused: bool

    @property
    def servers(self) -> Sequence[ServerFields]: ...

    def new_root(self, *, name: str, entered_path: str, path: str, uri: str, is_file: bool) -> R:
        """A root with a fresh id and the time it is added, as the model makes one."""
        ...


class PlainRoot(dict[str, Any]):
    """A plain root with `Root`'s attribute names; its keys are the model's, in the model's order."""

    __slots__ = ()

    id = Key[str]()
    name = Key[str]()
    entered_path = Key[str]()
    path = Key[str]()
    uri = Key[str]()
    is_file = Key[bool]()
    enabled = Key[bool]()


class PlainServer(dict[str, Any]):
    """A plain server with `ServerEntry`'s attribute names; only its sharing is changed through it."""

    __slots__ = ()

    share = Key[SharingMode | list[str]]()
    name = Key[str]()
    consent = Key[str]()
    enabled = Key[bool]()
    legacy_only = Key[bool]()
    era = Key[str]()
    path_aliases = Key[dict[str, str]]()
    also_send_own_folders = Key[bool]()
    roots_source = Key[str]()
    target = Key[dict[str, Any]]()


class PlainStore:
    """The whole state (`plain_store.plain`), its roots and servers made views in place."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        raw["roots"] = [PlainRoot(root) for root in raw["roots"]]
        raw["servers"] = [PlainServer(server) for server in raw["servers"]]

    @property
    def roots(self) -> list[PlainRoot]:
        roots: list[PlainRoot] = self.raw["roots"]
        return roots

    @roots.setter
    def roots(self, value: list[PlainRoot]) -> None:
        self.raw["roots"] = value

    @property
    def servers(self) -> list[PlainServer]:
        servers: list[PlainServer] = self.raw["servers"]
        return servers

    @property
    def paused(self) -> bool:
        return bool(self.raw["paused"])

    @paused.setter
    def paused(self, value: bool) -> None:
        self.raw["paused"] = value

    def new_root(self, *, name: str, entered_path: str, path: str, uri: str, is_file: bool) -> PlainRoot:
        # The model's fields in its order, each default as `Root(...)` makes it.
        return PlainRoot(id=new_root_id(), name=name, entered_path=entered_path, path=path, uri=uri, is_file=is_file,
                         enabled=True, added_at=utc_now())
