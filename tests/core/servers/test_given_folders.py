"""What a server was given and what an empty list withdrew: one record for every way a list is given, and the
history's last list for a process that was given nothing yet (`rootkeeper call`)."""

from __future__ import annotations

from pathlib import Path

from app.core.history.history import History, history_path, last_given
from app.core.servers.withdrawn import GivenFolders

T = 2_000_000_000.0  # far ahead: opening the file keeps every record


def test_only_an_empty_list_after_folders_arms_the_check(tmp_path: Path) -> None:
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    named = {"content": [{"type": "text", "text": f"Allowed directories:\n{alpha}"}]}
    given = GivenFolders()
    given.given([])
    assert not given.armed  # nothing was given before: nothing withdrawn
    given.given([alpha.as_uri()])
    given.given([beta.as_uri()])
    assert not given.serves({}, named)  # still shared
    given.given([])
    assert given.armed and given.serves({}, named)
    assert given.serves({"path": str(beta / "x.txt")}, {"content": []})  # the request named it; the answer did not
    assert not given.serves({}, {**named, "isError": True})  # an error shows nothing served
    assert not given.serves({}, {"content": [{"type": "text", "text": str(tmp_path / "alphabet")}]})
    given.given([alpha.as_uri()])
    assert not given.armed  # something to share again
    given.forget()
    given.given([])
    assert not given.armed  # a new process was given nothing yet


def test_folders_given_before_the_process_count_until_it_is_forgotten(tmp_path: Path) -> None:
    alpha = tmp_path / "alpha"
    given = GivenFolders([alpha.as_uri()])
    given.given([])
    assert given.serves({"path": str(alpha / "notes.txt")}, {})
    given.forget()
    given.given([])
    assert given.armed  # a new session of the same server: still given before


def test_the_history_says_the_last_list_that_named_any_folder(tmp_path: Path) -> None:
    assert last_given(tmp_path, "fs") == ()  # nothing recorded: no file is created
    assert not history_path(tmp_path).exists()
    with History(history_path(tmp_path)) as history:
        history.append("fs", ["file:///a"], era="2025-11-25", via="hub", at=T + 1)
        history.append("fs", ["file:///a", "file:///b"], era="2025-11-25", via="call", at=T + 2)
        history.append("fs", [], era="2025-11-25", via="call", at=T + 3)
        history.append("git", ["file:///c"], era="", via="call", at=T + 4, how="arguments")
    assert last_given(tmp_path, "fs") == ("file:///a", "file:///b")
    assert last_given(tmp_path, "git") == ("file:///c",)
    assert last_given(tmp_path, "other") == ()
