"""Indented JSON from pydantic-core's encoder: the very text `json` writes, or `json` itself where it differs."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from unittest import mock

import pydantic_core
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.store import json_text
from app.core.store.encoding import date_time_text
from app.core.store.json_text import indented

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=VALUES, ensure_ascii=st.booleans())
def test_the_same_text_as_the_json_module_from_either_encoder(value: object, ensure_ascii: bool) -> None:
    expected = json.dumps(value, indent=2, ensure_ascii=ensure_ascii)
    assert indented(value, ensure_ascii=ensure_ascii) == expected
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", -1):
        assert indented(value, ensure_ascii=ensure_ascii) == expected


def test_datetimes_are_spelled_as_given_by_either_encoder() -> None:
    moments = [
        datetime(2026, 3, 1, 10, 0, tzinfo=UTC),
        datetime(2026, 3, 1, 11, 0, 0, 250000, timezone(timedelta(hours=2))),
        datetime(2026, 3, 1, 12, 0, 0, 1, UTC),
        datetime(2026, 3, 1, 12, 0),
        datetime(2026, 3, 2, 9, 30, tzinfo=timezone(-timedelta(hours=5, minutes=30))),
    ]
    value = {"at": moments, "nested": [{"when": moment, "name": "caf\u00e9\x7f"} for moment in moments]}
    expected = json.dumps(value, indent=2, ensure_ascii=True, default=date_time_text)
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", -1):
        assert indented(value, ensure_ascii=True, datetime_text=date_time_text) == expected
    assert indented(value, ensure_ascii=True, datetime_text=date_time_text) == expected


def test_what_the_fast_encoder_would_spell_otherwise_is_left_to_json() -> None:
    odd = [{"ratio": 1e-05}, {1: "an integer key"}, ["caf\udce9"], {"at": datetime(2026, 3, 1, tzinfo=UTC)}]
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", -1):
        for value in odd[:3]:
            assert indented(value, ensure_ascii=True) == json.dumps(value, indent=2, ensure_ascii=True)
        with pytest.raises(TypeError):  # a datetime without `datetime_text` is not JSON, as for `json`
            indented(odd[3], ensure_ascii=True)


def test_a_dicts_subclass_is_written_by_the_fast_encoder_too() -> None:
    # The plain store's edited roots are `PlainRoot`s (dicts with attribute names): a whole store of
    # them must not fall back to `json`, which takes a tenth of a second for 10,000 roots.
    from app.core.store.plain import PlainRoot

    value = {"roots": [PlainRoot(id=f"r{n}", name="caf\u00e9", enabled=True) for n in range(3)]}
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", -1), \
            mock.patch.object(pydantic_core, "to_json", wraps=pydantic_core.to_json) as fast:
        assert indented(value, ensure_ascii=True) == json.dumps(value, indent=2, ensure_ascii=True)
    assert fast.called
