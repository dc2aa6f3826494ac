"""Per class of fault, how many cases were tried and how many were handled, printed after the run."""

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
    "test_damaged_store": "store faults",
    "test_store_contention": "store faults",
    "test_sensitive": "security",
    "test_private_files": "security",
    "test_secrets": "security",
}

_tried: Counter[str] = Counter()
_handled: Counter[str] = Counter()


def _fault_class(nodeid: str) -> str | None:
    module = nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
    return CLASSES.get(module)


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    kind = _fault_class(report.nodeid)
    if kind is None or report.skipped or (report.when != "call" and report.passed):
        return
    if report.when == "call" or report.failed:
        _tried[kind] += 1
        _handled[kind] += report.passed


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _tried:
        return
    terminalreporter.section("fault suite")
    for kind in sorted(_tried):
        terminalreporter.write_line(f"{kind}: {_tried[kind]} cases tried, {_handled[kind]} handled")
