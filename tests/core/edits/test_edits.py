"""The edit rules in app/core/edits, called directly on `StoreData` (the CLI and the GUI only wrap these)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.edits import roots as edit_roots
from app.core.edits import servers as edit_servers
from app.core.model import StdioTarget, StoreData
from app.core.text import SENTENCES, UserError


def refused(code: str, call, *args, **kwargs) -> UserError:  # type: ignore[no-untyped-def]
    with pytest.raises(UserError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code, caught.value
    assert caught.value.message.text == str(caught.value)
    return caught.value


def shared(tmp_path: Path, *names: str) -> tuple[StoreData, list[str]]:
    data = StoreData()
    for name in names:
        (tmp_path / name).mkdir(parents=True, exist_ok=True)
    added = edit_roots.add_roots(data, [str(tmp_path / name) for name in names])
    return data, [root.id for root in added.roots]


def test_every_refusal_code_has_an_english_sentence_with_its_arguments(tmp_path: Path) -> None:
    error = refused("path.missing", edit_roots.add_roots, StoreData(), [str(tmp_path / "nope")])
    assert dict(error.args_map) == {"path": str(tmp_path / "nope")}
    assert str(error) == SENTENCES["path.missing"].format(path=str(tmp_path / "nope"))


def test_adding_a_batch_is_all_or_nothing_and_catches_duplicates_within_it(tmp_path: Path) -> None:
    data, _ = shared(tmp_path, "keep")
    (tmp_path / "new").mkdir()
    before = data.model_dump()
    refused("path.missing", edit_roots.add_roots, data, [str(tmp_path / "new"), str(tmp_path / "missing")])
    refused("overlap.duplicate", edit_roots.add_roots, data, [str(tmp_path / "new"), str(tmp_path / "new")])
    refused("overlap.duplicate", edit_roots.add_roots, data, [str(tmp_path / "keep")])
    refused("root.nothing_given", edit_roots.add_roots, data, [])
    refused("root.empty_name", edit_roots.add_roots, data, [str(tmp_path / "new")], name="  ")
    assert data.model_dump() == before


def test_nested_roots_are_added_with_a_note_and_broad_ones_need_confirmation(tmp_path: Path) -> None:
    data, _ = shared(tmp_path, "outer")
    (tmp_path / "outer" / "inner").mkdir()
    added = edit_roots.add_roots(data, [str(tmp_path / "outer" / "inner")])
    assert [note.code for note in added.notes] == ["overlap.inside"]
    assert added.notes[0].args["name"] == "outer"
    error = refused("root.broad_refused", edit_roots.add_roots, data, ["/"])
    assert error.args_map["kind"] == "broad.drive" and "--allow-broad" in str(error)
    assert [r.path for r in edit_roots.add_roots(data, ["/"], allow_broad=True).roots] == ["/"]
    assert len(data.roots) == 3


def test_unknown_ids_are_refused_not_dropped(tmp_path: Path) -> None:
    data, (alpha, beta) = shared(tmp_path, "alpha", "beta")
    refused("root.not_found", edit_roots.remove_roots, data, [alpha, "rdeadbeef"])
    assert [r.id for r in data.roots] == [alpha, beta]
    refused("root.not_found", edit_roots.set_enabled, data, "rdeadbeef", False)
    refused("root.not_found", edit_roots.rename, data, "rdeadbeef", "x")
    refused("root.not_found", edit_servers.parse_share, data, [alpha, "rdeadbeef"])


def test_rename_enable_remove_and_pause(tmp_path: Path) -> None:
    data, (alpha, beta) = shared(tmp_path, "alpha", "beta")
    edit_servers.save_server(data, "fs", StdioTarget(command="x"), share=[alpha, beta])
    assert edit_roots.rename(data, alpha, "  A  ") == ("alpha", data.roots[0]) and data.roots[0].name == "A"
    refused("root.empty_name", edit_roots.rename, data, alpha, " ")
    assert not edit_roots.set_enabled(data, "A", False).enabled
    assert [r.name for r in edit_roots.remove_roots(data, [alpha, "A"])] == ["A"]
    server = data.server("fs")
    assert server is not None and server.share == [beta]
    assert edit_roots.set_paused(data, True) and data.paused
    assert not edit_roots.set_paused(data, True)
    assert edit_roots.set_paused(data, False) and not data.paused


def test_a_new_server_waits_for_consent_unless_a_choice_comes_with_it(tmp_path: Path) -> None:
    data, (alpha,) = shared(tmp_path, "alpha")
    pending = edit_servers.save_server(data, "fs", StdioTarget(command="x"))
    assert (pending.consent, pending.era) == ("pending", "auto")
    chosen = edit_servers.save_server(data, "web", edit_servers.http_target("http://127.0.0.1:9/mcp"), share="alpha")
    assert (chosen.share, chosen.consent) == ([alpha], "given")
    refused("server.exists", edit_servers.save_server, data, "fs", StdioTarget(command="y"))
    refused("server.bad_name", edit_servers.save_server, data, "bad name", StdioTarget(command="y"))
    refused("server.bad_era", edit_servers.save_server, data, "new", StdioTarget(command="y"), era="1999")
    refused("share.empty", edit_servers.save_server, data, "new", StdioTarget(command="y"), share=" , ")
    assert [s.name for s in data.servers] == ["fs", "web"]


def test_replacing_a_server_keeps_its_place_consent_era_and_legacy_flag(tmp_path: Path) -> None:
    data = StoreData()
    for name in ("a", "b", "c"):
        edit_servers.save_server(data, name, StdioTarget(command=name), share="all", era="2025-11-25")
    data.servers[1].legacy_only = True
    same = edit_servers.save_server(data, "b", StdioTarget(command="b"), replacing="b")
    assert (same.consent, same.share, same.era, same.legacy_only) == ("given", "all", "2025-11-25", True)
    renamed = edit_servers.save_server(data, "bee", StdioTarget(command="other"), replacing="b")
    assert [s.name for s in data.servers] == ["a", "bee", "c"] and not renamed.legacy_only
    refused("server.exists", edit_servers.save_server, data, "a", StdioTarget(command="x"), replacing="bee")
    refused("server.not_found", edit_servers.save_server, data, "z", StdioTarget(command="x"), replacing="gone")


def test_command_targets_expand_the_home_folder_and_need_an_existing_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "work").mkdir()
    target = edit_servers.stdio_target("~/bin/tool", ["~/scratch", "--flag=~"], env={"A": "1"}, cwd="~/work")
    assert target.command == str(tmp_path / "bin" / "tool")
    assert target.args == [str(tmp_path / "scratch"), "--flag=~"]
    assert target.cwd == str(tmp_path / "work") and target.env == {"A": "1"}
    relative = edit_servers.stdio_target("tool", cwd="work", base=str(tmp_path))
    assert relative.cwd == str(tmp_path / "work")
    error = refused("server.cwd_missing", edit_servers.stdio_target, "tool", cwd="~/nowhere")
    assert error.args_map["cwd"] == os.path.join(str(tmp_path), "nowhere")
    refused("server.no_command", edit_servers.stdio_target, "  ")
    refused("server.bad_url", edit_servers.http_target, "ftp://host/x")


def test_removing_a_server_hands_back_its_log_and_era_pins_are_checked(tmp_path: Path) -> None:
    data = StoreData()
    edit_servers.save_server(data, "fs", StdioTarget(command="x"))
    refused("server.not_found", edit_servers.remove_server, data, "nope", tmp_path)
    assert edit_servers.set_era(data, "fs", "2026-07-28").era == "2026-07-28"
    refused("server.bad_era", edit_servers.set_era, data, "fs", "modern")
    refused("server.not_found", edit_servers.set_era, data, "nope", "auto")
    assert edit_servers.remove_server(data, "fs", tmp_path / "logs") == tmp_path / "logs" / "fs.log"
    assert data.servers == []


def test_sharing_choices_record_consent(tmp_path: Path) -> None:
    data, (alpha, beta) = shared(tmp_path, "alpha", "beta")
    edit_servers.save_server(data, "fs", StdioTarget(command="x"))
    assert edit_servers.share(data, "fs", "beta, alpha,beta").share == [beta, alpha]
    assert edit_servers.share(data, "fs", [alpha]).share == [alpha]
    server = edit_servers.share(data, "fs", "none")
    assert (server.share, server.consent) == ("none", "given")
    refused("server.not_found", edit_servers.share, data, "nope", "all")
    refused("share.empty", edit_servers.share, data, "fs", [])


def test_replacing_a_server_keeps_how_it_is_sent_its_folders() -> None:
    from app.core.edits import servers as edit_servers
    from app.core.model import ServerEntry, StdioTarget, StoreData

    data = StoreData(servers=[ServerEntry(name="fs", target=StdioTarget(command="old"), consent="given",
                                          path_aliases={"/home/u/p": "/workspace"}, also_send_own_folders=True,
                                          roots_source="merge")])
    replaced = edit_servers.save_server(data, "fs", StdioTarget(command="new"), replacing="fs")
    assert replaced.target.command == "new"
    assert (replaced.path_aliases, replaced.also_send_own_folders, replaced.roots_source) == (
        {"/home/u/p": "/workspace"}, True, "merge")
