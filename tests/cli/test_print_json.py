"""`--json` output: written by pydantic-core's encoder where it spells JSON exactly as `json` does.

The text must not change with the encoder: the same indentation, escapes and characters, and the
same terminal-safe escaping of DEL, C1 and bidi controls afterwards.
"""

from __future__ import annotations

import contextlib
import io
import json
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from app.cli.terminal import _json_escape, print_json
from app.core.paths import TERMINAL_CONTROLS
from app.core.store import json_text

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4)
    | st.dictionaries(st.integers(), inner, max_size=2),
    max_leaves=12,
)


def _printed(value: object) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_json(value)
    return out.getvalue()


def _with_the_json_module(value: object) -> str:
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return TERMINAL_CONTROLS.sub(_json_escape, text).encode("utf-8", "backslashreplace").decode("utf-8") + "\n"


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_the_same_text_as_the_json_module(value: object) -> None:
    assert _printed(value) == _with_the_json_module(value)
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", -1):  # pydantic-core's encoder for any size
        assert _printed(value) == _with_the_json_module(value)


def test_rows_of_names_with_controls_and_undecodable_bytes() -> None:
    rows = [{"name": name, "enabled": True, "id": 3, "detail": None}
            for name in ("plain", "tab\there", "esc\x1b[31m", "del\x7f", "c1\x9b", "bidi\u202e", "caf\udce9", "😀")]
    assert _printed(rows) == _with_the_json_module(rows)
    assert json.loads(_printed(rows)) == rows
    many = rows * 1000  # past the size at which pydantic-core's encoder is used
    assert _printed(many) == _with_the_json_module(many)
