"""`rootkeeper bridge` refusals: one sentence on stderr, a non-zero exit, nothing written to the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.servers.adhoc import derived_name
from tests.support.cli import run_cli
from tests.support.store import add_server


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        ((), "Give either a server's NAME or -- COMMAND [ARG...], not both or neither."),
        (("--name", "x"), "Give either a server's NAME or -- COMMAND [ARG...], not both or neither."),
        (("--server", "a", "--", "cmd"), "Give either a server's NAME or -- COMMAND [ARG...], not both or neither."),
        (("a", "--server", "b"), "Give either a server's NAME or -- COMMAND [ARG...], not both or neither."),
        (("a", "--", "cmd"), "Give either a server's NAME or -- COMMAND [ARG...], not both or neither."),
        (("nope",), "No server is named 'nope'; see 'rootkeeper servers list'."),
        (("--server", "a", "--name", "b"), "--name names an ad-hoc server (-- COMMAND); a configured one already"),
        (("--name", "taken", "--", "other-command"), "A server named 'taken' already runs another command"),
        (("--name", "bad name!", "--", "cmd"), "'bad name!' is not a valid server name"),
    ],
)
def test_refusals_write_nothing(rk_home: Path, args: tuple[str, ...], sentence: str) -> None:
    add_server(rk_home, "taken", ["some-command"])
    before = (rk_home / "rootkeeper.json").read_bytes()
    result = run_cli(rk_home, "bridge", *args)
    assert result.code != 0 and sentence in result.err, result
    assert result.out == ""
    assert (rk_home / "rootkeeper.json").read_bytes() == before


@pytest.mark.parametrize(
    ("command_line", "name"),
    [
        (["npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "server-filesystem"),
        (["uvx", "mcp-server-git", "--repository", "."], "mcp-server-git"),
        (["/usr/local/bin/my-server", "--flag"], "my-server"),
        (["node", "/opt/servers/index.js"], "index"),
        (["python3", "-m"], "python3"),
    ],
)
def test_an_adhoc_server_gets_a_readable_name(command_line: list[str], name: str) -> None:
    assert derived_name(command_line) == name
