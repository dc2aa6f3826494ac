"""Indented JSON text as `json` writes it, written by pydantic-core's encoder when that pays for its import.

`json` with `indent` encodes in Python (a tenth of a second for 10,000 roots, in the CLI's output and
in the store file alike); pydantic-core's encoder writes the very same text, several times faster,
for what both spell alike: strings, integers, booleans and null, and datetimes as pydantic writes
them (which is how the store file spells them). Importing it costs as much as `json` takes for a few
thousand values, so small values skip it, and what it cannot encode (an undecodable file name: a
surrogate escape) is left to `json`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

WORTH_PYDANTIC_CORE = 20_000
"""Values (in lists and objects) above which pydantic-core's import pays for itself."""

_SCALARS: frozenset[type] = frozenset({str, int, bool, type(None)})
_WITH_DATETIMES: frozenset[type] = _SCALARS | {datetime}
_KEYS: frozenset[type] = frozenset({str})


def indented(value: Any, *, ensure_ascii: bool, datetime_text: Callable[[datetime], str] | None = None) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=...)`; with `datetime_text`, datetimes are written as it spells them.

    `datetime_text` must spell a datetime as pydantic does (`store_encoding.date_time_text`): the fast
    encoder writes them its own way.
    """
    scalars = _SCALARS if datetime_text is None else _WITH_DATETIMES
    size = _spelled_alike(value, scalars)
    if size is not None and size > WORTH_PYDANTIC_CORE:
        from pydantic_core import PydanticSerializationError, to_json

        with contextlib.suppress(PydanticSerializationError):
            text = to_json(value, indent=2, ensure_ascii=ensure_ascii).decode("utf-8")
            return ascii_as_json_writes_it(text) if ensure_ascii else text
    return json.dumps(value, indent=2, ensure_ascii=ensure_ascii, default=_spelled_by(datetime_text))


def ascii_as_json_writes_it(text: str) -> str:
    """pydantic-core's `ensure_ascii` text as `json`'s: DEL is ASCII, so pydantic-core leaves it raw where
    `json` escapes it (it only occurs inside strings)."""
    return text.replace("\x7f", "\\u007f")


def _spelled_by(datetime_text: Callable[[datetime], str] | None) -> Callable[[object], str] | None:
    if datetime_text is None:
        return None

    def default(item: object) -> str:
        if isinstance(item, datetime):
            return datetime_text(item)
        raise TypeError(f"{type(item).__name__} cannot be written as JSON")

    return default


def _spelled_alike(value: Any, scalars: frozenset[type]) -> int | None:
    """How many values `value` holds, if every one is of `scalars` (no float: `1e-05` is `1e-5` in Rust) and
    every key a string (`json` turns others into strings); else None."""
    pending = [value]
    size = 0
    while pending:
        item = pending.pop()
        kind = type(item)
        if isinstance(item, dict):  # both encoders write a dict's subclass (the plain store's roots) as a dict
            if not _KEYS.issuperset(map(type, item)):  # `issuperset(map(...))` walks in C: 10,000 rows are many
                return None
            size += len(item)
            if not scalars.issuperset(map(type, item.values())):
                pending.extend(child for child in item.values() if type(child) not in scalars)
        elif kind is list or kind is tuple:
            size += len(item)
            if not scalars.issuperset(map(type, item)):
                pending.extend(child for child in item if type(child) not in scalars)
        elif kind not in scalars:
            return None
    return size
