"""`rootkeeper call --timeout` bounds the whole call, through the real CLI and a real server process (issue 10, #16)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.support.cli import run_cli
from tests.support.project import PROJECT

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("stores_at_end")]

SERVER = PROJECT / "tests" / "servers" / "hygiene_server.py"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    command = [sys.executable, str(SERVER), "grandchild", str(tmp_path / "grandchild.pid")]
    added = run_cli(home, "servers", "add", "hygiene", "--no-confine", "--", *command)  # its pid file: outside
    assert added.code == 0, added.err
    return home


def test_a_tool_that_never_answers_ends_at_the_timeout_with_one_sentence(home: Path) -> None:
    # 30 s, not less: the bound covers the server's start too, which takes seconds on a loaded machine.
    called = run_cli(home, "call", "hygiene", "never_answers", "--timeout", "30", timeout=110)

    assert called.code == 1
    assert called.out == ""
    lines = called.err.strip().splitlines()
    assert len(lines) == 1, called.err
    assert lines[0].endswith("'hygiene' did not answer the call to 'never_answers' within 30 s."), called.err


def test_a_call_that_answers_in_time_still_prints_its_result(home: Path) -> None:
    called = run_cli(home, "call", "hygiene", "echo", "--args", '{"text": "hi"}', "--timeout", "60", timeout=90)

    assert called.code == 0, called.err
    assert called.json()["content"][0]["text"] == "hi"


def test_a_result_larger_than_the_hubs_message_limit_still_reaches_call(home: Path) -> None:
    from app.mcp.connection.stdio import MAX_MESSAGE_BYTES

    megabytes = MAX_MESSAGE_BYTES // 1_000_000 + 6  # as text and as structured content: twice that on the wire
    arguments = f'{{"megabytes": {megabytes}}}'
    called = run_cli(home, "call", "hygiene", "big", "--args", arguments, "--timeout", "240", timeout=300)

    assert called.code == 0, called.err
    assert called.json()["content"][0]["text"] == "x" * (megabytes * 1_000_000)
