"""Whether this system can confine a server (`app.core.confine.support`): one answer for every surface, with an
explicit platform for Windows (never confined) and the test switch for a Linux kernel without Landlock."""

from __future__ import annotations

import sys

import pytest

from app.core.confine import landlock
from app.core.confine.support import (
    can_confine,
    confine_refusal,
    confined_by_default,
    confinement_lines,
    may_confine,
    unconfined_note,
)
from app.core.model import HttpTarget, StdioTarget

STDIO = StdioTarget(command="node", args=["server.js"])
HTTP = HttpTarget(url="http://127.0.0.1:9/mcp")
needs_landlock = pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")


def test_windows_is_never_confined_and_says_so() -> None:
    assert not can_confine("win32")
    refused = confine_refusal("win32")
    assert refused is not None and refused.code == "confine.windows"
    assert refused.text.startswith("Not confined on Windows")
    assert not confined_by_default(STDIO, "win32")
    assert not may_confine(STDIO, False, "win32")
    note = unconfined_note("fs", stdio=True, confined=False, platform="win32")
    assert note is not None and note.code == "confine.windows"
    assert [line.code for line in confinement_lines("fs", STDIO, False, [], "win32")] == ["confine.windows"]


@needs_landlock
def test_linux_with_landlock_confines_new_stdio_servers_and_never_http_ones() -> None:
    assert can_confine("linux") and confine_refusal("linux") is None
    assert confined_by_default(STDIO, "linux")
    assert not confined_by_default(HTTP, "linux")
    assert may_confine(STDIO, False, "linux") and not may_confine(STDIO, True, "linux")
    assert not may_confine(HTTP, False, "linux")
    note = unconfined_note("my fs", stdio=True, confined=False, platform="linux")
    assert note is not None and note.text.endswith("rootkeeper servers confine 'my fs' on")
    assert unconfined_note("fs", stdio=False, confined=False, platform="linux") is None
    assert unconfined_note("fs", stdio=True, confined=True, platform="linux") is None


def test_a_linux_kernel_without_landlock_cannot_confine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")
    refused = confine_refusal("linux")
    assert refused is not None and refused.code == "confine.unsupported"
    assert not confined_by_default(STDIO, "linux")
    assert unconfined_note("fs", stdio=True, confined=False, platform="linux") is None  # no command to offer


def test_the_details_of_a_confined_server_say_what_it_may_touch_and_that_the_network_stays_open() -> None:
    lines = confinement_lines("fs", STDIO, True, ["~/projects", "~/notes"], sys.platform)
    assert [line.text for line in lines] == [
        "fs can read and change: ~/projects, ~/notes; can read: the system and its own program; cannot see anything "
        "else in your home.",
        "The network stays open to it.",
    ]
    assert confinement_lines("fs", STDIO, True, [], sys.platform)[0].code == "confine.summary_none"


def test_macos_confines_where_sandbox_exec_runs() -> None:
    """Here (Linux) there is no `/usr/bin/sandbox-exec`, so macOS's answer is the sentence naming it; the macOS
    workflow runs the same rule where it exists (tests/confine/test_seatbelt_macos.py)."""
    import os

    from app.core.confine.seatbelt import SANDBOX_EXEC

    refused = confine_refusal("darwin")
    if os.access(SANDBOX_EXEC, os.X_OK):
        assert refused is None and confined_by_default(STDIO, "darwin")
    else:
        assert refused is not None and refused.code == "confine.no_sandbox_exec"
        assert refused.text == "Servers cannot be confined on this system: it offers no sandbox-exec."
        assert not confined_by_default(STDIO, "darwin")
