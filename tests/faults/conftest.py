"""The fault suite's fixtures. Its per-class summary (cases tried, handled, data lost) is `tests.faults.summary`.

A case loses data when a store it watches (`store_guard`) ended up half-written, unreadable, or
changed by an edit that was refused; `store_guard.lost(n)` counts losses a case measures itself
(edits that vanished under contention, say). The count is printed beside the others and must be 0.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.store.store import STORE_FILE
from tests.faults.store_guard import StoreGuard
from tests.faults.summary import fault_class


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
                        and fault_class(item.nodeid) is None})
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
