"""A bridge installed into a host's config finds the settings folder it was installed for.

Hosts start their servers with an environment of their own (Claude Desktop passes a handful of
variables), so a ROOTKEEPER_HOME set when installing must travel on the bridge's command line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.project import PROJECT

WAITS_FOR_EOF = "import sys; sys.stdin.buffer.read()"


@pytest.fixture
def home(host_home: Path) -> Path:
    return host_home


def test_the_installed_bridge_uses_the_settings_folder_it_was_installed_for(
    cli, home: Path, rk_home: Path  # type: ignore[no-untyped-def]
) -> None:
    config = home / ".config" / "Claude" / "claude_desktop_config.json"
    config.parent.mkdir(parents=True)
    config.write_text(json.dumps({"mcpServers": {"quiet": {"command": sys.executable, "args": ["-c", WAITS_FOR_EOF]}}}))
    assert cli("servers", "import", "claude-desktop").code == 0
    installed = cli("hosts", "install", "claude-desktop")
    assert installed.code == 0, installed

    entry = json.loads(config.read_text())["mcpServers"]["quiet"]
    args = entry["args"]
    assert args[args.index("--home") + 1] == str(rk_home)

    # What the host does: start the command with its own small environment, then close stdin.
    host_env = {"PATH": os.environ["PATH"], "HOME": str(home), "PYTHONPATH": str(PROJECT)}
    started = subprocess.run(
        [entry["command"], *args], env=host_env, stdin=subprocess.DEVNULL, capture_output=True, timeout=60, check=False
    )
    assert started.returncode == 0, started.stderr
    assert started.stdout == b""
    assert (rk_home / "state" / "logs" / "bridge-quiet.log").is_file()
    assert not (home / ".config" / "rootkeeper").exists()
