"""JSON with comments, read with the position of every value, so an edit can replace one value's text only.

Hosts keep hand-edited JSON files (VS Code's and Zed's allow `//` and `/* */` comments and trailing
commas). Re-dumping such a file would drop the user's comments and layout, so Rootkeeper parses it
into nodes that remember where each value starts and ends, and edits the text between those offsets.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsoncError(ValueError):
    def __init__(self, reason: str, text: str, offset: int) -> None:
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        super().__init__(f"{reason} at line {line}, column {column}")
        self.reason, self.line, self.column = reason, line, column


class Node:
    """A value and the text span `[start, end)` it occupies.

    `members`, for objects: each key's value node (the last one wins for a repeated key, as in JSON.parse).
    Objects deep in a document are read whole by the C decoder; their members are found the first time
    they are asked for."""

    __slots__ = ("_members", "_moved_from", "_scan", "end", "start", "value")

    def __init__(self, start: int, end: int, value: Any = None, members: dict[str, Node] | None = None,
                 scan: str | None = None) -> None:
        self.start, self.end, self.value = start, end, value
        self._members = {} if members is None and scan is None else members
        self._scan = scan
        """The text the spans are in, comments blanked (only needed to find the members later)."""
        self._moved_from: tuple[Node, int] | None = None
        """The node this one is, moved by an edit before it: its members are moved when asked for."""

    @property
    def members(self) -> dict[str, Node]:
        if self._members is None:
            if self._moved_from is not None:
                origin, by = self._moved_from
                self._members = {key: _moved(child, by, self._scan) for key, child in origin.members.items()}
                self._moved_from = None
            else:
                self._members = _members_later(self)
        return self._members

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
    unless said otherwise (Gemini CLI strips comments but then parses strict JSON).

    Host files grow to megabytes (Claude Code keeps every project's history in `~/.claude.json`), so the
    text goes through Python's C decoder whenever it can: plain JSON as it is, JSON with comments with its
    comments and trailing commas blanked out (the same length, so every offset stays true). The careful
    reader below, which says where a file is wrong, reads only what the C decoder refuses."""
    allow_trailing = comments if trailing_commas is None else trailing_commas
    node = _fast(text)
    if node is None and (comments or allow_trailing):
        blanked = _blanked(text, comments=comments, trailing_commas=allow_trailing)
        node = _fast(blanked) if blanked is not None else None
    if node is not None:
        return node
    return _Parser(text, comments=comments, trailing_commas=allow_trailing).document()


# -- the fast path: objects walked for their spans, everything else decoded by the C decoder ----------------

_SPACE = re.compile(r"[ \t\r\n\ufeff]*")
WALKED_DEPTH = 4
"""Objects this close to the top are walked member by member (their members' spans kept); deeper values, and
every array, are decoded in one call. Every host keeps its servers within four keys of the top."""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_scan_once: Any = json.JSONDecoder(parse_constant=_refuse_constant).scan_once  # type: ignore[attr-defined]
_scanstring: Any = json.decoder.scanstring  # type: ignore[attr-defined]


class _NotFast(Exception):
    """The C decoder refused the text here: the careful reader decides (and says where it is wrong)."""


def _fast(text: str) -> Node | None:
    try:
        pos = _SPACE.match(text).end()  # type: ignore[union-attr]
        node = _walk(text, pos, 0)
        if _SPACE.match(text, node.end).end() != len(text):  # type: ignore[union-attr]
            return None
    except (_NotFast, ValueError, IndexError, StopIteration, RecursionError):
        return None
    return node


def _walk(text: str, pos: int, depth: int) -> Node:
    if text[pos] != "{" or depth >= WALKED_DEPTH:
        decoded, end = _scan_once(text, pos)
        return Node(pos, end, decoded, None if isinstance(decoded, dict) else {}, text)
    value: dict[str, Any] = {}
    members: dict[str, Node] = {}
    node = Node(pos, pos, value, members, text)
    space = _SPACE.match
    pos = space(text, pos + 1).end()  # type: ignore[union-attr]
    if text[pos] == "}":
        node.end = pos + 1
        return node
    while True:
        if text[pos] != '"':
            raise _NotFast
        key, pos = _scanstring(text, pos + 1, True)
        pos = space(text, pos).end()  # type: ignore[union-attr]
        if text[pos] != ":":
            raise _NotFast
        child = _walk(text, space(text, pos + 1).end(), depth + 1)  # type: ignore[union-attr]
        members[key] = child
        value[key] = child.value
        pos = space(text, child.end).end()  # type: ignore[union-attr]
        if text[pos] == ",":
            pos = space(text, pos + 1).end()  # type: ignore[union-attr]
        elif text[pos] == "}":
            node.end = pos + 1
            return node
        else:
            raise _NotFast


def _members_later(node: Node) -> dict[str, Node]:
    """The members of an object decoded whole, walked now from the text it was read from."""
    if not isinstance(node.value, dict) or node._scan is None:
        return {}
    return _walk(node._scan, node.start, 0).members


# Outside strings: comments, and commas right before a closing bracket. A comma right after an opening
# bracket or another comma (`[,]`) is no trailing comma: the careful reader refuses it.
_COMMENT = r"//[^\n]*|/\*.*?\*/"
_GAP = rf"(?:\s|(?>{_COMMENT}))*"  # atomic: a comment ends at its own end, never reaches into the next one
_COMMENTISH = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'
    rf"|(?P<comment>{_COMMENT})"
    rf"|(?P<stray>[\[{{,]{_GAP},)"
    rf"|(?P<trailing>,)(?={_GAP}[}}\]])",
    re.DOTALL,
)


_NOT_A_LINE_BREAK = re.compile(r"[^\r\n]")


def _blanked(text: str, *, comments: bool, trailing_commas: bool) -> str | None:
    """`text` with its comments and trailing commas turned into spaces (the same length, strings untouched),
    or None when it holds something only the careful reader can judge."""
    stray = False

    def blank(match: re.Match[str]) -> str:
        nonlocal stray
        if match.lastgroup == "comment" and comments:  # line breaks kept: a string they break stays broken
            return _NOT_A_LINE_BREAK.sub(" ", match.group())
        if match.lastgroup == "trailing" and trailing_commas:
            return " "
        if match.lastgroup == "stray":
            stray = True
        return match.group()

    blanked = _COMMENTISH.sub(blank, text)
    return None if stray else blanked


# -- an edit of one value, and the document it makes, without reading the whole text again ---------------


def parse_value(text: str, *, comments: bool = True, trailing_commas: bool | None = None) -> Node | None:
    """`text` as one value with nothing around it (no space, no comment), or None when it is not one."""
    try:
        node = parse(text, comments=comments, trailing_commas=trailing_commas)
    except JsoncError:
        return None
    return node if node.start == 0 and node.end == len(text) else None


def replaced(top: Node, text: str, path: tuple[str, ...], new: Node, new_text: str) -> Node:
    """The document `top` (read from `text`) as read from `new_text`: `text` with the value at `path` replaced
    by the text `new` was read from, alone at offset 0 (`parse_value`).

    The whole new text need not be read again: JSON's grammar takes any value in place of any other, so the
    new text is well formed exactly when the new value is, and every span after it moves by a known amount."""
    old = top.find(path)
    if old is None:
        raise KeyError(path)
    length = new.end - new.start
    delta = length - (old.end - old.start)
    if top._scan is None or top._scan is text:
        scan = None if top._scan is None else new_text
    else:  # comments blanked: the same edit on the blanked text
        scan = top._scan[: old.start] + new_text[old.start : old.start + length] + top._scan[old.end :]
    _read_all_members(new)  # its own text is gone once it sits in the document
    return _rebuilt(top, path, _moved(new, old.start, scan), (old.start, delta), scan)


def replaced_all(top: Node, text: str, edits: list[tuple[tuple[str, ...], str, Node]]) -> tuple[str, Node] | None:
    """`text` with the value at each path replaced by a value's text (and the node read from it alone,
    `parse_value`), all at once, and the document that makes; None when two of the values overlap.

    One copy of the text for all the edits: `replaced` one by one copies the whole text each time."""
    located = []
    for path, value_text, new in edits:
        old = top.find(path)
        if old is None:
            raise KeyError(path)
        located.append((old.start, old.end, path, value_text, new))
    located.sort(key=lambda item: item[0])
    if any(after[0] < before[1] for before, after in itertools.pairwise(located)):
        return None
    pieces, at = [], 0
    for start, end, _, value_text, _ in located:
        pieces += [text[at:start], value_text]
        at = end
    new_text = "".join([*pieces, text[at:]])
    if top._scan is None or top._scan is text:
        scan = None if top._scan is None else new_text
    else:  # comments blanked: the same edits on the blanked text
        blanked, at = [], 0
        for start, end, _, value_text, _ in located:
            blanked += [top._scan[at:start], value_text]  # the same length; never read again (members read)
            at = end
        scan = "".join([*blanked, top._scan[at:]])
    document = top
    for start, end, path, _, new in reversed(located):  # from the end: an edit moves only what is after it
        _read_all_members(new)
        delta = (new.end - new.start) - (end - start)
        document = _rebuilt(document, path, _moved(new, start, scan), (start, delta), scan)
    return new_text, document


def _read_all_members(node: Node) -> None:
    for child in node.members.values():
        _read_all_members(child)


def _moved(node: Node, by: int, scan: str | None) -> Node:
    """`node` `by` characters further on; its members are moved only if they are ever asked for."""
    if not by:
        return node
    if not node._members and node._moved_from is None and node._members is not None:
        return Node(node.start + by, node.end + by, node.value, {}, scan)
    moved = Node(node.start + by, node.end + by, node.value, None, scan)
    moved._members = None
    moved._moved_from = (node, by)
    return moved


def _rebuilt(node: Node, path: tuple[str, ...], new: Node, shift: tuple[int, int], scan: str | None) -> Node:
    """`node` with `new` at `path`; members after the edit at `shift[0]` moved by `shift[1]`."""
    at, delta = shift
    if not path:
        return new
    key = path[0]
    members: dict[str, Node] = {}
    for name, child in node.members.items():
        if name == key:
            members[name] = _rebuilt(child, path[1:], new, shift, scan)
        elif child.end <= at:
            members[name] = child
        else:
            members[name] = _moved(child, delta, scan)
    value = dict(node.value)
    value[key] = members[key].value
    return Node(node.start, node.end + delta, value, members, scan)


def indent_unit(text: str) -> str:
    """The file's own indentation step, so a value written into it looks hand-made."""
    return indentation(text)[0]


def indentation(text: str) -> tuple[str, int]:
    """The file's indentation step and where the line it is taken from ends (past the end of the text when the
    step is the default: no line is indented); an edit after that line leaves the step as it is."""
    size = 4096
    while True:  # the first indented line is near the top: no need to split a big file into all its lines
        lines = text[:size].splitlines(keepends=True)
        whole = size >= len(text)
        end = 0
        for line in lines if whole else lines[:-1]:  # the last line of a part may be cut short
            end += len(line)
            content = line.splitlines()[0] if line else line
            stripped = content.lstrip(" \t")
            if stripped and len(stripped) < len(content):
                return content[: len(content) - len(stripped)], end
        if whole:
            return "  ", len(text) + 1
        size *= 16


def render(value: Any, text: str, at: int, newline: str | None = None, *, unit: str | None = None) -> str:
    """`value` as JSON text for offset `at` in `text`, indented like the line it lands on (`newline`, `unit`:
    the file's line ending and indentation step when the caller knows them already)."""
    line_start = text.rfind("\n", 0, at) + 1
    line = text[line_start:at]
    base = line[: len(line) - len(line.lstrip(" \t"))]
    return _dump(value, base, unit or indent_unit(text), newline or newline_of(text))


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
    return "".join((text[: node.start], new_text, text[node.end :]))  # one copy of the whole text fewer than `+`
