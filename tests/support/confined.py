"""A confined probe server (`tests.servers.confined_probe`) set up through the real CLI: a shared folder with a
note, an unshared sibling with a secret, and a temporary HOME holding a fake `~/.ssh` key. The `probe` fixture
(tests/confine/conftest.py) makes one; Landlock (Linux) and Seatbelt (macOS) tests drive it alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.cli import CliResult, run_cli


class ProbeSetup:
    def __init__(self, tmp_path: Path, rk_home: Path) -> None:
        self.home = rk_home
        self.shared = tmp_path / "shared"
        self.sibling = tmp_path / "sibling"
        self.user_home = tmp_path / "user-home"
        for folder in (self.shared, self.sibling, self.user_home / ".ssh"):
            folder.mkdir(parents=True)
        (self.shared / "note.txt").write_text("shared text")
        (self.sibling / "secret.txt").write_text("sibling text")
        self.key = self.user_home / ".ssh" / "id_ed25519"
        self.key.write_text("PRIVATE KEY")

    def cli(self, *args: str) -> CliResult:
        return run_cli(self.home, *args)

    def call(self, tool: str, **arguments: str) -> dict[str, Any]:
        """The probe's answer to `tool` through `rootkeeper call` (which must succeed)."""
        result = self.cli("call", "probe", tool, "--args", json.dumps(arguments))
        assert result.code == 0, result
        content = result.json()["structuredContent"]
        return content.get("result", content)  # type: ignore[no-any-return]
