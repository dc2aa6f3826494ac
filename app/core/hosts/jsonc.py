"""JSON with comments, read with the position of every value, so an edit can replace one value's text only.

Hosts keep hand-edited JSON files (VS Code's and Zed's allow `//` and `/* */` comments and trailing
commas). Re-dumping such a file would drop the user's comments and layout, so Rootkeeper parses it
into nodes that remember where each value starts and ends, and edits the text between those offsets.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsoncError(ValueError):
    def __init__(self, reason: str, text: str, offset: int) -> None:
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        super().__init__(f"{reason} at line {line}, column {column}")
        self.reason, self.line, self.column = reason, line, column


@dataclass
class Node:
    """A value and the text span `[start, end)` it occupies."""

    start: int
    end: int
    value: Any = None
    members: dict[str, Node] = field(default_factory=dict)
    """For objects: each key's value node (the last one wins for a repeated key, as in JSON.parse)."""

    def child(self, key: str) -> Node | None:
        return self.members.get(key)

    def find(self, path: tuple[str, ...]) -> Node | None:
        node: Node | None = self
        for key in path:
            node = node.child(key) if node is not None else None
        return node


class _Parser:
    def __init__(self, text: str, *, comments: bool, trailing_commas: bool) -> None:
        self.text = text
        self.pos = 0
        self.comments = comments
        self.trailing_commas = trailing_commas

    def fail(self, reason: str, offset: int | None = None) -> JsoncError:
        return JsoncError(reason, self.text, self.pos if offset is None else offset)

    def skip(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n\ufeff":
                self.pos += 1
            elif text.startswith(("//", "/*"), self.pos) and not self.comments:
                raise self.fail("a comment is not allowed in plain JSON")
            elif text.startswith("//", self.pos):
                newline = text.find("\n", self.pos)
                self.pos = len(text) if newline < 0 else newline + 1
            elif text.startswith("/*", self.pos):
                close = text.find("*/", self.pos + 2)
                if close < 0:
                    raise self.fail("a /* comment is never closed")
                self.pos = close + 2
            else:
                return

    def document(self) -> Node:
        self.skip()
        node = self.value()
        self.skip()
        if self.pos != len(self.text):
            raise self.fail("unexpected text after the end of the document")
        return node

    def value(self) -> Node:
        if self.pos >= len(self.text):
            raise self.fail("the file ends where a value was expected")
        char = self.text[self.pos]
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        if char == '"':
            start = self.pos
            decoded = self.string()
            return Node(start, self.pos, decoded)
        return self.scalar()

    def string(self) -> str:
        start = self.pos
        index = start + 1
        text = self.text
        while True:
            if index >= len(text) or text[index] == "\n":
                raise self.fail("a string is never closed", start)
            if text[index] == "\\":
                index += 2
                continue
            if text[index] == '"':
                break
            index += 1
        self.pos = index + 1
        try:
            decoded: str = json.loads(text[start : self.pos])
        except json.JSONDecodeError as exc:
            raise self.fail("a string holds an invalid escape or control character", start) from exc
        return decoded

    def scalar(self) -> Node:
        start = self.pos
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, start):
                self.pos = start + len(word)
                return Node(start, self.pos, literal)
        match = _NUMBER.match(self.text, start)
        if not match:
            raise self.fail(f"unexpected character {self.text[start]!r}")
        self.pos = match.end()
        return Node(start, self.pos, json.loads(match.group()))

    def _items(self, close: str, read_one: Any) -> None:
        self.pos += 1
        self.skip()
        if self.text.startswith(close, self.pos):
            self.pos += 1
            return
        while True:
            read_one()
            self.skip()
            if self.text.startswith(",", self.pos):
                comma = self.pos
                self.pos += 1
                self.skip()
                if self.text.startswith(close, self.pos):
                    if not self.trailing_commas:
                        raise self.fail("a trailing comma is not allowed in this file", comma)
                    self.pos += 1
                    return
                continue
            if self.text.startswith(close, self.pos):
                self.pos += 1
                return
            raise self.fail(f"expected ',' or '{close}'")

    def object(self) -> Node:
        node = Node(self.pos, self.pos, {})

        def member() -> None:
            if not self.text.startswith('"', self.pos):
                raise self.fail("expected a quoted key")
            key = self.string()
            self.skip()
            if not self.text.startswith(":", self.pos):
                raise self.fail("expected ':' after a key")
            self.pos += 1
            self.skip()
            child = self.value()
            node.members[key] = child
            node.value[key] = child.value

        self._items("}", member)
        node.end = self.pos
        return node

    def array(self) -> Node:
        node = Node(self.pos, self.pos, [])

        def element() -> None:
            node.value.append(self.value().value)

        self._items("]", element)
        node.end = self.pos
        return node


def parse(text: str, *, comments: bool = True, trailing_commas: bool | None = None) -> Node:
    """The document's root node. `comments=False` reads plain JSON; trailing commas follow `comments`
    unless said otherwise (Gemini CLI strips comments but then parses strict JSON)."""
    allow_trailing = comments if trailing_commas is None else trailing_commas
    return _Parser(text, comments=comments, trailing_commas=allow_trailing).document()


def indent_unit(text: str) -> str:
    """The file's own indentation step, so a value written into it looks hand-made."""
    for line in text.splitlines():
        stripped = line.lstrip(" \t")
        if stripped and len(stripped) < len(line):
            return line[: len(line) - len(stripped)]
    return "  "


def render(value: Any, text: str, at: int) -> str:
    """`value` as JSON text for offset `at` in `text`, indented like the line it lands on."""
    line_start = text.rfind("\n", 0, at) + 1
    line = text[line_start:at]
    base = line[: len(line) - len(line.lstrip(" \t"))]
    return _dump(value, base, indent_unit(text), newline_of(text))


def newline_of(text: str) -> str:
    """The file's line ending, so an edit does not leave a Windows file with mixed ones."""
    return "\r\n" if "\r\n" in text else "\n"


def _dump(value: Any, base: str, unit: str, nl: str) -> str:
    # Objects one member a line, as people write configs; lists of plain values on one line.
    if isinstance(value, dict) and value:
        inner = base + unit
        members = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {_dump(item, inner, unit, nl)}"
                   for key, item in value.items()]
        return "{" + nl + ("," + nl).join(members) + nl + base + "}"
    if isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
        inner = base + unit
        items = [inner + _dump(item, inner, unit, nl) for item in value]
        return "[" + nl + ("," + nl).join(items) + nl + base + "]"
    return json.dumps(value, ensure_ascii=False)


def replace_span(text: str, node: Node, new_text: str) -> str:
    return text[: node.start] + new_text + text[node.end :]
