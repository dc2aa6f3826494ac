"""A server secret that cannot be fetched is one sentence of Rootkeeper's own, not an "unexpected error"."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.support.project import PROJECT


def test_call_with_a_lost_secret_says_so_in_one_sentence(cli, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    added = cli("servers", "add", "s", "--share", "none", "--env", "TOKEN=hunter2", "--cwd", str(PROJECT), "--",
                sys.executable, "-m", "tests.servers.roots_tool")
    assert added.code == 0, added
    secrets_file = rk_home / "state" / "secrets.json"
    assert secrets_file.exists()  # no keyring in the tests: the private file holds it
    secrets_file.unlink()
    result = cli("call", "s", "anything", "--timeout", "20")
    assert result.code != 0
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert len(lines) == 1, result.err
    assert "secret value of this server is missing" in lines[0] and "unexpected" not in lines[0].lower()
