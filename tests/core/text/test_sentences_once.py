"""Each sentence is written once: in core's catalogue (app/core/text/), and nowhere else in app/.

Read from the sources: a sentence spelled out a second time (an f-string next to a code, a UI
table restating a template, a refusal raised with its own English) fails here by where it is.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from app.core.text import CATALOGUE, CONTEXT
from app.core.text.commands import COMMANDS
from app.core.text.hosts import HOSTS_AND_HUB
from app.core.text.sentences import SENTENCES
from app.core.text.servers import SERVER_FAILURES
from tests.support.project import PROJECT

APP = PROJECT / "app"
CATALOGUE_DIR = APP / "core" / "text"
HOLE = re.compile(r"\{[a-z_][a-z0-9_]*\}|%\d+")
"""A placeholder, in either spelling: the catalogue's `{name}`, Qt's `%1`."""

RAISED_WITH_A_CODE = {"CliError", "CallError", "BridgeError", "UpstreamError"}
"""The refusals of the command line, `call` and the bridge, which once carried their own English."""
MADE_FROM_A_CODE = {"message", "sentence", "refusal", "StoreError", "LockError"}
"""Core's functions and errors that take a code first (every `UserError` subclass is found below)."""


def sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(APP.rglob("*.py")):
        if path.name != "resources_rc.py" and CATALOGUE_DIR not in path.parents:
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def shape(text: str) -> str:
    """A sentence with each placeholder made the same hole, so `{path} is gone.` and `%1 is gone.` compare equal."""
    return HOLE.sub("\x00", text)


def spelled(node: ast.AST) -> str | None:
    """The text a string literal or an f-string spells, each interpolation a hole."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(part.value) if isinstance(part, ast.Constant) else "\x00" for part in node.values)
    return None


def user_error_classes() -> set[str]:
    """`UserError` and every class in app/ that derives from it, by name."""
    bases: dict[str, set[str]] = {}
    for _, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {base.id for base in node.bases if isinstance(base, ast.Name)}
    found = {"UserError"}
    while grown := {name for name, parents in bases.items() if parents & found} - found:
        found |= grown
    return found


def test_the_catalogue_holds_each_code_and_each_template_once() -> None:
    groups = [SENTENCES, SERVER_FAILURES, HOSTS_AND_HUB, COMMANDS]
    assert sum(len(group) for group in groups) == len(CATALOGUE), "a code is defined in two groups"
    twice = [template for template, count in Counter(map(shape, CATALOGUE.values())).items() if count > 1]
    assert twice == [], "one sentence under two codes: use one code"


def test_every_template_is_marked_for_the_translation_catalogue_in_its_context() -> None:
    marked: list[str] = []
    for path in sorted(CATALOGUE_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "QT_TRANSLATE_NOOP":
                context, text = (spelled(argument) for argument in node.args)
                assert context == CONTEXT and text is not None and "\x00" not in text, ast.dump(node)
                marked.append(text)
    assert sorted(marked) == sorted(CATALOGUE.values())


def test_no_sentence_of_the_catalogue_is_spelled_out_anywhere_else() -> None:
    templates = {shape(template): code for code, template in CATALOGUE.items()}
    again = [f"{path.relative_to(PROJECT)}:{getattr(node, 'lineno', '?')}: {templates[shape(text)]}"
             for path, tree in sources() for node in ast.walk(tree)
             if (text := spelled(node)) is not None and shape(text) in templates]
    assert again == []


def a_code(node: ast.expr) -> bool:
    """A code of the catalogue, one of a family (`f"overlap.{relation}"`), or one held in a name or returned by a call.

    English (a literal that is no code, an f-string that is no family, a concatenation) is not.
    """
    if isinstance(node, ast.IfExp):
        return a_code(node.body) and a_code(node.orelse)
    if isinstance(node, ast.JoinedStr):
        head = node.values[0]
        family = str(head.value) if isinstance(head, ast.Constant) else ""
        return family.endswith(".") and any(code.startswith(family) for code in CATALOGUE)
    if isinstance(node, ast.Constant):
        return node.value in CATALOGUE
    return isinstance(node, ast.Name | ast.Attribute | ast.Call)


def test_every_refusal_and_sentence_is_made_from_a_catalogue_code() -> None:
    makers = RAISED_WITH_A_CODE | MADE_FROM_A_CODE | user_error_classes()
    assert user_error_classes() >= RAISED_WITH_A_CODE  # `UserError.__init__` looks the code up: no other passes
    wrong, seen = [], Counter[str]()
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in makers:
                seen[node.func.id] += 1
                if not node.args or not a_code(node.args[0]):
                    wrong.append(f"{path.relative_to(PROJECT)}:{node.lineno}: {ast.unparse(node)[:100]}")
    assert wrong == []
    assert all(seen[name] for name in RAISED_WITH_A_CODE), seen
