"""The bridge command written into hosts' configs: absolute, and the same Rootkeeper that wrote it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.hosts.bridgecmd import bridge_command, bridged_server_name
from tests.support.project import PROJECT

PRINT_COMMAND = (
    "import json; from app.core.hosts.bridgecmd import bridge_command; print(json.dumps(bridge_command('fs')))"
)


def _run(argv: list[str]) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    out = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, check=True).stdout
    command: list[str] = json.loads(out)
    return command


def test_under_python_m_app_it_is_the_venv_interpreter_with_m_app(tmp_path: Path) -> None:
    command = _run([sys.executable, "-c", PRINT_COMMAND])
    # The venv's interpreter path is kept as it is: resolving it would leave the venv and its packages.
    assert command == [os.path.abspath(sys.executable), "-m", "app", "bridge", "fs"]


def test_a_console_script_uses_its_own_absolute_path(tmp_path: Path) -> None:
    script = tmp_path / "bin" / "rootkeeper"
    script.parent.mkdir()
    script.write_text(f"#!{sys.executable}\n{PRINT_COMMAND}\n")
    script.chmod(0o755)
    command = _run([str(script)])
    assert command == [str(script), "bridge", "fs"]
    relative = _run_in(tmp_path, ["bin/rootkeeper"])
    assert relative[0] == str(script)


def _run_in(folder: Path, argv: list[str]) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    out = subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env, cwd=folder,
                         timeout=60, check=True).stdout
    command: list[str] = json.loads(out)
    return command


def test_the_written_command_starts_this_rootkeeper() -> None:
    launcher = bridge_command("fs")[:-2]
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    out = subprocess.run([*launcher, "--version"], capture_output=True, text=True, env=env, cwd="/",
                         timeout=60, check=True)
    assert out.stdout.startswith("rootkeeper ")


@pytest.mark.parametrize(
    ("command", "args", "server"),
    [
        ("/usr/bin/rootkeeper", ["bridge", "--server", "fs"], "fs"),
        ("C:\\Program Files\\Rootkeeper\\rootkeeper.exe", ["bridge", "--server=git"], "git"),
        ("/venv/bin/python3.11", ["-m", "app", "bridge", "--server", "x"], "x"),
        ("rootkeeper", ["bridge", "--name", "adhoc", "--", "npx", "srv"], "adhoc"),
        ("rootkeeper", ["bridge", "--", "npx", "srv"], ""),
        ("/usr/bin/rootkeeper", ["bridge", "fs"], "fs"),
        ("/usr/bin/rootkeeper", ["bridge", "fs", "--home", "/h"], "fs"),
        ("/usr/bin/rootkeeper", ["bridge", "--home", "/h", "fs"], "fs"),
        ("/venv/bin/python3.11", ["-m", "app", "bridge", "git"], "git"),
        ("rootkeeper", ["bridge", "--name", "fsp", "--", "npx", "-y", "fs", "--server", "x"], "fsp"),
        ("rootkeeper", ["bridge", "--", "npx", "--server", "x"], ""),
        ("npx", ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], None),
        ("/usr/bin/rootkeeper", ["servers", "list"], None),
        ("/venv/bin/python", ["-m", "other", "bridge", "--server", "x"], None),
        ("/usr/bin/not-rootkeeper", ["bridge", "--server", "fs"], None),
    ],
)
def test_bridge_entries_are_recognised(command: str, args: list[str], server: str | None) -> None:
    assert bridged_server_name(command, args) == server
