"""The CLI run on a pseudo-terminal, for the questions it asks only when a person is at the terminal."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from tests.support.project import PROJECT


def on_a_terminal(home: Path, args: list[str], answers: list[str], timeout: float = 60) -> str:
    """Run the CLI with a pseudo-terminal as its input and output; each answer is typed after a question."""
    parent, child = pty.openpty()
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT), TERM="dumb")
    proc = subprocess.Popen([sys.executable, "-m", "app", *args], stdin=child, stdout=child, stderr=child,
                            env=env, cwd=PROJECT, close_fds=True)
    os.close(child)
    seen, pending, deadline = b"", list(answers), time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([parent], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(parent, 4096)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                seen += chunk
                if pending and seen.rstrip().endswith((b"[Y/n]", b"[y/N]")):
                    os.write(parent, pending.pop(0).encode() + b"\n")
            elif proc.poll() is not None:
                break
        proc.wait(timeout=10)
    finally:
        os.close(parent)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, seen.decode()
    return seen.decode().replace("\r\n", "\n")
