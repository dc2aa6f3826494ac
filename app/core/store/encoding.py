"""The store file's bytes, as the model writes them (`serialize`), and a datetime as pydantic writes it.

The model's encoder is the rule; the plain writer (`app.core.store.plain.serialize_plain`, for `roots
add` without pydantic) gives byte for byte what it gives for the same state.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING

from app.core.store.json_text import ascii_as_json_writes_it

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
