"""The store's state as plain data, checked against the model's own rules without building pydantic.

A command that only reads (`roots list`, `roots check`) would otherwise spend most of its time
importing pydantic and building the model's validators. The rules stay in `app.core.model`:
`app.core.store.schema` is the model's JSON schema, generated from it, and `plain` checks a file
against it strictly, taking only what the model would take unchanged (a string where a string is
due, never a number it would convert). Anything else, and every file that needs a migration, is
left to the model itself, so either way a reader gets what `StoreData.model_validate(raw).model_dump()`
gives: the model's fields in order with their defaults, then the unknown fields the file holds.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import Any

from app.core.store.schema import SCHEMA, STATUS_SCHEMA

SCHEMA_VERSION: int = SCHEMA["properties"]["schema_version"]["default"]

EMPTY = {"schema_version": SCHEMA_VERSION}
"""The state before anything is saved, which the model's defaults complete."""

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


def plain(raw: object) -> dict[str, Any] | None:
    """`raw` (a parsed store file of the current schema version) as plain data, or None: ask the model."""
    if not isinstance(raw, dict) or raw.get("schema_version") != SCHEMA_VERSION:
        return None
    try:
        value: dict[str, Any] = _check_store()(raw)
    except _Unsure:
        return None
    return value


def plain_status(raw: object) -> dict[str, Any] | None:
    """A published connection status row (`app.core.servers.status_rows`) as `ConnectionStatus` holds it, or None."""
    try:
        value: dict[str, Any] = _check_status()(raw)
    except _Unsure:
        return None
    return value


@cache
def _check_store() -> Check:
    return _compiled(SCHEMA, {})


@cache
def _check_status() -> Check:
    return _compiled(STATUS_SCHEMA, {}, STATUS_SCHEMA)


def _compiled(node: dict[str, Any], made: dict[str, Check], schema: dict[str, Any] = SCHEMA) -> Check:
    """The check for one node of `schema`, built once; `made` holds the definitions already built."""
    ref = node.get("$ref")
    if ref is not None:
        name = ref.rsplit("/", 1)[-1]
        if name not in made:
            made[name] = _compiled(schema["$defs"][name], made, schema)
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


def _object(node: dict[str, Any], made: dict[str, Check], schema: dict[str, Any]) -> Check:
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
        result: dict[str, Any] = {}
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

