"""The JSON-with-comments reader: values, their exact spans, and refusals with a line and column."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.hosts import jsonc

TRICKY = """\ufeff// leading comment
{
  "url": "https://example.com/a//b", /* a "quoted" comment */
  "glob": "/*.txt",
  "quote": "say \\"hi\\" // still a string",
  "nested": {"list": [1, -2.5e3, true, null, "x",], /* c */ },
  "dup": 1,
  "dup": 2,
}
"""


def test_comments_are_skipped_and_strings_are_not_mistaken_for_comments() -> None:
    node = jsonc.parse(TRICKY)
    assert node.value == {
        "url": "https://example.com/a//b",
        "glob": "/*.txt",
        "quote": 'say "hi" // still a string',
        "nested": {"list": [1, -2500.0, True, None, "x"]},
        "dup": 2,
    }


def test_every_span_covers_exactly_its_value() -> None:
    node = jsonc.parse(TRICKY)
    nested = node.find(("nested",))
    assert nested is not None
    assert TRICKY[nested.start : nested.end] == '{"list": [1, -2.5e3, true, null, "x",], /* c */ }'
    quote = node.find(("quote",))
    assert quote is not None and TRICKY[quote.start : quote.end] == '"say \\"hi\\" // still a string"'
    dup = node.find(("dup",))
    assert dup is not None and TRICKY[dup.start : dup.end] == "2"
    assert node.find(("nested", "missing")) is None and node.find(("url", "deeper")) is None


@pytest.mark.parametrize(
    ("text", "reason", "line", "column"),
    [
        ('{\n  "a": 1\n  "b": 2\n}', "expected ',' or '}'", 3, 3),
        ('{"a": /* never closed', "a /* comment is never closed", 1, 7),
        ('{"a": "open\n}', "a string is never closed", 1, 7),
        ('{"a": tru}', "unexpected character 't'", 1, 7),
        ('{"a": 1} x', "unexpected text after the end of the document", 1, 10),
        ('{a: 1}', "expected a quoted key", 1, 2),
        ("", "the file ends where a value was expected", 1, 1),
    ],
)
def test_refusals_say_where(text: str, reason: str, line: int, column: int) -> None:
    with pytest.raises(jsonc.JsoncError) as caught:
        jsonc.parse(text)
    assert (caught.value.reason, caught.value.line, caught.value.column) == (reason, line, column)
    assert str(caught.value) == f"{reason} at line {line}, column {column}"


def test_plain_json_refuses_comments_and_trailing_commas() -> None:
    with pytest.raises(jsonc.JsoncError, match="a comment is not allowed in plain JSON at line 1, column 9"):
        jsonc.parse('{"a": 1 // no\n}', comments=False)
    with pytest.raises(jsonc.JsoncError, match="trailing comma"):
        jsonc.parse('{"a": [1,]}', comments=False)
    with pytest.raises(jsonc.JsoncError, match="trailing comma is not allowed in this file at line 1, column 8"):
        jsonc.parse('{"a": 1, // c\n}', trailing_commas=False)
    assert jsonc.parse('{"a": [1]}', comments=False).value == {"a": [1]}


def test_render_follows_the_files_indentation() -> None:
    text = '{\n\t"servers": {\n\t\t"fs": {}\n\t}\n}\n'
    node = jsonc.parse(text).find(("servers", "fs"))
    assert node is not None
    rendered = jsonc.render({"command": "/x", "args": ["a", "b"], "env": {"K": "V"}}, text, node.start)
    assert rendered == (
        '{\n\t\t\t"command": "/x",\n\t\t\t"args": ["a", "b"],\n\t\t\t"env": {\n\t\t\t\t"K": "V"\n\t\t\t}\n\t\t}'
    )
    edited = jsonc.replace_span(text, node, rendered)
    assert json.loads(edited)["servers"]["fs"]["env"] == {"K": "V"}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES, st.sampled_from([None, 2, "\t"]))
def test_any_json_document_reads_as_json_does(value: object, indent: int | str | None) -> None:
    text = json.dumps(value, indent=indent)
    node = jsonc.parse(text, comments=False)
    assert node.value == json.loads(text)
    if isinstance(value, dict):
        for key, child in node.members.items():
            assert json.loads(text[child.start : child.end]) == json.loads(text)[key]
