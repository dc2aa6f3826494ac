"""The store as plain data, without pydantic: the one module that knows that form.

A command that only reads the store (`roots list`, `roots check`, `servers list`) or edits its roots
(`roots add`, `remove`, `enable`, `disable`, `rename`, `pause`) would otherwise spend most of its time
importing pydantic and building the model's validators. The rules stay in `app.core.model`:
`app.core.store.schema` is the model's JSON schema, generated from it, and `plain` checks a file
against it strictly, taking only what the model would take unchanged (a string where a string is
due, never a number it would convert). Anything else, and every file that needs a migration, is
left to the model itself, so either way a reader gets what `StoreData.model_validate(raw).model_dump()`
gives: the model's fields in order with their defaults, then the unknown fields the file holds.

What leaves this module is plain: `load` (that dump: dicts of strings, booleans and datetimes),
`servers` (its servers, read by the model's attribute names), `transaction` (the state for a roots
edit, written back byte for byte as the model writes it), `masked_plain` (a target as people see
it) and the connection status rows a running hub published (`published_rows`, `unknown_row`).
Everything else is typed against the model; the roots rules and the store's repair are handed the
plain state as the model in one place (`_as_model`).
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from functools import cache
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from app.core.servers.secret_parts import MASK, REFERENCE, Change, collected, http_update, stdio_update
from app.core.store.encoding import date_time_text
from app.core.store.json_text import indented
from app.core.store.parse import DAMAGED
from app.core.store.repair import repair
from app.core.store.schema import SCHEMA, STATUS_SCHEMA

if TYPE_CHECKING:
    from app.core.model import StoreData
    from app.core.servers.words import SharingMode
    from app.core.store.store import Store

# What only an edit or `servers list` uses is imported there: `roots list` loads no more than it needs.

SCHEMA_VERSION: int = SCHEMA["properties"]["schema_version"]["default"]

EMPTY = {"schema_version": SCHEMA_VERSION}
"""The state before anything is saved, which the model's defaults complete."""


# -- reading and editing a store (through its own methods, this package's, as its `PendingEdit` does) ----


def load(store: Store) -> dict[str, Any]:
    """What `store.load().model_dump()` gives (notices, repairs and a damaged file's move included), built
    without pydantic when the file is well-formed and current: for commands that only read."""
    text = store._read_text()
    try:
        state = _state(store, json.loads(text) if text is not None else EMPTY)
    except DAMAGED:
        state = None
    return store.load().model_dump() if state is None else state


def servers(store: Store) -> list[PlainServer]:
    """The servers as `load` gives them, each read by the model's attribute names."""
    return [PlainServer(server) for server in load(store)["servers"]]


@contextlib.contextmanager
def transaction(store: Store) -> Iterator[StoreData]:
    """`store.transaction()` for an edit of the roots (or pause), on plain data where the file allows it.

    A current, well-formed file with no secret still to seal (and no number the model would write its
    own way) is edited as plain data (`PlainStore`) and written as the model would write it
    (`serialize_plain`), without pydantic; any other file, and a long-running process's store (which
    remembers its writes as models), gets the model's `StoreData`. The roots edits
    (`app.core.edits.roots`) take either. Servers' targets, and so their secrets, are not to be
    edited through it.
    """
    with store._locked():
        state = None
        if store._memory is None:
            try:
                text = store._read_text()
                state = _state(store, parsed_for_writing(text), writing=True, text=text)
            except DAMAGED:  # left to the model, which moves a damaged file aside
                state = None
        if state is None:
            with store._held_transaction() as data:
                yield data
            return
        yield _as_model(state)
        state.revision += 1
        store._write_payload(serialize_plain(state))


def _state(store: Store, raw: object, *, writing: bool = False, text: str | None = None) -> PlainStore | None:
    state = plain(raw)
    if state is None or (writing and _holds_plaintext(state.servers)):  # the model seals what it writes
        return None
    notes = repair(_as_model(state))
    from app.core.store.store import undecodable

    if text is not None and (notes or undecodable(text)):  # the write goes over what the file said: keep it
        store.keep_original(text)
    for notice in notes:
        store._notify(notice)
    return state


def _as_model(state: PlainStore) -> StoreData:
    """`state` as the rules take it. They are typed against the model, and read and change through it only
    what these views carry (`PlainStore`, `PlainRoot`, `PlainServer`): type checking cannot see that, so the
    tests run each roots edit on both forms (tests/core/test_plain_write.py) and each command that edits
    the roots on plain data (tests/cli/test_imports.py)."""
    return cast("StoreData", state)


# -- the plain data, read by the model's attribute names ------------------------------------------


def _key(name: str) -> Any:
    """An attribute of a view that is the dict's own key `name`, read and written.

    Read by `operator.itemgetter`, in C: the roots rules read a field of every root on each edit.
    """

    def write(view: dict[str, Any], value: object) -> None:
        view[name] = value

    return property(itemgetter(name), write)


class PlainRoot(dict[str, Any]):
    """A plain root with `Root`'s attribute names; its keys are the model's, in the model's order."""

    __slots__ = ()

    id: str = _key("id")
    name: str = _key("name")
    entered_path: str = _key("entered_path")
    path: str = _key("path")
    uri: str = _key("uri")
    is_file: bool = _key("is_file")
    enabled: bool = _key("enabled")
    added_at: datetime = _key("added_at")
    read_only: bool = _key("read_only")


class PlainServer(dict[str, Any]):
    """A plain server with `ServerEntry`'s attribute names; only its sharing is changed through it."""

    __slots__ = ()

    name: str = _key("name")
    target: dict[str, Any] = _key("target")
    share: SharingMode | list[str] = _key("share")
    consent: str = _key("consent")
    legacy_only: bool = _key("legacy_only")
    era: str = _key("era")
    roots_source: str = _key("roots_source")
    path_aliases: dict[str, str] = _key("path_aliases")
    also_send_own_folders: bool = _key("also_send_own_folders")
    kept_folders: list[str] = _key("kept_folders")
    enabled: bool = _key("enabled")
    added_at: datetime = _key("added_at")
    confined: bool = _key("confined")
    asks_roots: str | None = _key("asks_roots")
    keeps_after_empty: bool = _key("keeps_after_empty")


class PlainStore(dict[str, Any]):
    """The whole state (`plain`) with `StoreData`'s attribute names; its roots and servers are views too."""

    __slots__ = ()

    schema_version: int = _key("schema_version")
    revision: int = _key("revision")
    roots: list[PlainRoot] = _key("roots")
    servers: list[PlainServer] = _key("servers")
    paused: bool = _key("paused")

    @property
    def raw(self) -> dict[str, Any]:
        """The state as written: this very dict."""
        return self

    def new_root(self, *, name: str, entered_path: str, path: str, uri: str, is_file: bool) -> PlainRoot:
        """`StoreData.new_root`: the model's fields in its order, each default as `Root(...)` makes it."""
        from app.core.roots.ids import new_root_id, utc_now

        return PlainRoot(id=new_root_id(), name=name, entered_path=entered_path, path=path, uri=uri, is_file=is_file,
                         enabled=True, added_at=utc_now(), read_only=False)


_VIEWS: dict[str, Callable[[], dict[str, Any]]] = {"Root": PlainRoot, "ServerEntry": PlainServer}
"""The schema's definitions that `plain` builds as views (the whole state is a `PlainStore`, any other object
a dict)."""


# -- writing --------------------------------------------------------------------------------------


def parsed_for_writing(text: str | None) -> object:
    """A store file's JSON for `plain`, ready to be written back by `serialize_plain`.

    A number with a fraction, or NaN/Infinity, can only be in fields this version does not know, and
    pydantic-core writes some of them its own way (`1e-7`, where `json` writes `1e-07`): such a file is
    refused (a ValueError, as a damaged file) and so left to the model, whose bytes are the rule.
    """
    if text is None:
        return EMPTY
    return json.loads(text, parse_float=_inexact, parse_constant=_inexact)


def _inexact(text: str) -> Any:
    raise ValueError(f"{text} is left to the model")


def serialize_plain(data: dict[str, Any]) -> bytes:
    """The bytes `encoding.serialize` writes for the state that `data` (from `plain`) is, made without pydantic.

    `json` with `ensure_ascii` escapes exactly as the model's encoder does once that one's DEL is
    escaped (`serialize`); each datetime is written as pydantic writes it. A large store is written
    by pydantic-core's encoder (`app.core.store.json_text`), the model's own.
    """
    return (indented(data, ensure_ascii=True, datetime_text=date_time_text) + "\n").encode("ascii")


# -- secrets in plain targets (the rule is `app.core.servers.secret_parts`, as for the model's) -----------


def _secret_update(target: dict[str, Any], change: Change) -> dict[str, Any]:
    if target["kind"] == "http":
        return http_update(target["url"], target["headers"], change)
    return stdio_update(target["env"], change)


def masked_plain(target: dict[str, Any]) -> dict[str, Any]:
    """A plain target as shown to people, as `secrets.masked` shows a model's."""
    return {**target, **_secret_update(target, lambda _part: MASK)}


def _holds_plaintext(servers: list[PlainServer]) -> bool:
    """Whether any plain server still has a secret written in the store (by an older version)."""
    return any(not REFERENCE.fullmatch(part) for server in servers for part in _secret_parts(server.target))


def _secret_parts(target: dict[str, Any]) -> list[str]:
    return collected(lambda change: _secret_update(target, change))


# -- a running hub's connection status rows -------------------------------------------------------


def published_rows(state_dir: Path) -> tuple[dict[str, dict[str, Any]], bool]:
    """Each server's status as `ConnectionStatus.row()` gives it (a row the model refuses is left out).

    The hub writes each `ConnectionStatus` (`app.core.servers.status`) as its `row()`; reading a row back
    checks it against the model's generated schema (`STATUS_SCHEMA`), so the row shown is what
    `ConnectionStatus.model_validate(row).row()` gives. A row only the model can judge is left to it.
    """
    from app.core.servers.status_file import STATUS_FILE, read_published

    rows, running = read_published(state_dir / STATUS_FILE)
    shown: dict[str, dict[str, Any]] = {}
    for name, row in rows.items():
        status = _plain_status(row)
        if status is None:
            from app.core.servers.status import model_row  # what only the model can say

            found = model_row(row)
            if found is not None:
                shown[str(name)] = found
            continue
        shown[str(name)] = _published(status)
    return shown, running


def unknown_row() -> dict[str, Any]:
    """`ConnectionStatus().row()`: the row of a server no hub has reported on."""
    status = _plain_status({})
    assert status is not None, "every status field has a default"
    return _published(status)


def _published(status: dict[str, Any]) -> dict[str, Any]:
    from app.core.servers.status_file import DATE_FIELDS, UNPUBLISHED

    for field in DATE_FIELDS:
        if status[field] is not None:
            status[field] = date_time_text(status[field])
    return {key: value for key, value in status.items() if key not in UNPUBLISHED}


# -- the schema, applied ----------------------------------------------------------------------------

_DATE_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)?")
"""The shape Rootkeeper writes; pydantic takes more shapes, which are left to it."""

_TYPES: dict[str, type] = {
    "string": str, "boolean": bool, "integer": int, "number": float, "array": list, "object": dict,
    "null": type(None),
}

Check = Callable[[Any], Any]
"""A value as the model would hold it (plain), or `_Unsure`."""


class _Unsure(Exception):
    """Only the model can say what this value becomes (or why it is refused)."""


def plain(raw: object) -> PlainStore | None:
    """`raw` (a parsed store file of the current schema version) as plain data, or None: ask the model."""
    if not isinstance(raw, dict) or raw.get("schema_version") != SCHEMA_VERSION:
        return None
    try:
        value: PlainStore = _check_store()(raw)
    except _Unsure:
        return None
    return value


def _plain_status(raw: object) -> dict[str, Any] | None:
    """A published connection status row (`published_rows`) as `ConnectionStatus` holds it, or None."""
    try:
        value: dict[str, Any] = _check_status()(raw)
    except _Unsure:
        return None
    return value


@cache
def _check_store() -> Check:
    return _object(SCHEMA, {}, SCHEMA, PlainStore)


@cache
def _check_status() -> Check:
    return _compiled(STATUS_SCHEMA, {}, STATUS_SCHEMA)


def _compiled(node: dict[str, Any], made: dict[str, Check], schema: dict[str, Any] = SCHEMA) -> Check:
    """The check for one node of `schema`, built once; `made` holds the definitions already built."""
    ref = node.get("$ref")
    if ref is not None:
        name = ref.rsplit("/", 1)[-1]
        if name not in made:
            definition, view = schema["$defs"][name], _VIEWS.get(name)
            made[name] = _object(definition, made, schema, view) if view else _compiled(definition, made, schema)
        return made[name]
    if "oneOf" in node:
        return _tagged(node, made, schema)
    if "anyOf" in node:
        return _first_fit([_compiled(choice, made, schema) for choice in node["anyOf"]])
    kind = node["type"]
    if kind == "object":
        return _object(node, made, schema)
    if kind == "array":
        return _array(_compiled(node["items"], made, schema))
    return _scalar(node, _TYPES[kind])


def _scalar(node: dict[str, Any], exact: type) -> Check:
    allowed = [node["const"]] if "const" in node else node.get("enum")
    pattern = re.compile(node["pattern"]) if "pattern" in node else None
    when = node.get("format") == "date-time"

    def check(value: Any) -> Any:
        if type(value) is not exact:  # exact: a bool is not taken for an integer, nor 1 for True
            raise _Unsure
        if allowed is not None and value not in allowed:
            raise _Unsure
        if pattern is not None and not pattern.match(value):  # `match`, as the model's validators do
            raise _Unsure
        return _date_time(str(value)) if when else value

    return check


def _array(item: Check) -> Check:
    def check(value: Any) -> Any:
        if type(value) is not list:
            raise _Unsure
        return [item(element) for element in value]

    return check


def _object(node: dict[str, Any], made: dict[str, Check], schema: dict[str, Any],
            make: Callable[[], dict[str, Any]] = dict) -> Check:
    properties: dict[str, Any] | None = node.get("properties")
    if properties is None:  # a mapping such as `dict[str, str]`
        values = _compiled(node["additionalProperties"], made, schema)

        def mapping(value: Any) -> Any:
            if type(value) is not dict:
                raise _Unsure
            return {key: values(item) for key, item in value.items()}

        return mapping
    fields = [(name, _compiled(field, made, schema), field.get("default", _NO_DEFAULT))
              for name, field in properties.items()]
    open_ended = node.get("additionalProperties") is True

    def check(value: Any) -> Any:
        if type(value) is not dict:
            raise _Unsure
        result = make()
        given = 0
        for name, field, default in fields:
            if name in value:
                result[name] = field(value[name])
                given += 1
            elif default is _NO_DEFAULT:  # required, or made by a factory (an id, a time) that only the model runs
                raise _Unsure
            else:
                result[name] = copy.deepcopy(default)
        if given != len(value):  # unknown fields are kept after the known ones, as the model keeps them
            if not open_ended:  # the model would drop them (or refuse): its call
                raise _Unsure
            result.update((name, item) for name, item in value.items() if name not in properties)
        return result

    return check


_NO_DEFAULT = object()


def _tagged(node: dict[str, Any], made: dict[str, Check], schema: dict[str, Any]) -> Check:
    tag = node["discriminator"]["propertyName"]
    choices = {key: _compiled({"$ref": ref}, made, schema) for key, ref in node["discriminator"]["mapping"].items()}

    def check(value: Any) -> Any:
        choice = choices.get(value.get(tag)) if type(value) is dict else None
        if choice is None:
            raise _Unsure
        return choice(value)

    return check


def _first_fit(choices: list[Check]) -> Check:
    def check(value: Any) -> Any:
        for choice in choices:  # the choices here never overlap (a string or a list; a string or null)
            try:
                return choice(value)
            except _Unsure:
                continue
        raise _Unsure

    return check


def _date_time(text: str) -> datetime:
    if not _DATE_TIME.fullmatch(text):
        raise _Unsure
    try:
        return datetime.fromisoformat(text)
    except ValueError:  # a 31st of February: the model's refusal, not ours
        raise _Unsure from None

