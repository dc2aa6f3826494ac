"""The server form's text helpers: command lines, `KEY=VALUE` blocks, and problems gathered all at once."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

# Words a shell would not split or expand: shown without quotes, so `{roots}` reads as typed.
_PLAIN_WORD = re.compile(r"[\w@%+=:,./{}~-]+")


def command_line(words: Sequence[str]) -> str:
    """The words as one line `shlex.split` gives back, quoting only the words that need it."""
    return " ".join(word if _PLAIN_WORD.fullmatch(word) else shlex.quote(word) for word in words)


class FormError(ValueError):
    """What is wrong with the form: one translated sentence per line."""


def parse_pairs(block: str, separators: str) -> dict[str, str]:
    """`KEY=VALUE` (or `Name: Value`) lines into a dict; blank lines are skipped."""
    pairs: dict[str, str] = {}
    for line in block.splitlines():
        if not line.strip():
            continue
        cut = min((i for i in (line.find(sep) for sep in separators) if i > 0), default=-1)
        if cut < 0:
            raise FormError(line.strip())
        pairs[line[:cut].strip()] = line[cut + 1 :].strip()
    return pairs


def format_pairs(pairs: dict[str, str], separator: str) -> str:
    return "\n".join(f"{key}{separator}{value}" for key, value in pairs.items())


def collect(problems: list[str], check: Callable[[], T], template: str = "%1") -> T | None:
    """`check()`, or None with its FormError's sentences (each put in `template`) added to `problems`."""
    try:
        return check()
    except FormError as exc:
        problems.extend(template.replace("%1", line) for line in str(exc).splitlines())
        return None
