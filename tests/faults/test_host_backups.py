"""Plaintext secrets do not outlive an uninstall in `state/host-backups/` (issue 36, #11): once the last
entry Rootkeeper routed in a host file is restored, the backup copies of that file are removed and
that is said."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.support.cli import CliResult

SECRET = "sk-live-0123456789abcdef"
CONFIG = ".config/Claude/claude_desktop_config.json"


def placed(home: Path, folder: Path) -> Path:
    path = home / CONFIG
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mcpServers": {
        "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", str(folder)],
                  "env": {"API_TOKEN": SECRET}},
        "other": {"command": "uvx", "args": ["mcp-server-git"], "env": {"GIT_TOKEN": SECRET}},
    }}, indent=2) + "\n", encoding="utf-8")
    return path


def holding_the_secret(backups: Path) -> list[Path]:
    return [copy for copy in backups.iterdir() if SECRET.encode() in copy.read_bytes()] if backups.exists() else []


def test_uninstall_removes_the_backups_that_hold_secrets(
    cli: Callable[..., CliResult], rk_home: Path, host_home: Path, tmp_path: Path
) -> None:
    path = placed(host_home, tmp_path)
    original = path.read_bytes()
    backups = rk_home / "state" / "host-backups"
    assert cli("hosts", "install", "claude-desktop").code == 0
    assert holding_the_secret(backups) != []  # the copy taken before install: the user can go back by hand
    uninstalled = cli("hosts", "uninstall", "claude-desktop")
    assert uninstalled.code == 0, uninstalled
    assert path.read_bytes() == original
    assert holding_the_secret(backups) == [], sorted(backups.iterdir())
    assert "its backup copies were removed, as they held its secret values." in uninstalled.out, uninstalled

