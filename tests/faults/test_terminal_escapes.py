"""Hostile names, paths and server output never reach a terminal raw; JSON output stays exact (issue 10, #5)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.core.servers.status import ConnectionStatus, StatusBoard
from app.core.text import message
from tests.faults.hostile import TERMINAL_ESCAPES, is_terminal_safe
from tests.faults.store_guard import StoreGuard

CASES = [pytest.param(text, id=case) for case, text in TERMINAL_ESCAPES]


@pytest.mark.parametrize("text", CASES)
def test_roots_add_and_list_escape_a_hostile_folder_name(cli, rk_home: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                         store_guard: StoreGuard, text: str) -> None:
    folder = tmp_path / f"f{text}"
    folder.mkdir()
    added = cli("roots", "add", str(folder))
    assert added.code == 0, added
    store_guard.watch(rk_home)  # listing is no edit: the store stays byte for byte
    assert is_terminal_safe(added.out) and is_terminal_safe(added.err), added
    listed = cli("roots", "list")
    assert listed.code == 0 and is_terminal_safe(listed.out), listed
    assert len(listed.out.splitlines()) == 1, listed.out  # a newline in the name forges no row
    (row,) = cli("roots", "list", "--json").json()
    assert row["name"] == f"f{text}" and row["path"] == str(folder)


@pytest.mark.parametrize("text", CASES)
def test_roots_rename_to_a_hostile_name_is_shown_escaped(cli, rk_home: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                          store_guard: StoreGuard, text: str) -> None:
    assert cli("roots", "add", str(tmp_path)).code == 0
    store_guard.watch(rk_home, unchanged=False)
    renamed = cli("roots", "rename", str(tmp_path), f"n{text}")
    assert renamed.code == 0 and is_terminal_safe(renamed.out), renamed
    listed = cli("roots", "check")
    assert is_terminal_safe(listed.out) and len(listed.out.splitlines()) == 1, listed.out
    assert cli("roots", "list", "--json").json()[0]["name"] == f"n{text}"


@pytest.mark.parametrize("text", CASES)
def test_servers_list_escapes_a_hostile_command_and_last_error(cli, rk_home: Path,  # type: ignore[no-untyped-def]
                                                               store_guard: StoreGuard, text: str) -> None:
    # Consent given, so the listing has no "waiting for consent" line.
    assert cli("servers", "add", "s", "--share", "none", "--no-confine", "--", f"cmd{text}", f"arg{text}").code == 0
    store_guard.watch(rk_home)  # listing is no edit: the store stays byte for byte
    failed = ConnectionStatus(state="failed", last_error=f"server said {text}")
    StatusBoard(rk_home / "state").publish({"s": failed.row()})
    listed = cli("servers", "list")
    assert listed.code == 0 and is_terminal_safe(listed.out), listed
    lines = listed.out.splitlines()
    # The server's row, its binding, its last error and that Rootkeeper stopped retrying: nothing forged.
    assert len(lines) == 4, listed.out
    assert lines[1] == "    Not known yet: Rootkeeper has not yet seen whether it asks for its folders.", listed.out
    assert lines[3] == f"    {message('condition.stopped_retrying').text}", listed.out
    (row,) = cli("servers", "list", "--json").json()
    assert row["command"] == f"cmd{text}" and row["args"] == [f"arg{text}"]
    assert row["status"]["last_error"] == f"server said {text}"


def test_call_output_escapes_server_text_and_json_stays_exact(cli) -> None:  # type: ignore[no-untyped-def]
    hostile = "".join(text for _, text in TERMINAL_ESCAPES)
    server = [sys.executable, "-m", "tests.servers.roots_tool"]
    assert cli("servers", "add", "s", "--share", "none", "--", *server).code == 0
    echoed = cli("call", "s", "echo", "--args", json.dumps({"text": hostile}))
    assert echoed.code == 0, echoed
    assert is_terminal_safe(echoed.out), echoed.out
    assert json.loads(echoed.out)["content"][0]["text"] == hostile
    unknown = cli("call", "s", f"tool{hostile}")
    assert unknown.code == 1, unknown
    assert is_terminal_safe(unknown.out) and is_terminal_safe(unknown.err), unknown
    assert len(unknown.err.splitlines()) == 1, unknown.err
