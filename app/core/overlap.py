"""Roots that deserve a second thought: too broad, already shared, or inside/around another root."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from app.core.model import Root

_SYSTEM_FOLDERS = (
    "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/root", "/run",
    "/sbin", "/sys", "/usr", "/var", "/System", "/Library", "/private", "/Applications",
)
_SECRET_FOLDERS = (".ssh", ".gnupg", ".aws", ".kube", ".config/gcloud", ".password-store")


def _home() -> str:
    return os.path.realpath(os.path.expanduser("~"))


def broad_reason(path: str, *, home: str | None = None) -> str | None:
    """Why sharing `path` exposes far more than a project folder, or None when it does not."""
    home = home or _home()
    norm = os.path.normpath(path)
    if norm in ("/", "//") or re.fullmatch(r"[A-Za-z]:[\\/]?", norm):
        return f"{norm} is the root of a whole drive."
    if norm == home:
        return f"{norm} is your whole home folder."
    if os.path.dirname(norm) in ("/home", "/Users") and norm != home:
        return f"{norm} is a whole home folder."
    for secret in _SECRET_FOLDERS:
        secret_path = os.path.join(home, secret)
        if norm == secret_path or norm.startswith(secret_path + os.sep):
            return f"{norm} holds keys or credentials."
    for system in _SYSTEM_FOLDERS:
        if norm == system or (norm.startswith(system + "/") and norm.count("/") <= 2 and system != "/var"):
            return f"{norm} is a system folder."
    if norm in ("/home", "/Users", "/mnt", "/media", "/Volumes", "/opt", "/srv"):
        return f"{norm} holds many other folders, possibly other users' files."
    return None


Relation = Literal["duplicate", "inside", "contains"]


@dataclass(frozen=True)
class Overlap:
    relation: Relation
    other: Root

    def sentence(self, path: str) -> str:
        if self.relation == "duplicate":
            return f"{path} is already shared as '{self.other.name}'."
        if self.relation == "inside":
            return f"{path} is inside '{self.other.name}' ({self.other.path}), which is already shared."
        return f"{path} contains '{self.other.name}' ({self.other.path}), which is already shared."


def _is_inside(child: str, parent: str) -> bool:
    if parent == os.sep:
        return child != os.sep
    return child.startswith(parent.rstrip(os.sep) + os.sep)


def find_overlaps(path: str, roots: Iterable[Root]) -> list[Overlap]:
    """How the canonical `path` relates to roots already in the list (duplicates first)."""
    found: list[Overlap] = []
    for root in roots:
        if root.path == path:
            found.append(Overlap("duplicate", root))
        elif _is_inside(path, root.path):
            found.append(Overlap("inside", root))
        elif _is_inside(root.path, path):
            found.append(Overlap("contains", root))
    order = {"duplicate": 0, "inside": 1, "contains": 2}
    return sorted(found, key=lambda overlap: order[overlap.relation])
