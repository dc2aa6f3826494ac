"""The CLI end to end, through a real subprocess, with ROOTKEEPER_HOME in a temporary folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app import __version__
from app.core.model import SCHEMA_VERSION
from app.core.store.store import STORE_FILE


def _store_bytes(home: Path) -> bytes | None:
    path = home / STORE_FILE
    return path.read_bytes() if path.exists() else None


def assert_refused(result, home: Path, before: bytes | None, fragment: str) -> None:  # type: ignore[no-untyped-def]
    assert result.code != 0, result
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert len(lines) == 1, result.err
    assert fragment in lines[0], result.err
    assert _store_bytes(home) == before


def test_version(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("--version")
    assert result.code == 0 and result.out.strip() == f"rootkeeper {__version__}"


def test_roots_lifecycle(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    project = tmp_path / "My Project #1"
    project.mkdir()
    notes = tmp_path / "notes.md"
    notes.write_text("x")
    assert cli("roots", "list").out.startswith("No shared folders")

    added = cli("roots", "add", str(project), "--name", "Proj")
    assert added.code == 0, added
    assert cli("roots", "add", str(notes)).code == 0
    rows = cli("roots", "list", "--json").json()
    assert [r["name"] for r in rows] == ["Proj", "notes.md"]
    proj, note = rows
    for key in ("id", "name", "path", "uri", "enabled", "status", "detail"):
        assert key in proj
    assert proj["uri"] == project.as_uri() and "%23" in proj["uri"] and "%20" in proj["uri"]
    assert (proj["status"], proj["enabled"], proj["is_file"]) == ("ok", True, False)
    assert note["is_file"] is True

    assert cli("roots", "disable", "Proj").code == 0
    assert cli("roots", "list", "--json").json()[0]["enabled"] is False
    assert cli("roots", "enable", proj["id"]).code == 0
    assert cli("roots", "rename", str(project), "Renamed").code == 0
    assert cli("roots", "list", "--json").json()[0]["name"] == "Renamed"

    project.rename(tmp_path / "moved")
    check = cli("roots", "check", "--json")
    assert check.code == 1
    assert check.json()[0]["status"] == "missing" and "does not exist" in check.json()[0]["detail"]
    text = cli("roots", "check")
    assert "missing" in text.out and text.code == 1

    removed = cli("roots", "remove", "Renamed")
    assert removed.code == 0 and "no files were deleted" in removed.out
    assert [r["name"] for r in cli("roots", "list", "--json").json()] == ["notes.md"]
    assert notes.exists()


def test_symlinked_root_shows_both_paths(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "target"
    target.mkdir()
    (tmp_path / "link").symlink_to(target)
    assert cli("roots", "add", str(tmp_path / "link")).code == 0
    row = cli("roots", "list", "--json").json()[0]
    assert row["entered_path"] == str(tmp_path / "link")
    assert row["path"] == str(target.resolve()) and row["uri"] == target.resolve().as_uri()
    assert "->" in cli("roots", "list").out


def test_relative_path_from_cwd(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "sub").mkdir()
    assert cli("roots", "add", "sub", cwd=tmp_path).code == 0
    assert cli("roots", "list", "--json").json()[0]["path"] == str((tmp_path / "sub").resolve())


@pytest.mark.parametrize("name", ["with space", "a#b", "100%", "q?", "中文", "e\u0301", "\u00e9", "😀"])
def test_awkward_names_accepted_and_round_trip(cli, tmp_path: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / name
    folder.mkdir()
    assert cli("roots", "add", str(folder)).code == 0
    row = cli("roots", "list", "--json").json()[0]
    assert row["path"] == str(folder.resolve()) and row["status"] == "ok"
    assert row["uri"] == folder.resolve().as_uri()


def test_non_utf8_name_accepted(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    raw = os.fsencode(tmp_path) + b"/caf\xe9-\xff"
    os.mkdir(raw)
    result = cli("roots", "add", raw)
    assert result.code == 0, result
    row = cli("roots", "list", "--json").json()[0]
    assert row["uri"].endswith("/caf%E9-%FF") and row["status"] == "ok"
    # The same root can be addressed by its raw path again.
    assert cli("roots", "disable", raw).code == 0


def test_bad_inputs_are_refused_and_change_nothing(cli, rk_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    keep = tmp_path / "keep"
    keep.mkdir()
    assert cli("roots", "add", str(keep)).code == 0
    before = _store_bytes(rk_home)
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    cases = [
        ((str(tmp_path / "missing"),), "does not exist"),
        (("relative/not/here",), "does not exist"),
        (("http://example.com/x",), "Only local file://"),
        (("file://otherhost/share",), "another computer"),
        (("/tmp/a\x01" + "x" * 5000,), "allows at most"),
        ((str(tmp_path / "loop1"),), "symbolic link loop"),
        ((str(keep),), "already shared"),
        ((str(tmp_path), str(tmp_path / "missing")), "does not exist"),
        (("/",), "--allow-broad"),
        ((str(tmp_path), "--name", "   "), "cannot be empty"),
    ]
    for args, fragment in cases:
        assert_refused(cli("roots", "add", *args), rk_home, before, fragment)
    assert_refused(cli("roots", "add", str(tmp_path), str(keep), "--name", "x"), rk_home, before, "--name")
    assert_refused(cli("roots", "remove", "nope"), rk_home, before, "No shared folder matches")
    assert_refused(cli("roots", "rename", "keep", " "), rk_home, before, "cannot be empty")
    assert_refused(cli("roots", "frobnicate"), rk_home, before, "There is no command 'roots frobnicate'")


def test_nul_byte_is_refused(cli, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    # A NUL cannot travel in argv; it arrives through a pasted or dropped path, i.e. the file:// form.
    result = cli("roots", "add", "file:///tmp/a%00b")
    assert_refused(result, rk_home, None, "NUL byte")


def test_nested_root_is_accepted_with_a_note(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a" / "b").mkdir(parents=True)
    assert cli("roots", "add", str(tmp_path / "a")).code == 0
    nested = cli("roots", "add", str(tmp_path / "a" / "b"))
    assert nested.code == 0 and "inside 'a'" in nested.err


def test_broad_root_with_explicit_confirmation(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("roots", "add", "/", "--allow-broad").code == 0
    assert cli("roots", "list", "--json").json()[0]["uri"] == "file:///"


def test_store_written_by_newer_version_is_refused(cli, rk_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rk_home.mkdir()
    content = f'{{"schema_version": {SCHEMA_VERSION + 5}, "roots": []}}'.encode()
    (rk_home / STORE_FILE).write_bytes(content)
    for args in (("roots", "add", str(tmp_path)), ("roots", "list"), ("servers", "list")):
        assert_refused(cli(*args), rk_home, content, "newer Rootkeeper")


def test_corrupt_store_is_moved_aside_with_one_sentence(cli, rk_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rk_home.mkdir()
    (rk_home / STORE_FILE).write_bytes(b"{garbage")
    result = cli("roots", "add", str(tmp_path))
    assert result.code == 0
    aside = list(rk_home.glob(f"{STORE_FILE}.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"{garbage"
    assert str(aside[0]) in result.err and len(result.err.strip().splitlines()) == 1


def test_unreadable_store_is_refused(rk_home: Path, tmp_path: Path) -> None:
    from tests.support.cli import run_unprivileged

    rk_home.mkdir()
    store = rk_home / STORE_FILE
    store.write_bytes(b'{"schema_version": 2}')
    os.chmod(store, 0o000)
    try:
        proc = run_unprivileged(
            "import sys; from app.cli.main import main; sys.exit(main(sys.argv[1:]))", "roots", "add", str(tmp_path)
        )
    finally:
        os.chmod(store, 0o600)
    assert proc.returncode == 1
    assert "cannot be read" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert store.read_bytes() == b'{"schema_version": 2}'


def test_servers_lifecycle(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        assert cli("roots", "add", str(tmp_path / name)).code == 0
    added = cli("servers", "add", "fs", "--env", "DEBUG=1", "--", "npx", "-y", "server", "--flag")
    assert added.code == 0, added
    assert cli("servers", "add", "web", "--share", "a", "--url", "http://127.0.0.1:9/mcp",
               "--header", "Authorization=Bearer x").code == 0
    rows = {row["name"]: row for row in cli("servers", "list", "--json").json()}
    fs, web = rows["fs"], rows["web"]
    assert (fs["transport"], fs["command"], fs["args"]) == ("stdio", "npx", ["-y", "server", "--flag"])
    assert fs["env"] == {"DEBUG": "****"}  # environment and header values are secrets, shown masked
    assert (fs["share"], fs["consent"]) == ("all", "pending")
    roots = {r["name"]: r["id"] for r in cli("roots", "list", "--json").json()}
    assert (web["transport"], web["url"]) == ("http", "http://127.0.0.1:9/mcp")
    assert web["headers"] == {"Authorization": "Bearer ****"}
    assert (web["share"], web["consent"]) == ([roots["a"]], "given")
    assert "waiting for consent" in cli("servers", "list").out

    assert cli("servers", "share", "fs", "a,b").code == 0
    fs = next(r for r in cli("servers", "list", "--json").json() if r["name"] == "fs")
    assert (fs["share"], fs["consent"]) == ([roots["a"], roots["b"]], "given")
    assert cli("servers", "share", "fs", "none").code == 0
    # Removing a root also removes it from every subset that named it.
    assert cli("roots", "remove", "a").code == 0
    web = next(r for r in cli("servers", "list", "--json").json() if r["name"] == "web")
    assert web["share"] == []
    assert cli("servers", "remove", "fs").code == 0
    assert [r["name"] for r in cli("servers", "list", "--json").json()] == ["web"]


def test_server_bad_inputs(cli, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("servers", "add", "ok", "--", "true").code == 0
    before = _store_bytes(rk_home)
    cases = [
        (("servers", "add", "ok", "--", "true"), "already exists"),
        (("servers", "add", "bad name", "--", "true"), "not a valid server name"),
        (("servers", "add", "x"), "Say how to reach"),
        (("servers", "add", "x", "--url", "ftp://h/x"), "not an http"),
        (("servers", "add", "x", "--url", "http://h/x", "--", "cmd"), "either --url"),
        (("servers", "add", "x", "--url", "http://h/x", "--header", "novalue"), "KEY=VALUE"),
        (("servers", "add", "x", "--header", "a=b", "--", "cmd"), "--header applies"),
        (("servers", "add", "x", "--share", "nosuchroot", "--", "cmd"), "No shared folder matches"),
        (("servers", "add", "x", "--cwd", "/does/not/exist", "--", "cmd"), "does not exist"),
        (("servers", "share", "missing", "all"), "No server is named"),
        (("servers", "share", "ok", ","), "Say what to share"),
        (("servers", "remove", "missing"), "No server is named"),
        (("roots", "list", "--", "x"), "'--' is only used"),
    ]
    for args, fragment in cases:
        assert_refused(cli(*args), rk_home, before, fragment)


def test_pause_and_resume(cli, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    from app.core.store.store import Store

    paused = cli("pause")
    assert paused.code == 0 and "paused" in paused.out
    assert Store(rk_home).load().paused
    assert "already paused" in cli("pause").out
    resumed = cli("resume")
    assert resumed.code == 0 and "resumed" in resumed.out
    assert not Store(rk_home).load().paused


def test_era_pin(cli, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("servers", "add", "old", "--era", "2025-11-25", "--", "true").code == 0
    assert cli("servers", "add", "new", "--", "true").code == 0
    eras = {row["name"]: row["era"] for row in cli("servers", "list", "--json").json()}
    assert eras == {"old": "2025-11-25", "new": "auto"}
    assert cli("servers", "era", "new", "2026-07-28").code == 0
    assert cli("servers", "era", "old", "auto").code == 0
    eras = {row["name"]: row["era"] for row in cli("servers", "list", "--json").json()}
    assert eras == {"old": "auto", "new": "2026-07-28"}
    before = _store_bytes(rk_home)
    assert_refused(cli("servers", "era", "new", "modern"), rk_home, before, "not a protocol era")
    assert_refused(cli("servers", "era", "gone", "auto"), rk_home, before, "No server is named")


def test_command_server_paths_expand_home_and_removal_takes_the_log(  # type: ignore[no-untyped-def]
    cli, rk_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = tmp_path / "user"
    (user / "work").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(user))
    added = cli("servers", "add", "fs", "--cwd", "~/work", "--", "~/bin/server", "~/scratch")
    assert added.code == 0, added
    (row,) = cli("servers", "list", "--json").json()
    assert (row["command"], row["args"], row["cwd"]) == (
        str(user / "bin" / "server"), [str(user / "scratch")], str(user / "work"))
    before = _store_bytes(rk_home)
    assert_refused(cli("servers", "add", "x", "--cwd", "~/nowhere", "--", "cmd"), rk_home, before,
                   f"{user / 'nowhere'} does not exist")
    logs = rk_home / "state" / "logs"
    logs.mkdir(parents=True)
    (logs / "fs.log").write_text("what the server said\n")
    (logs / "other.log").write_text("kept\n")
    assert cli("servers", "remove", "fs").code == 0
    assert not (logs / "fs.log").exists() and (logs / "other.log").exists()


def test_sharing_an_unknown_root_is_refused(cli, rk_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("roots", "add", str(tmp_path)).code == 0
    assert cli("servers", "add", "fs", "--", "true").code == 0
    before = _store_bytes(rk_home)
    assert_refused(cli("servers", "share", "fs", f"{tmp_path.name},rdeadbeef"), rk_home, before,
                   "No shared folder matches 'rdeadbeef'")
