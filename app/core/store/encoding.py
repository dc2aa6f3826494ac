"""The store file's bytes, written from the model (`serialize`) or from plain data (`serialize_plain`), the same.

The model's encoder is the rule; the plain writer (`roots add` without pydantic) gives byte for byte
what it gives for the same state, and a state it cannot be sure of is left to the model.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Any

from app.core.store import plain as plain_store
from app.core.store.json_text import ascii_as_json_writes_it, indented

if TYPE_CHECKING:
    from app.core.model import StoreData


def serialize(data: StoreData) -> bytes:
    """The store file's bytes: indented, pure-ASCII JSON (`\\uXXXX` escapes), the same from either encoder.

    pydantic-core's encoder writes it several times faster than `json` with `indent`, which runs in
    Python; an undecodable file name (a surrogate escape) is more than it can encode, and `json` then
    writes it as an escape that reads back to the very same name.
    """
    from pydantic_core import PydanticSerializationError

    try:
        text = ascii_as_json_writes_it(data.model_dump_json(indent=2, ensure_ascii=True))
    except PydanticSerializationError:
        text = json.dumps(data.model_dump(mode="json"), indent=2, ensure_ascii=True)
    return (text + "\n").encode("ascii")


def date_time_text(value: datetime) -> str:
    """`value` as pydantic writes a datetime: ISO 8601, and a zero UTC offset as `Z`."""
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def parsed_for_writing(text: str | None) -> object:
    """A store file's JSON for `plain_store.plain`, ready to be written back by `serialize_plain`.

    A number with a fraction, or NaN/Infinity, can only be in fields this version does not know, and
    pydantic-core writes some of them its own way (`1e-7`, where `json` writes `1e-07`): such a file is
    refused (a ValueError, as a damaged file) and so left to the model, whose bytes are the rule.
    """
    if text is None:
        return plain_store.EMPTY
    return json.loads(text, parse_float=_inexact, parse_constant=_inexact)


def _inexact(text: str) -> Any:
    raise ValueError(f"{text} is left to the model")


def serialize_plain(data: dict[str, Any]) -> bytes:
    """The bytes `serialize` writes for the state that `data` (from `plain_store.plain`) is, made without pydantic.

    `json` with `ensure_ascii` escapes exactly as the model's encoder does once that one's DEL is
    escaped (`serialize`); each datetime is written as pydantic writes it. A large store is written
    by pydantic-core's encoder (`app.core.store.json_text`), the model's own.
    """
    return (indented(data, ensure_ascii=True, datetime_text=date_time_text) + "\n").encode("ascii")
