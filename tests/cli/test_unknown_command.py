"""An unknown command or sub-command through the real CLI: one sentence naming the closest commands (else all of
them), exit 2, the user's word escaped, never argparse's "invalid choice" jargon."""

from __future__ import annotations

from collections.abc import Callable

from app.core.text import sentence
from tests.support.cli import CliResult

Cli = Callable[..., CliResult]
GROUPS = "'roots', 'servers', 'pause', 'resume', 'run', 'call', 'bridge', 'sessions', 'hosts', 'history'"


def test_unknown_command_lists_the_commands_and_escapes_the_word(cli: Cli) -> None:
    result = cli("sta\x1b[2Jtus")
    assert result.code == 2, result
    said = sentence("cli.no_command", command="'sta\\x1b[2Jtus'", commands=GROUPS)
    assert result.err == f"rootkeeper: {said}\n", result
    assert "\x1b" not in result.err
    assert "invalid choice" not in result.err
    assert result.out == ""


def test_misspelt_command_gets_the_closest(cli: Cli) -> None:
    result = cli("rots", "list")
    assert result.code == 2, result
    said = sentence("cli.no_command_close", command="'rots'", close="'roots' or 'hosts'")
    assert result.err == f"rootkeeper: {said}\n", result


def test_unknown_sub_command_of_a_group(cli: Cli) -> None:
    result = cli("roots", "frobnicate")
    assert result.code == 2, result
    assert result.err.startswith("rootkeeper roots: There is no command 'roots frobnicate'; the commands are "), result
    assert "'roots list'" in result.err and "'roots read-only'" in result.err
    misspelt = cli("roots", "lsit")
    assert misspelt.code == 2, misspelt
    said = sentence("cli.no_command_close", command="'roots lsit'", close="'roots list'")
    assert misspelt.err == f"rootkeeper roots: {said}\n", misspelt
