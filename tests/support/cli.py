"""The CLI in a real subprocess (`python -m app ARGS`), and Python run without capabilities."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support.processes import kept
from tests.support.project import PROJECT


class CliResult:
    def __init__(self, proc: subprocess.CompletedProcess[bytes]) -> None:
        self.code = proc.returncode
        self.out = proc.stdout.decode("utf-8", "replace")
        self.err = proc.stderr.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.out)

    def __repr__(self) -> str:
        return f"CliResult(code={self.code}, out={self.out!r}, err={self.err!r})"


def run_cli(
    home: Path, *args: str | bytes, cwd: Path | None = None, timeout: float = 60, leftovers: Path | None = None
) -> CliResult:
    """`python -m app ARGS`; with `leftovers`, run by the keeper that writes there what it left running."""
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    command: list[str | bytes] = [sys.executable, "-m", "app", *args]
    if leftovers is not None:
        command = [*kept(leftovers, []), *command]
    proc = subprocess.run(command, capture_output=True, env=env, cwd=cwd or PROJECT, timeout=timeout, check=False)
    return CliResult(proc)


def edit_by_cli(home: Path, *args: str) -> None:
    """`python -m app ARGS` as another process editing the store of `home` (a bare PATH); fails if it fails."""
    env = {"ROOTKEEPER_HOME": str(home), "PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-m", "app", *args], check=True, env=env, capture_output=True, timeout=60)


def unprivileged(command: list[str]) -> list[str]:
    """`command` with every capability dropped when run as root, so file modes bind as for a user."""
    if os.geteuid() == 0:
        return ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", *command]
    return command


def run_unprivileged(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run Python code in a process without any capability, so file permissions bind even for root.

    Tests and CI run as root, where `chmod 000` stops nothing; dropping every capability
    (CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH among them) makes the kernel apply the mode bits.
    """
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    command = unprivileged([sys.executable, "-c", code, *args])
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)
