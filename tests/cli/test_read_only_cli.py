"""`rootkeeper roots read-only ROOT on|off` through the real CLI: the root found as the other roots commands find it,
one sentence said, `roots list` and `--json` showing it, refusals leaving the store as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import STORE_FILE, Store
from app.core.text import message
from tests.support.cli import CliResult

Cli = Callable[..., CliResult]


@pytest.fixture
def docs(cli: Cli, tmp_path: Path) -> Path:
    for name in ("docs", "work"):
        (tmp_path / name).mkdir()
        assert cli("roots", "add", str(tmp_path / name)).code == 0
    return tmp_path / "docs"


def rows(cli: Cli) -> dict[str, dict[str, Any]]:
    listed = cli("roots", "list", "--json")
    assert listed.code == 0, listed
    return {row["name"]: row for row in listed.json()}


def test_turned_on_and_off_by_name_path_or_id(cli: Cli, docs: Path) -> None:
    assert {name: row["read_only"] for name, row in rows(cli).items()} == {"docs": False, "work": False}

    said = cli("roots", "read-only", "docs", "on")
    assert said.code == 0, said
    assert said.out.strip() == message("root.read_only_on", name="docs").text
    assert {name: row["read_only"] for name, row in rows(cli).items()} == {"docs": True, "work": False}

    said = cli("roots", "read-only", str(docs), "off")
    assert said.code == 0, said
    assert said.out.strip() == message("root.read_only_off", name="docs").text
    assert rows(cli)["docs"]["read_only"] is False

    assert cli("roots", "read-only", rows(cli)["work"]["id"], "on").code == 0
    assert {name: row["read_only"] for name, row in rows(cli).items()} == {"docs": False, "work": True}


def test_the_table_says_read_only_on_its_row_only_and_nothing_when_none_is(cli: Cli, docs: Path) -> None:
    before = cli("roots", "list").out
    assert "read-only" not in before
    assert cli("roots", "read-only", "docs", "on").code == 0
    lines = {line.split()[-1]: line for line in cli("roots", "list").out.splitlines()}
    assert "read-only" in lines[str(docs)].split()
    assert "read-only" not in lines[str(docs.parent / "work")]
    assert cli("roots", "read-only", "docs", "off").code == 0
    assert cli("roots", "list").out == before


def test_it_is_kept_by_the_model_the_other_processes_load(cli: Cli, docs: Path, rk_home: Path) -> None:
    assert cli("roots", "read-only", "docs", "on").code == 0
    loaded = {root.name: root.read_only for root in Store(rk_home).load().roots}
    assert loaded == {"docs": True, "work": False}


def test_a_store_written_before_read_only_loads_with_every_folder_writable(
    cli: Cli, docs: Path, rk_home: Path
) -> None:
    path = rk_home / STORE_FILE
    old = json.loads(path.read_text(encoding="utf-8"))
    for root in old["roots"]:
        del root["read_only"]
    path.write_text(json.dumps(old), encoding="utf-8")
    written = path.read_bytes()
    assert {name: row["read_only"] for name, row in rows(cli).items()} == {"docs": False, "work": False}
    assert [root.read_only for root in Store(rk_home).load().roots] == [False, False]
    assert path.read_bytes() == written  # reading it changed nothing
    assert cli("roots", "read-only", "docs", "on").code == 0
    assert rows(cli)["docs"]["read_only"] is True


def test_a_read_only_folder_inside_a_writable_one_is_said_to_stay_changeable(cli: Cli, docs: Path) -> None:
    (docs / "inner").mkdir()
    assert cli("roots", "add", str(docs / "inner")).code == 0
    said = cli("roots", "read-only", "inner", "on")
    assert said.code == 0, said
    assert said.out.splitlines() == [message("root.read_only_on", name="inner").text,
                                     message("root.read_only_inside", name="inner", other="docs").text]
    assert cli("roots", "read-only", "docs", "on").code == 0
    said = cli("roots", "read-only", "inner", "on")
    assert said.out.splitlines() == [message("root.read_only_on", name="inner").text]


@pytest.mark.parametrize(("args", "fragment"), [
    (("nowhere", "on"), "No shared folder matches 'nowhere'"),
    (("/no/such/folder", "on"), "No shared folder matches '/no/such/folder'"),
    (("docs", "maybe"), "invalid choice: 'maybe'"),
    (("docs",), "following arguments are required: state"),
])
def test_bad_input_is_one_sentence_a_failure_and_no_change(
    cli: Cli, docs: Path, rk_home: Path, args: tuple[str, ...], fragment: str
) -> None:
    before = (rk_home / STORE_FILE).read_bytes()
    refused = cli("roots", "read-only", *args)
    assert refused.code != 0, refused
    lines = [line for line in refused.err.splitlines() if line.strip()]
    assert len(lines) == 1 and fragment in lines[0], refused.err
    assert refused.out == ""
    assert (rk_home / STORE_FILE).read_bytes() == before
