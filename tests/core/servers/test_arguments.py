"""Roots as arguments, path aliases and the own-folders merge: the core functions, no event loop."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.edits import servers as edit_servers
from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.roots.access import AccessResult, check
from app.core.roots.lookup import plan_add
from app.core.roots.sharing import SharedRoot, argument_folders, visible_lists, visible_roots
from app.core.servers.aliases import map_path, remote_uri
from app.core.servers.arguments import (
    effective_entry,
    expand_target,
    has_placeholders,
)
from app.core.text import UserError

folder_names = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\0{}"), min_size=1, max_size=12
)
folder_lists = st.lists(folder_names.map(lambda name: "/data/" + name), max_size=5)
plain_args = st.lists(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="{}"), max_size=10),
                      max_size=6)


def target(*args: str, env: dict[str, str] | None = None) -> StdioTarget:
    return StdioTarget(command="server", args=list(args), env=env or {})


def test_roots_becomes_one_argument_per_folder_and_root_repeats_its_argument() -> None:
    expanded = expand_target(target("-v", "{roots}", "--repository={root}", "--end"), ["/a b", "/c"])
    assert expanded.args == ["-v", "/a b", "/c", "--repository=/a b", "--repository=/c", "--end"]


def test_roots_json_is_a_json_array_in_arguments_and_environment() -> None:
    expanded = expand_target(target("--config={roots_json}", env={"FOLDERS": "{roots_json}"}), ['/q"uote', "/é"])
    assert expanded.args == ["--config=" + json.dumps(['/q"uote', "/é"], ensure_ascii=False)]
    assert json.loads(expanded.env["FOLDERS"]) == ['/q"uote', "/é"]


def test_inside_a_longer_argument_or_an_environment_value_folders_join_like_path() -> None:
    expanded = expand_target(target("--dirs={roots}", env={"DIRS": "{roots}", "ONE": "x{root}"}), ["/a", "/b"])
    assert expanded.args == [f"--dirs=/a{os.pathsep}/b"]
    assert expanded.env == {"DIRS": f"/a{os.pathsep}/b", "ONE": f"x/a{os.pathsep}/b"}


def test_no_folder_leaves_no_argument_and_an_empty_json_array() -> None:
    expanded = expand_target(target("--flag", "{roots}", "--repository={root}", "{roots_json}"), [])
    assert expanded.args == ["--flag", "[]"]


@given(plain_args, folder_lists)
def test_arguments_without_placeholders_are_left_exactly_as_they_are(args: list[str], folders: list[str]) -> None:
    plain = target(*args)
    assert not has_placeholders(plain)
    assert expand_target(plain, folders) is plain


@given(plain_args, plain_args, folder_lists)
def test_roots_expands_to_exactly_the_folders_in_order(before: list[str], after: list[str], folders: list[str]) -> None:
    expanded = expand_target(target(*before, "{roots}", *after), folders).args
    assert expanded == [*before, *folders, *after]


@given(folder_lists)
def test_a_root_argument_appears_once_per_folder(folders: list[str]) -> None:
    expanded = expand_target(target("--repository={root}"), folders).args
    assert expanded == [f"--repository={folder}" for folder in folders]


def test_effective_entry_expands_only_stdio_servers_with_placeholders() -> None:
    http = ServerEntry(name="web", target=HttpTarget(url="http://127.0.0.1:1/mcp"))
    plain = ServerEntry(name="plain", target=target("/x"))
    assert effective_entry(http, ["/a"]) is http and effective_entry(plain, ["/a"]) is plain
    placed = ServerEntry(name="placed", target=target("{roots}"))
    started = effective_entry(placed, ["/a"])
    assert isinstance(started.target, StdioTarget) and started.target.args == ["/a"]
    assert isinstance(placed.target, StdioTarget) and placed.target.args == ["{roots}"]  # the stored entry is untouched


# -- path aliases ------------------------------------------------------------------------------------


def test_an_alias_maps_the_prefix_and_everything_below_it_longest_prefix_first() -> None:
    aliases = {"/home/me/projects": "/workspace", "/home/me/projects/big": "/mnt/big"}
    assert map_path("/home/me/projects", aliases) == "/workspace"
    assert map_path("/home/me/projects/app/src", aliases) == "/workspace/app/src"
    assert map_path("/home/me/projects/big/x", aliases) == "/mnt/big/x"
    assert map_path("/home/me/projects-old", aliases) is None  # a sibling with the same start is outside
    assert map_path("/elsewhere", aliases) is None
    assert map_path("/elsewhere", {}) == "/elsewhere"


def test_a_windows_side_path_gets_a_drive_uri_and_unsafe_characters_are_encoded() -> None:
    assert map_path("/home/me/p/a", {"/home/me/p": "C:\\proj"}) == "C:\\proj\\a"
    assert remote_uri("C:\\proj\\a") == "file:///C:/proj/a"
    assert remote_uri("/workspace/a b#c") == "file:///workspace/a%20b%23c"


# -- the visibility rule with merge and aliases ------------------------------------------------------------


@pytest.fixture
def shared(tmp_path: Path) -> tuple[StoreData, dict[str, AccessResult], dict[str, Path]]:
    data = StoreData()
    folders = {name: tmp_path / "home" / name for name in ("alpha", "beta", "own")}
    for folder in folders.values():
        folder.mkdir(parents=True)
    for name in ("alpha", "beta"):
        data.roots.append(plan_add(data, str(folders[name])).root)
    statuses = {root.id: check(root.path) for root in data.roots}
    return data, statuses, folders


def entry(name: str, *args: str, **fields: object) -> ServerEntry:
    return ServerEntry(name=name, target=target(*args), consent="given", **fields)  # type: ignore[arg-type]


def test_own_folders_come_after_rootkeepers_deduplicated(shared) -> None:  # type: ignore[no-untyped-def]
    data, statuses, folders = shared
    server = entry("fs", str(folders["own"]), str(folders["alpha"]), also_send_own_folders=True)
    uris = [root.uri for root in visible_roots(data, server, statuses)]
    assert uris == [folders["alpha"].as_uri(), folders["beta"].as_uri(), folders["own"].as_uri()]
    without = entry("plain", str(folders["own"]))
    assert [root.uri for root in visible_roots(data, without, statuses)] == uris[:2]


def test_own_folders_are_sent_while_consent_is_pending_or_paused_but_not_with_sharing_none(shared) -> None:  # type: ignore[no-untyped-def]
    data, statuses, folders = shared
    own_uri = [SharedRoot(folders["own"].as_uri(), "own")]
    pending = entry("p", str(folders["own"]), also_send_own_folders=True).model_copy(update={"consent": "pending"})
    assert visible_roots(data, pending, statuses) == own_uri
    none = entry("n", str(folders["own"]), share="none", also_send_own_folders=True)
    assert visible_roots(data, none, statuses) == []
    data.paused = True
    assert visible_roots(data, entry("q", str(folders["own"]), also_send_own_folders=True), statuses) == own_uri


def test_aliases_rewrite_every_uri_and_drop_what_is_outside_them(shared) -> None:  # type: ignore[no-untyped-def]
    data, statuses, folders = shared
    server = entry("box", str(folders["own"]), path_aliases={str(folders["alpha"]): "/workspace"},
                   also_send_own_folders=True)
    assert [root.uri for root in visible_lists(data, statuses, [server])["box"]] == ["file:///workspace"]
    assert argument_folders(data, statuses, server) == ["/workspace"]
    server.path_aliases = {str(folders["alpha"].parent): "/w"}
    assert [root.uri for root in visible_roots(data, server, statuses)] == [
        "file:///w/alpha", "file:///w/beta", "file:///w/own"
    ]
    assert argument_folders(data, statuses, server) == ["/w/alpha", "/w/beta"]  # own folders are on its line already


def test_argument_folders_follow_sharing_consent_pause_and_access(shared) -> None:  # type: ignore[no-untyped-def]
    data, statuses, folders = shared
    alpha, beta = data.roots
    assert argument_folders(data, statuses, entry("all", "{roots}")) == [alpha.path, beta.path]
    assert argument_folders(data, statuses, entry("sub", "{roots}", share=[beta.id])) == [beta.path]
    assert argument_folders(data, statuses, entry("none", "{roots}", share="none")) == []
    assert argument_folders(data, statuses, entry("p", "{roots}").model_copy(update={"consent": "pending"})) == []
    folders["beta"].rmdir()
    statuses[beta.id] = check(beta.path)
    assert argument_folders(data, statuses, entry("all", "{roots}")) == [alpha.path]
    data.paused = True
    assert argument_folders(data, statuses, entry("all", "{roots}")) == []


# -- edits and the hint ------------------------------------------------------------------------------------


def test_alias_edits_store_canonical_prefixes_and_refuse_with_codes(tmp_path: Path) -> None:
    data = StoreData(servers=[entry("fs", "/x"), ServerEntry(name="web", target=HttpTarget(url="http://h/mcp"))])
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    edit_servers.set_aliases(data, "fs", {str(tmp_path / "link") + "/": "/workspace/"})
    assert data.servers[0].path_aliases == {str(real): "/workspace"}
    for pairs, code in (({"a": "relative"}, "alias.remote_relative"), ({" ": "/w"}, "alias.no_local"),
                        ({str(real): "/a", str(tmp_path / "link"): "/b"}, "alias.twice")):
        with pytest.raises(UserError) as refused:
            edit_servers.set_aliases(data, "fs", pairs)
        assert refused.value.code == code
    assert data.servers[0].path_aliases == {str(real): "/workspace"}  # a refusal changes nothing
    edit_servers.set_aliases(data, "fs", {})
    assert data.servers[0].path_aliases == {}
    with pytest.raises(UserError) as refused:
        edit_servers.set_own_folders(data, "web", True)
    assert refused.value.code == "server.no_command_line"
    assert edit_servers.set_own_folders(data, "fs", True).also_send_own_folders
