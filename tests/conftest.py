"""Shared fixtures: an isolated ROOTKEEPER_HOME, the CLI in a real subprocess, an unprivileged runner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.process_tree import kept

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Tests never write into the keyring of the desktop they run on: secrets go to each test's private
# file, and the tests of a real keyring start their own (`tests.keyring_helpers.secret_service`).
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")

pytest_plugins = ["tests.ui_helpers", "tests.keyring_helpers"]  # qasync `qloop`, `english`; real keyrings

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture
def rk_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "rk-home"
    monkeypatch.setenv("ROOTKEEPER_HOME", str(home))
    return home


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


@pytest.fixture
def cli(rk_home: Path):  # type: ignore[no-untyped-def]
    def call(*args: str | bytes, cwd: Path | None = None) -> CliResult:
        return run_cli(rk_home, *args, cwd=cwd)

    return call


def run_unprivileged(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run Python code in a process without any capability, so file permissions bind even for root.

    Tests and CI run as root, where `chmod 000` stops nothing; dropping every capability
    (CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH among them) makes the kernel apply the mode bits.
    """
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    command = [sys.executable, "-c", code, *args]
    if os.geteuid() == 0:
        command = ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", *command]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)


@pytest.fixture
def host_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's home folder for host configs (Claude Desktop, VS Code, Codex …), with HOME pointed at it."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / ".config"))
    for variable in ("CODEX_HOME", "APPDATA"):
        monkeypatch.delenv(variable, raising=False)
    return folder


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A folder a host's server names on its command line."""
    folder = tmp_path / "shared data"
    folder.mkdir()
    return folder
