"""Per class of fault: cases tried, cases handled, and cases that lost data, printed after the run.

A plugin (`-p tests.faults.summary` in pytest's options), not a conftest hook: under pytest-xdist the controller,
which prints the summary, loads no conftest below `tests/`, and every worker's reports reach it here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

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


def fault_class(nodeid: str) -> str | None:
    module = nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
    return CLASSES.get(module)


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    kind = fault_class(report.nodeid)
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
