"""A selector that is a path means that path; a name that looks like a path is refused (issue 10, #11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.edits import roots as edit_roots
from app.core.edits import servers as edit_servers
from app.core.model import Root, StoreData
from app.core.paths import path_to_uri
from app.core.text import UserError
from tests.faults.store_guard import StoreGuard


def _root(path: Path, name: str) -> Root:
    return Root(name=name, entered_path=str(path), path=str(path), uri=path_to_uri(str(path)))


@pytest.fixture
def forged(tmp_path: Path) -> tuple[StoreData, Root, Root]:
    """A store from before the rule: root `decoy` is named after the path of root `real`."""
    (tmp_path / "real").mkdir()
    (tmp_path / "decoy").mkdir()
    real = _root(tmp_path / "real", "real")
    decoy = _root(tmp_path / "decoy", str(tmp_path / "real"))
    return StoreData(roots=[decoy, real]), real, decoy


def test_removing_by_path_removes_the_root_at_that_path(forged: tuple[StoreData, Root, Root]) -> None:
    data, real, decoy = forged
    (removed,) = edit_roots.remove_roots(data, [real.path])
    assert removed.id == real.id
    assert [root.id for root in data.roots] == [decoy.id]


def test_sharing_by_path_consents_to_that_path(forged: tuple[StoreData, Root, Root], tmp_path: Path) -> None:
    data, real, _ = forged
    target = edit_servers.stdio_target("true")
    edit_servers.save_server(data, "s", target)
    server = edit_servers.share(data, "s", real.path)
    assert server.share == [real.id]
    assert edit_servers.share(data, "s", path_to_uri(real.path)).share == [real.id]


@pytest.mark.parametrize("name", ["{other}", "{other}/", "/etc", "~/code", "~", "a/b", "file:///x", "..", "."])
def test_a_name_that_looks_like_a_path_is_refused_at_add_and_rename(tmp_path: Path, name: str) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    data = StoreData()
    edit_roots.add_roots(data, [str(tmp_path / "one")])
    name = name.format(other=tmp_path / "one")
    with pytest.raises(UserError) as refused:
        edit_roots.add_roots(data, [str(tmp_path / "two")], name=name)
    assert refused.value.code == "root.name_like_path"
    with pytest.raises(UserError) as refused:
        edit_roots.rename(data, data.roots[0].id, name)
    assert refused.value.code == "root.name_like_path"
    assert [root.name for root in data.roots] == ["one"]


def test_ordinary_names_still_select_by_name(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    data = StoreData()
    edit_roots.add_roots(data, [str(tmp_path / "one")], name="My project (2024) — notes")
    assert edit_roots.find_roots(data, ["My project (2024) — notes"])[0].path == str(tmp_path / "one")


def test_the_cli_refuses_a_path_like_name(cli, rk_home: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                          store_guard: StoreGuard) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    assert cli("roots", "add", str(tmp_path / "one")).code == 0
    store_guard.watch(rk_home)  # the next add is refused: the store stays byte for byte
    refused = cli("roots", "add", str(tmp_path / "two"), "--name", str(tmp_path / "one"))
    assert refused.code == 1 and len(refused.err.splitlines()) == 1 and "looks like a path" in refused.err, refused
    assert len(cli("roots", "list", "--json").json()) == 1
