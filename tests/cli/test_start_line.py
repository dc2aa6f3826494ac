"""The tray app's one start-up line: said to a terminal, or when `make run` asks for it; silent otherwise."""

from __future__ import annotations

import io
import os
import pty
from pathlib import Path

from app.core.text import sentence
from app.ui.main import SAY_RUNNING_VARIABLE, say_running
from tests.support.project import PROJECT


def test_the_start_line_is_said_to_a_terminal_or_when_asked(tmp_path: Path) -> None:
    piped = io.StringIO()
    assert not say_running(piped, {})
    assert piped.getvalue() == ""
    assert say_running(piped, {SAY_RUNNING_VARIABLE: "1"})
    assert piped.getvalue() == f"{sentence('cli.tray_running')}\n" == "Rootkeeper is running in your tray.\n"
    leader, follower = pty.openpty()
    with os.fdopen(follower, "w", closefd=True) as terminal:
        assert say_running(terminal, {})
    said = os.read(leader, 200)
    os.close(leader)
    assert said == b"Rootkeeper is running in your tray.\r\n"


def test_make_run_asks_for_it() -> None:
    makefile = (PROJECT / "Makefile").read_text()
    assert f"{SAY_RUNNING_VARIABLE}=1 $(BIN)/rootkeeper" in makefile
