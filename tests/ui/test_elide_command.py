"""A command line shortened to a width: the program's name first, paths cut in the middle, the first arguments kept."""

from __future__ import annotations

import pytest

from app.ui.elide import elide_command, middle_elided, program_name

WORDS = ["/usr/bin/node", "~/.npm/_npx/1a2b/node_modules/@mcp/server-filesystem/dist/index.js", "{roots}"]


def within(limit: int):  # type: ignore[no-untyped-def]
    return lambda line: len(line) <= limit


@pytest.mark.parametrize(("limit", "shown"), [
    (200, " ".join(WORDS)),
    (80, "node ~/.npm/_npx/1a2b/node_modules/@mcp/server-filesystem/dist/index.js {roots}"),
    (40, "node ~/…/dist/index.js {roots}"),
    (28, "node ~/…/index.js {roots}"),
    (20, "node ~/…/index.js …"),
    (5, "node ~/…/index.js …"),  # nothing fits: the program and its first argument, for the view to cut at the end
])
def test_the_program_and_its_first_arguments_stay(limit: int, shown: str) -> None:
    assert elide_command(WORDS, within(limit)) == shown


def test_paths_lose_their_middle_and_options_keep_their_names() -> None:
    assert program_name("/opt/tools/bin/python3") == "python3"
    assert program_name("uvx") == "uvx"
    assert middle_elided("/srv/a/b/c/repo", 1) == "/…/repo"
    assert middle_elided("--root=/srv/a/b/c/repo", 2) == "--root=/…/c/repo"
    assert middle_elided("-y", 1) == "-y"
    assert middle_elided("a/b/c", 1) == "a/b/c"  # nothing worth hiding
    assert elide_command([], within(10)) == ""
