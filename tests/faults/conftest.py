"""Per class of fault: cases tried, cases handled, and cases that lost data, printed after the run.

A case loses data when a store it watches (`store_guard`) ended up half-written, unreadable, or
changed by an edit that was refused; `store_guard.lost(n)` counts losses a case measures itself
(edits that vanished under contention, say). The count is printed beside the others and must be 0.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import STORE_FILE, StoreError, parse

CLASSES = {
    "test_terminal_escapes": "hostile inputs",
    "test_non_utf8": "hostile inputs",
    "test_hostile_paths": "hostile inputs",
    "test_selectors": "hostile inputs",
    "test_server_targets": "hostile inputs",
    "test_paste_box": "hostile inputs",
    "test_non_utf8_roots": "hostile inputs",
    "test_html_plain": "hostile inputs",
    "test_cli_robustness": "hostile inputs",
    "test_damaged_store": "store faults",
    "test_store_contention": "store faults",
    "test_full_disk": "store faults",
    "test_read_only_state": "store faults",
    "test_bridge_kills": "store faults",
    "test_save_kills": "store faults",
    "test_hostile_crowd": "hostile servers",
    "test_process_hygiene": "hostile servers",
    "test_bridge_faults": "hostile servers",
    "test_call_timeout": "hostile servers",
    "test_sensitive": "security",
    "test_private_files": "security",
    "test_server_logs": "security",
    "test_other_user": "security",
    "test_secrets": "security",
    "test_moved_cli": "security",
    "test_moved_watcher": "security",
    "test_moved_tray": "security",
}

_tried: Counter[str] = Counter()
_handled: Counter[str] = Counter()
_lost: Counter[str] = Counter()


def _fault_class(nodeid: str) -> str | None:
    module = nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
    return CLASSES.get(module)


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    kind = _fault_class(report.nodeid)
    if kind is None or report.skipped:
        return
    if report.when == "teardown":
        _lost[kind] += sum(int(value) for name, value in report.user_properties if name == "data_lost")
    if report.when != "call" and report.passed:
        return
    if report.when == "call" or report.failed:
        # A case that runs many inputs in one test (the paste box, say) says how many it tried.
        counts = dict(report.user_properties)
        tried = int(counts.get("cases_tried", 1))
        _tried[kind] += tried
        _handled[kind] += int(counts.get("cases_handled", tried)) if report.passed else 0


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _tried:
        return
    terminalreporter.section("fault suite")
    for kind in sorted(_tried):
        terminalreporter.write_line(
            f"{kind}: {_tried[kind]} cases tried, {_handled[kind]} handled, {_lost[kind]} data lost")


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


@pytest.fixture
def store_guard(request: pytest.FixtureRequest) -> Iterator[StoreGuard]:
    guard = StoreGuard()
    yield guard
    request.node.user_properties.append(("data_lost", guard.losses()))


@pytest.fixture
def stores_at_end(store_guard: StoreGuard, tmp_path: Path) -> Iterator[None]:
    """For cases whose edits may be accepted: every store the case leaves under `tmp_path` must parse.

    `**` walks into no symbolic link, so a folder swapped for a link to `/` is not searched.
    """
    yield
    for path in sorted(tmp_path.glob(f"**/{STORE_FILE}")):
        if path.is_file():
            store_guard.watch(path.parent, unchanged=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    unclassed = sorted({item.path.name for item in items if item.path.parent == here
                        and _fault_class(item.nodeid) is None})
    if unclassed:  # a fault file left out of CLASSES would silently count in no class
        raise pytest.UsageError(f"tests/faults files with no class in CLASSES: {', '.join(unclassed)}")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs of its own, unmounted afterwards (the test fills it or remounts it read-only)."""
    assert os.geteuid() == 0 and shutil.which("mount"), "mounting a tmpfs needs root (tests run as root here)"
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", str(disk)],
                             capture_output=True, text=True, check=False)
    assert mounted.returncode == 0, f"cannot mount a tmpfs: {mounted.stderr.strip()}"
    try:
        yield disk
    finally:
        with contextlib.suppress(OSError):
            subprocess.run(["umount", "-l", str(disk)], capture_output=True, check=False)


def fill(disk: Path) -> None:
    """Fill `disk` to the last byte (a file is still creatable on tmpfs: inodes are not the limit)."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 16, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)


def remount(disk: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(disk)], check=True, capture_output=True)
