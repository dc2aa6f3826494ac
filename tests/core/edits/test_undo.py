"""Undoing "stop sharing" and a server's removal restores exactly: ids, positions, consent, subsets."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.edits import servers as edit_servers
from app.core.edits import undo
from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from app.core.text import UserError


def _data(tmp_path: Path) -> StoreData:
    data = StoreData()
    for name in ("alpha", "beta", "gamma"):
        (tmp_path / name).mkdir()
        data.roots.append(plan_add(data, str(tmp_path / name)).root)
    ids = [root.id for root in data.roots]
    target = StdioTarget(command="server")
    data.servers += [
        ServerEntry(name="picky", target=target, share=[ids[2], ids[1]], consent="given", era="2025-11-25"),
        ServerEntry(name="all", target=target, share="all", consent="given", path_aliases={"/x": "/y"}),
        ServerEntry(name="waiting", target=target),
    ]
    return data


def test_stopped_roots_come_back_with_their_ids_positions_and_subsets(tmp_path: Path) -> None:
    data = _data(tmp_path)
    before = data.model_copy(deep=True)
    ids = [root.id for root in data.roots]
    removed = undo.remove_roots(data, [ids[1], ids[0]])
    assert [root.id for root in data.roots] == [ids[2]]
    assert data.server("picky").share == [ids[2]]  # type: ignore[union-attr]
    assert removed.names == ["alpha", "beta"]

    undo.restore_roots(data, removed)
    assert data == before


def test_a_restore_keeps_what_changed_meanwhile_and_never_doubles_a_root(tmp_path: Path) -> None:
    data = _data(tmp_path)
    ids = [root.id for root in data.roots]
    removed = undo.remove_roots(data, [ids[1]])
    data.roots.append(plan_add(data, str(tmp_path / "beta")).root)  # shared again meanwhile, a new id
    (tmp_path / "delta").mkdir()
    delta = plan_add(data, str(tmp_path / "delta")).root
    data.roots.append(delta)
    data.server("picky").share = [ids[2], delta.id]  # type: ignore[union-attr]
    assert undo.restore_roots(data, removed) == []
    assert [root.name for root in data.roots].count("beta") == 1
    assert data.server("picky").share == [ids[2], delta.id]  # type: ignore[union-attr]


def test_a_removed_server_comes_back_as_it_was_in_its_place(tmp_path: Path) -> None:
    data = _data(tmp_path)
    before = data.model_copy(deep=True)
    removed = undo.remove_server(data, "picky")
    assert data.server("picky") is None
    undo.restore_server(data, removed)
    assert data == before

    removed = undo.remove_server(data, "all")
    edit_servers.save_server(data, "all", StdioTarget(command="other"))
    with pytest.raises(UserError):
        undo.restore_server(data, removed)


def test_undo_runs_through_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.update(lambda data: data.__dict__.update(_data(tmp_path).__dict__))
    before = store.load()
    with store.transaction() as data:
        removed = undo.remove_roots(data, [before.roots[2].id])
    with store.transaction() as data:
        undo.restore_roots(data, removed)
    after = store.load()
    assert after.roots == before.roots and after.servers == before.servers


def test_a_disabled_server_keeps_its_settings_and_an_edit_keeps_it_disabled(tmp_path: Path) -> None:
    data = _data(tmp_path)
    entry = edit_servers.set_server_enabled(data, "picky", False)
    assert not entry.enabled and entry.consent == "given"
    saved = edit_servers.save_server(data, "picky", StdioTarget(command="changed"), replacing="picky")
    assert not saved.enabled
    assert edit_servers.set_server_enabled(data, "picky", True).enabled
    with pytest.raises(UserError):
        edit_servers.set_server_enabled(data, "nobody", False)
