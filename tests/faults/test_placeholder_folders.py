"""Folder names cannot steer a server's command line (issue 36, #4): placeholders are filled in one pass, and
a folder whose path holds the path separator is left out of every joined form, with a sentence."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

import pytest

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.roots.access import check
from app.core.roots.lookup import plan_add
from app.core.servers.arguments import expand_target, left_out
from app.core.servers.starting import separator_note, started_entry
from tests.support.project import PROJECT

SEP = os.pathsep


def target(*args: str, env: dict[str, str] | None = None) -> StdioTarget:
    return StdioTarget(command="server", args=list(args), env=env or {})


def test_a_folder_named_like_a_placeholder_is_not_expanded_again() -> None:
    folders = ["/data/x{roots_json}y", "/data/{roots}", "/data/{root}"]
    expanded = expand_target(target("--repository={root}", "--all={roots_json}", "{roots}"),
                             folders)
    assert expanded.args[:3] == [f"--repository={folder}" for folder in folders]
    assert expanded.args[3] == "--all=" + json.dumps(folders)
    assert expanded.args[4:] == folders
    env = expand_target(target("x", env={"ONE": "{root}", "J": "{roots_json}"}), ["/data/x{roots_json}y"]).env
    assert env == {"ONE": "/data/x{roots_json}y", "J": json.dumps(["/data/x{roots_json}y"])}


def test_a_folder_holding_the_separator_is_left_out_where_folders_are_joined() -> None:
    hostile = f"/data/a{SEP}/etc"
    folders = ["/data/ok", hostile]
    expanded = expand_target(target("--dirs={roots}", "{roots}", "--repository={root}",
                                    env={"DIRS": "{roots}", "ONE": "x{root}"}), folders)
    assert expanded.args[0] == "--dirs=/data/ok"
    assert expanded.args[1:3] == folders  # one argument each: nothing to split
    assert expanded.args[3:] == [f"--repository={folder}" for folder in folders]
    assert expanded.env == {"DIRS": "/data/ok", "ONE": "x/data/ok"}
    assert left_out(target("--dirs={roots}"), folders) == [hostile]
    assert left_out(target("{roots}", "--repository={root}"), folders) == []  # no joined form: nothing left out


def test_the_starter_says_which_folder_it_left_out(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    odd = tmp_path / f"a{SEP}b"
    odd.mkdir()
    data = StoreData()
    data.roots.append(plan_add(data, str(odd)).root)
    statuses = {root.id: check(root.path) for root in data.roots}
    entry = ServerEntry(name="split", target=StdioTarget(command=sys.executable, args=["--dirs={roots}"]),
                        consent="given")
    with caplog.at_level(logging.WARNING):
        started, folders = started_entry(data, statuses, entry)
    assert folders == [str(odd)]
    assert isinstance(started.target, StdioTarget) and started.target.args == ["--dirs="]
    note = separator_note(entry, folders)
    assert note is not None and note.code == "arguments.separator_left_out" and str(odd) in note.text
    assert note.text in caplog.text


def test_a_real_start_leaves_the_folder_out_and_its_log_says_so(cli, rk_home: Path,  # type: ignore[no-untyped-def]
                                                                 tmp_path: Path) -> None:
    ok, odd = tmp_path / "ok", tmp_path / f"a{SEP}etc"
    for folder in (ok, odd):
        folder.mkdir()
    assert cli("roots", "add", str(ok), str(odd)).code == 0
    record = tmp_path / "record.jsonl"
    # --no-confine: the recorder writes outside any shared folder; this test is about the command line.
    added = cli("servers", "add", "rec", "--share", "all", "--no-confine", "--env", "ROOTKEEPER_TEST_FOLDERS={roots}",
                "--cwd", str(PROJECT), "--", sys.executable, "-m", "tests.servers.args_recorder", "--record",
                str(record), "{roots}")
    assert added.code == 0, added
    cli("call", "rec", "no_such_tool", "--timeout", "30")  # starts it; the tool's absence is no matter
    started = [json.loads(line) for line in record.read_text().splitlines() if '"started"' in line]
    assert started and started[0]["folders"] == [str(ok), str(odd)]  # one argument each: whole
    assert started[0]["env"] == str(ok)  # joined: the folder holding the separator is left out
    logs = "".join(path.read_text() for path in (rk_home / "state" / "logs").glob("rec*.log"))
    assert "is not given" in logs and str(odd) in logs
