"""Per class of fault: cases tried, cases handled, and cases that lost data, printed after the run.

A case loses data when a store it watches (`store_guard`) ended up half-written, unreadable, or
changed by an edit that was refused; `store_guard.lost(n)` counts losses a case measures itself
(edits that vanished under contention, say). The count is printed beside the others and must be 0.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import STORE_FILE
from tests.faults.store_guard import StoreGuard

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
    "test_repair_originals": "store faults",
    "test_history_reading": "store faults",
    "test_history_flood": "hostile servers",
    "test_store_contention": "store faults",
    "test_full_disk": "store faults",
    "test_read_only_state": "store faults",
    "test_bridge_kills": "store faults",
    "test_save_kills": "store faults",
    "test_hostile_crowd": "hostile servers",
    "test_process_hygiene": "hostile servers",
    "test_bridge_faults": "hostile servers",
    "test_bridge_edges": "hostile servers",
    "test_call_timeout": "hostile servers",
    "test_sensitive": "security",
    "test_private_files": "security",
    "test_server_logs": "security",
    "test_other_user": "security",
    "test_secrets": "security",
    "test_host_backups": "security",
    "test_moved_cli": "security",
    "test_moved_watcher": "security",
    "test_moved_tray": "security",
    "test_policy_hold": "security",
    "test_placeholder_folders": "security",
    "test_state_modes": "security",
    "test_alias_control": "hostile inputs",
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
