"""A host's config naming a server that can never work (issue 10, #14): import skips it with the sentence
`servers add` gives, and imports the rest. Real config files in a temporary HOME, a real CLI process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import CliResult

GOOD_URL = "http://127.0.0.1:8123/mcp"

IMPOSSIBLE: dict[str, tuple[dict[str, object], str]] = {
    "bad-port": ({"url": "http://127.0.0.1:99999/mcp"}, "has the port 99999; a port is a number from 1 to 65535"),
    "line-break": ({"url": "http://127.0.0.1:8123/m\r\ncp"}, "contains a space, tab or line break"),
    "tab": ({"url": "http://127.0.0.1:8123/\tmcp"}, "contains a space, tab or line break"),
    "no-host": ({"url": "http:///mcp"}, "is not an http:// or https:// URL"),
    "header-space": ({"url": GOOD_URL, "headers": {"X Token": "t"}}, "'X Token' is not a valid HTTP header name"),
    "header-colon": ({"url": GOOD_URL, "headers": {"X:Token": "t"}}, "'X:Token' is not a valid HTTP header name"),
    "header-newline": ({"url": GOOD_URL, "headers": {"X-Token": "a\r\nInjected: 1"}},
                       "The value of the header 'X-Token' contains a line break"),
    "blank-command": ({"command": "   "}, "Say which command starts the server"),
    "nul-argument": ({"command": "python3", "args": ["a\u0000b"]}, "cannot contain a NUL byte"),
}


@pytest.fixture
def config(host_home: Path) -> Path:
    servers: dict[str, object] = {name: entry for name, (entry, _) in IMPOSSIBLE.items()}
    servers["web"] = {"url": GOOD_URL, "headers": {"Authorization": "Bearer t"}}
    servers["local"] = {"command": "python3", "args": ["-m", "server"]}
    path = host_home / ".cursor" / "mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def skip_lines(result: CliResult) -> dict[str, str]:
    lines = {}
    for line in result.out.splitlines():
        if line.startswith("Skipped '"):
            name, _, reason = line.removeprefix("Skipped '").partition("': ")
            lines[name] = reason
    return lines


def test_an_impossible_target_is_skipped_with_one_sentence_and_the_rest_imported(cli, config: Path) -> None:  # type: ignore[no-untyped-def]
    before = config.read_bytes()
    result = cli("servers", "import", "cursor")
    assert result.code == 0, result
    assert "Traceback" not in result.err and "Error" not in result.err, result
    skipped = skip_lines(result)
    assert set(skipped) == set(IMPOSSIBLE), result.out
    for name, (_, sentence) in IMPOSSIBLE.items():
        reason = skipped[name]
        assert sentence in reason, (name, reason)
        assert reason.endswith(".") and not reason.endswith("..") and reason.count(". ") == 0, reason
    listed = cli("servers", "list", "--json")
    assert listed.code == 0, listed
    assert sorted(row["name"] for row in listed.json()) == ["local", "web"]
    assert config.read_bytes() == before  # importing reads the host's file, never writes it


def test_install_leaves_an_impossible_target_starting_directly(cli, config: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("hosts", "install", "cursor")
    assert result.code == 0, result
    routed = json.loads(config.read_text(encoding="utf-8"))["mcpServers"]
    for name, (entry, _) in IMPOSSIBLE.items():
        assert routed[name] == entry, name  # never routed through a bridge to a server that cannot start
    listed = cli("servers", "list", "--json")
    assert sorted(row["name"] for row in listed.json()) == ["local", "web"]
