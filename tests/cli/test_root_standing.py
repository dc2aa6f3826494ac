"""`roots list|check` say each root's standing, in the order `app.core.roots.standing` documents: real
folders, a real policy file, the CLI in a subprocess."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest


@pytest.fixture
def policy_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "policy.json"
    path.write_text("{}")  # a file named by the variable must exist: a missing one shares nothing (issue 36)
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(path))
    return path


def listed(cli) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    result = cli("roots", "list", "--json")
    assert result.code == 0, result
    return {row["name"]: row for row in result.json()}


def heads(cli) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each root's state word in the people's table: `ID  STATE  NAME  PATH`."""
    result = cli("roots", "list")
    assert result.code == 0, result
    return {line.split()[2]: line.split()[1] for line in result.out.splitlines()}


def test_each_root_says_the_first_reason_it_is_not_shared(cli, tmp_path: Path, policy_file: Path) -> None:  # type: ignore[no-untyped-def]
    names = ("open", "gone", "secret", "locked")
    folders = {name: tmp_path / name for name in names}
    for folder in folders.values():
        folder.mkdir()
    for name, folder in folders.items():
        assert cli("roots", "add", str(folder), "--name", name).code == 0
    assert cli("roots", "disable", "secret").code == 0
    policy_file.write_text(json.dumps({"deny_folders": [str(folders["secret"]), str(folders["locked"])]}))
    shutil.rmtree(folders["gone"])
    shutil.rmtree(folders["locked"])  # still turned on, forbidden, and unreachable

    rows = listed(cli)
    assert {name: (row["enabled"], row["status"], row["policy"]) for name, row in rows.items()} == {
        "open": (True, "ok", None), "gone": (True, "missing", None),
        "secret": (False, "ok", "forbidden"), "locked": (True, "missing", "forbidden"),
    }
    # Turned off and forbidden: the policy is named; forbidden and unreachable: the policy too.
    assert {name: row["standing"] for name, row in rows.items()} == {
        "open": "shared", "gone": "unreachable", "secret": "forbidden", "locked": "forbidden"}
    assert heads(cli) == {"open": "ok", "gone": "missing", "secret": "forbidden", "locked": "forbidden"}
    assert cli("roots", "check").code == 1  # "gone" is meant to be shared and cannot be reached

    assert cli("pause").code == 0  # paused and unreachable, paused and forbidden: the pause is named
    assert {name: row["standing"] for name, row in listed(cli).items()} == dict.fromkeys(names, "paused")
    assert heads(cli) == dict.fromkeys(names, "paused")
    assert cli("roots", "check").code == 1  # a folder gone while paused is still gone

    assert cli("resume").code == 0
    assert cli("roots", "remove", "gone").code == 0
    check = cli("roots", "check", "--json")
    assert check.code == 0, check  # what is left unreachable is forbidden anyway: nothing to attend to
    assert {row["name"]: row["standing"] for row in check.json()} == {
        "open": "shared", "secret": "forbidden", "locked": "forbidden"}
