"""`rootkeeper history` and `rootkeeper roots suggest` from the command line."""

from __future__ import annotations

import time
from pathlib import Path

from app.core.history.history import History, history_path


def seed(rk_home: Path, folder: Path, other: Path) -> None:
    now = time.time()
    with History(history_path(rk_home / "state")) as history:
        history.append("fs", [folder.as_uri(), other.as_uri()], era="2025-11-25", via="hub", at=now - 7200)
        history.append("git", [folder.as_uri()], era="2026-07-28", via="bridge", host="Claude\x1b[2J", at=now - 60)
        history.append("fs", [other.as_uri()], era="2025-11-25", via="call", at=now - 30)


def test_history_filters_and_json(cli, rk_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder, other = tmp_path / "app", tmp_path / "notes"
    folder.mkdir()
    other.mkdir()
    assert "No server has been given" in cli("history").out
    seed(rk_home, folder, other)
    records = cli("history", "--json").json()
    assert [(r["server"], r["via"]) for r in records] == [("fs", "hub"), ("git", "bridge"), ("fs", "call")]
    assert records[1]["host"] == "Claude\x1b[2J" and records[1]["folders"] == [folder.as_uri()]
    assert [r["via"] for r in cli("history", "--server", "fs", "--json").json()] == ["hub", "call"]
    assert [r["server"] for r in cli("history", "--since", "1h", "--json").json()] == ["git", "fs"]
    assert cli("history", "--limit", "1", "--json").json()[0]["via"] == "call"

    assert cli("roots", "add", str(folder), "--name", "app").code == 0
    by_root = cli("history", "--root", "app")
    assert by_root.code == 0
    assert "'app' was seen by fs (last " in by_root.out and "git (last " in by_root.out
    assert "\x1b" not in by_root.out and "Claude\\x1b[2J" in by_root.out
    # A folder that is no longer shared is still found by its path.
    assert [r["server"] for r in cli("history", "--root", str(other), "--json").json()] == ["fs", "fs"]


def test_history_refuses_a_bad_time_in_one_sentence(cli) -> None:  # type: ignore[no-untyped-def]
    refused = cli("history", "--since", "last tuesday")
    assert refused.code == 1 and refused.err.count("\n") == 1 and "is not a time" in refused.err


def test_roots_suggest_lists_repositories_and_shares_nothing(cli, rk_home: Path, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    (home / "projects" / "app" / ".git").mkdir(parents=True)
    (home / "projects" / "shared" / ".git").mkdir(parents=True)
    (home / "projects" / "forbidden" / ".git").mkdir(parents=True)
    policy = tmp_path / "policy.json"
    policy.write_text('{"deny_folders": ["%s"]}' % (home / "projects" / "forbidden"))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(policy))
    assert cli("roots", "add", str(home / "projects" / "shared")).code == 0
    found = cli("roots", "suggest", "--json").json()
    assert found == [{"path": str(home / "projects" / "app"), "kind": "git",
                      "detail": str(home / "projects" / "app" / ".git")}]  # fmt: skip
    shown = cli("roots", "suggest")
    assert "(git repository)" in shown.out and "Nothing was shared" in shown.out
    assert len(cli("roots", "list", "--json").json()) == 1
