"""Logging set up once: the level's sources, the rotating private file, one line on stderr for short commands."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.system import logsetup
from tests.support.project import PROJECT

ROTATE = """
import logging, os, sys
from pathlib import Path
os.umask(0)
from app.core.system import logsetup
logsetup.MAX_BYTES = 2000
logsetup.configure_logging(logging.INFO, Path(sys.argv[1]), to_file=True)
before = "logging.handlers" in sys.modules
for n in range(200):
    logging.getLogger("rotate").info("record %d %s", n, "x" * 50)
print(before)
"""

SHORT = """
import logging, sys
from pathlib import Path
from app.core.system import logsetup
logsetup.configure_logging(logsetup.resolve_level(None), Path(sys.argv[1]), to_file=False)
logging.getLogger("short").info("not shown at the default level")
try:
    raise OSError("disk\\x1b[31m gone\\nsecond line")
except OSError:
    logging.getLogger("short").warning("Could not save\\x07 the file", exc_info=True)
"""


def python(code: str, *args: str, level: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT), ROOTKEEPER_LOG_LEVEL=level)
    return subprocess.run([sys.executable, "-c", code, *args], cwd=PROJECT, capture_output=True, text=True,
                          timeout=60, check=False, env=env)


def test_every_rotated_log_file_is_private_and_the_backups_are_bounded(tmp_path: Path) -> None:
    proc = python(ROTATE, str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    logs = tmp_path / "logs"
    files = sorted(p.name for p in logs.iterdir())
    assert files == ["rootkeeper.log", "rootkeeper.log.1", "rootkeeper.log.2", "rootkeeper.log.3"]
    assert {(logs / name).stat().st_mode & 0o777 for name in files} == {0o600}
    assert logs.stat().st_mode & 0o777 == 0o700
    assert "record 199" in (logs / "rootkeeper.log").read_text()
    # `name.1` is the newest backup, `name.3` the oldest kept: each one's records come before the next newer one's.
    first = [int((logs / name).read_text().split("record ")[1].split()[0]) for name in reversed(files)]
    assert first == sorted(first)


def test_the_log_file_loads_logging_handlers_only_at_its_first_record(tmp_path: Path) -> None:
    # `logging.handlers` imports socket, pickle and queue: 5 ms of the tray app's start before its first frame.
    # The file's handler is the standard library's rotating one now, so it comes with the first record, not
    # with `configure_logging` (tests/ui/test_start_order.py checks the tray shows its face before that).
    proc = python(ROTATE, str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


def test_short_commands_say_one_printable_line_and_no_traceback(tmp_path: Path) -> None:
    proc = python(SHORT, str(tmp_path))
    assert proc.returncode == 0
    assert proc.stderr == "rootkeeper: Could not save? the file (OSError: disk?[31m gone)\n"
    assert not (tmp_path / "logs").exists()


def test_a_short_command_at_debug_shows_the_details(tmp_path: Path) -> None:
    proc = python(SHORT, str(tmp_path), level="debug")
    assert "INFO short: not shown at the default level" in proc.stderr
    assert "Traceback (most recent call last)" in proc.stderr and "OSError: disk?[31m gone" in proc.stderr
    assert "\x1b" not in proc.stderr and "\x07" not in proc.stderr


def test_the_option_wins_over_the_environment_and_bad_levels_are_refused() -> None:
    assert logsetup.resolve_level(None, {}) is None
    assert logsetup.resolve_level(None, {"ROOTKEEPER_LOG_LEVEL": "DEBUG"}) == logging.DEBUG
    assert logsetup.resolve_level("error", {"ROOTKEEPER_LOG_LEVEL": "debug"}) == logging.ERROR
    with pytest.raises(logsetup.LogLevelError, match="'verbose' is not one of"):
        logsetup.resolve_level(None, {"ROOTKEEPER_LOG_LEVEL": "verbose"})
