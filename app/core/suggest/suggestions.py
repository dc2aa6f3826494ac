"""Folders worth sharing, found on the user's machine: repositories and the editors' recent workspaces.

The roots specification suggests pairing the folder picker with "automatic workspace detection based
on version control systems or project files". Nothing here shares anything: the user picks.

The repository search is bounded every way a home folder can be hostile: a few usual project
folders only, a depth and a folder-count budget, a deadline, symbolic links never followed (no
loops), never into another file system (a network mount or a slow drive under `~/projects`), never
into hidden or dependency folders, and not below a repository once one is found. Recent
workspaces come from files the editors themselves keep (the formats are in `app.core.suggest.recent`).
"""

from __future__ import annotations

import os
import stat
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app.core.suggest.recent import recent_workspaces
from app.core.suggest.suggestion import Suggestion

PROJECT_FOLDERS = (
    "projects", "Projects", "src", "code", "Code", "dev", "Development", "git", "repos", "work",
    "workspace", "Workspace", "Documents", "Desktop",
)  # fmt: skip
"""Searched for repositories, relative to the home folder (which itself is searched one level deep)."""

VCS_MARKERS = {".git": "git", ".hg": "hg", ".svn": "svn", ".jj": "jj", ".fossil": "fossil", "_darcs": "darcs"}
SKIPPED = frozenset({"node_modules", "__pycache__", "venv", "target", "build", "dist", "vendor", "Library", "snap"})
MAX_DEPTH = 4
MAX_FOLDERS = 20_000
DEADLINE_SECONDS = 3.0


def suggest(
    home: Path,
    *,
    shared: Iterable[str] = (),
    max_depth: int = MAX_DEPTH,
    max_folders: int = MAX_FOLDERS,
    deadline: float = DEADLINE_SECONDS,
) -> list[Suggestion]:
    """Existing folders not shared yet: recent editor workspaces first (most recent first), then repositories."""
    taken = {os.path.realpath(path) for path in shared}
    found: dict[str, Suggestion] = {}
    for suggestion in (*recent_workspaces(home), *find_repositories(home, max_depth, max_folders, deadline)):
        path = os.path.realpath(suggestion.path)
        if path in taken or path in found or not os.path.isdir(path):
            continue
        found[path] = Suggestion(path, suggestion.kind, suggestion.detail)
    return list(found.values())


def find_repositories(home: Path, max_depth: int, max_folders: int, deadline: float) -> list[Suggestion]:
    search = _Search(budget=max_folders, stop_at=time.monotonic() + deadline, never=str(home))
    found: list[Suggestion] = []
    # The project folders first: the home folder's own one-level pass then skips them as seen.
    for start, depth in [(home / name, max_depth) for name in PROJECT_FOLDERS] + [(home, 1)]:
        found += search.walk(start, depth)
    return found


@dataclass
class _Search:
    budget: int
    stop_at: float
    never: str
    """The home folder: kept in git by some, and never a project to suggest."""
    seen: set[tuple[int, int]] = field(default_factory=set)

    def walk(self, start: Path, depth: int) -> list[Suggestion]:
        """Breadth first, so a budget or deadline cut leaves the shallow (likelier) repositories found."""
        try:
            info = os.stat(start, follow_symlinks=False)
        except OSError:
            return []
        if not stat.S_ISDIR(info.st_mode) or (info.st_dev, info.st_ino) in self.seen:
            return []
        self.seen.add((info.st_dev, info.st_ino))
        found: list[Suggestion] = []
        queue: deque[tuple[str, int]] = deque([(str(start), 0)])
        while queue and self.budget > 0 and time.monotonic() < self.stop_at:
            folder, level = queue.popleft()
            self.budget -= 1
            marker, children = _look_into(folder, want_children=level < depth)
            if marker is not None and folder != self.never:
                found.append(Suggestion(folder, VCS_MARKERS[marker], os.path.join(folder, marker)))
                continue  # the repository covers what is inside it
            for path, child in children:
                key = (child.st_dev, child.st_ino)
                name = os.path.basename(path)
                if name.startswith(".") or name in SKIPPED or child.st_dev != info.st_dev or key in self.seen:
                    continue  # hidden, dependencies, another file system (a network mount), or met before
                self.seen.add(key)
                queue.append((path, level + 1))
        return found


def _look_into(folder: str, *, want_children: bool) -> tuple[str | None, list[tuple[str, os.stat_result]]]:
    """The folder's version-control marker, and its sub-folders (links not followed)."""
    marker = None
    children: list[tuple[str, os.stat_result]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name in VCS_MARKERS and marker is None:
                    marker = entry.name
                if want_children and entry.is_dir(follow_symlinks=False):
                    children.append((entry.path, entry.stat(follow_symlinks=False)))
    except OSError:
        return None, []
    return marker, sorted(children)  # the same order on every run, whatever the file system's
