"""What a fault case may not do to a store it watches: leave it half-written, unreadable, or changed by an
edit that was refused (the `store_guard` fixture hands one out per case and counts its losses)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from app.core.store.store import STORE_FILE, StoreError, parse


@dataclass
class _Watched:
    path: Path
    before: bytes | None  # what the store held when watched (None: no regular file there)
    unchanged: bool  # every edit since was refused: it must still hold `before`
    damaged: bool  # a damaged store: `before` must survive in place or moved aside
    kind: int  # the file type it had (a FIFO, a symlink, a folder are kept as they are, never read)


class StoreGuard:
    """Stores a case watches: each must still parse, and one whose edits were refused must be unchanged.

    A damaged store (`watch_damaged`) must instead keep its bytes, in place or moved aside, and what
    replaces it must parse. `refused` says after the fact that every edit since `watch` was refused;
    `checkpoint` checks a watched store now, before the case goes on to edits that may be accepted.
    """

    def __init__(self) -> None:
        self._watched: list[_Watched] = []
        self._found: list[str] = []
        self._counted = 0

    def watch(self, home: Path, *, unchanged: bool = True) -> None:
        self._watched.append(self._snapshot(home / STORE_FILE, unchanged=unchanged, damaged=False))

    def watch_damaged(self, home: Path) -> None:
        self._watched.append(self._snapshot(home / STORE_FILE, unchanged=False, damaged=True))

    def refused(self, home: Path) -> None:
        for watched in self._watched:
            if watched.path == home / STORE_FILE:
                watched.unchanged = True

    def checkpoint(self, home: Path, *, unchanged: bool) -> None:
        """Count what went wrong with `home`'s store so far, then watch it afresh from what it holds now."""
        path = home / STORE_FILE
        self._found += [problem for watched in self._watched if watched.path == path for problem in _check(watched)]
        self._watched = [watched for watched in self._watched if watched.path != path]
        self.watch(home, unchanged=unchanged)

    def lost(self, count: int = 1) -> None:
        self._counted += count

    def problems(self) -> list[str]:
        return self._found + [problem for watched in self._watched for problem in _check(watched)]

    def losses(self) -> int:
        return self._counted + len(self.problems())

    @staticmethod
    def _snapshot(path: Path, *, unchanged: bool, damaged: bool) -> _Watched:
        try:
            kind = stat.S_IFMT(os.lstat(path).st_mode)
        except FileNotFoundError:
            kind = 0
        before = path.read_bytes() if stat.S_ISREG(kind) else None
        return _Watched(path, before, unchanged, damaged, kind)


def _check(watched: _Watched) -> list[str]:
    path = watched.path
    if watched.damaged:
        if watched.before is None:  # not a regular file: it must be left exactly where and what it was
            try:
                kept = stat.S_IFMT(os.lstat(path).st_mode) == watched.kind
            except FileNotFoundError:
                kept = False
            return [] if kept else [f"{path} (not a regular file) was removed or replaced"]
        asides = sorted(path.parent.glob(f"{STORE_FILE}.damaged-*"))
        if not any(candidate.read_bytes() == watched.before for candidate in [*asides, path] if candidate.is_file()):
            return [f"the damaged {path} was neither kept nor moved aside intact"]
        if not path.exists() or path.read_bytes() == watched.before:
            return []
    try:
        now = path.read_bytes()
        parse(now.decode("utf-8"))
    except (OSError, ValueError, StoreError) as exc:
        return [f"{path} cannot be read back: {exc}"]
    if watched.unchanged and watched.before is not None and now != watched.before:
        return [f"{path} changed although every edit was refused"]
    return []
