"""Roots that deserve a second thought: too broad (the list in `sensitive`), already shared, or nested."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from app.core.paths import printable
from app.core.sensitive import broad_kind
from app.core.text import Message, message

if TYPE_CHECKING:
    from app.core.model import Root


def _home() -> str:
    return os.path.realpath(os.path.expanduser("~"))


def broad_message(path: str, *, home: str | None = None) -> Message | None:
    """Why sharing `path` exposes far more than a project folder, or None when it does not."""
    home = home or _home()
    norm = os.path.normpath(path)
    code = _broad_code(norm, home)
    return message(code, path=norm) if code else None


def broad_reason(path: str, *, home: str | None = None) -> str | None:
    found = broad_message(path, home=home)
    return found.text if found else None


def _broad_code(norm: str, home: str) -> str | None:
    return broad_kind(norm, home)


Relation = Literal["duplicate", "inside", "contains"]


@dataclass(frozen=True)
class Overlap:
    relation: Relation
    other: Root

    def message(self, path: str) -> Message:
        """The note (or, for a duplicate, the refusal) about sharing `path` next to `other`."""
        return message(f"overlap.{self.relation}", path=path, name=self.other.name, other=printable(self.other.path))

    def sentence(self, path: str) -> str:
        return self.message(path).text


def is_inside(child: str, parent: str) -> bool:
    """Whether the canonical path `child` lies strictly below `parent`."""
    if parent == os.sep:
        return child != os.sep
    return child.startswith(parent.rstrip(os.sep) + os.sep)


def find_overlaps(path: str, roots: Iterable[Root]) -> list[Overlap]:
    """How the canonical `path` relates to roots already in the list (duplicates first)."""
    found: list[Overlap] = []
    for root in roots:
        if root.path == path:
            found.append(Overlap("duplicate", root))
        elif is_inside(path, root.path):
            found.append(Overlap("inside", root))
        elif is_inside(root.path, path):
            found.append(Overlap("contains", root))
    order = {"duplicate": 0, "inside": 1, "contains": 2}
    return sorted(found, key=lambda overlap: order[overlap.relation])
