"""Damaged and odd store files (issue 10, #13): moved aside, refused, or repaired; never a hang or a crash."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from app.core.model import SCHEMA_VERSION
from app.core.store.store import STORE_FILE, Store, StoreError
from tests.faults.store_guard import StoreGuard


def _root(root_id: str, path: str, uri: str | None = None) -> dict[str, object]:
    return {"id": root_id, "name": os.path.basename(path), "entered_path": path, "path": path,
            "uri": uri or f"file://{path}"}


def _dropped(saved: dict[str, Any], fields: list[tuple[str | int, ...]]) -> int:
    """How many of `fields` (each a path of keys and indexes into the saved file) are no longer there."""
    missing = 0
    for keys in fields:
        value: Any = saved
        for key in keys:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                missing += 1
                break
    return missing


def _write(home: Path, document: dict[str, object]) -> Path:
    home.mkdir(parents=True, exist_ok=True)
    store = home / STORE_FILE
    store.write_text(json.dumps(document))
    return store


@pytest.mark.parametrize("depth", [100_000, 10_000])
def test_a_deeply_nested_file_is_moved_aside_like_any_damaged_one(cli, rk_home: Path, store_guard: StoreGuard,  # type: ignore[no-untyped-def]
                                                                   depth: int) -> None:
    rk_home.mkdir()
    nested = "[" * depth + "]" * depth
    (rk_home / STORE_FILE).write_text(nested)
    store_guard.watch_damaged(rk_home)
    result = cli("roots", "list")
    assert result.code == 0, result
    assert "Traceback" not in result.err and "moved to" in result.err, result.err
    (aside,) = rk_home.glob(f"{STORE_FILE}.damaged-*")
    assert aside.read_text() == nested  # kept, never overwritten


@pytest.mark.parametrize("kind", ["fifo", "char-device", "folder"])
def test_a_store_that_is_not_a_regular_file_is_refused_without_hanging(cli, rk_home: Path,  # type: ignore[no-untyped-def]
                                                                        store_guard: StoreGuard, kind: str) -> None:
    rk_home.mkdir()
    store = rk_home / STORE_FILE
    if kind == "fifo":
        os.mkfifo(store, 0o600)
    elif kind == "char-device":
        store.symlink_to("/dev/zero")  # reading it would never end
    else:
        store.mkdir()
    store_guard.watch_damaged(rk_home)
    for args in (("roots", "list"), ("roots", "add", str(rk_home.parent))):
        result = cli(*args)
        assert result.code == 1, result
        (line,) = result.err.splitlines()
        assert str(store) in line and "Traceback" not in line
    assert os.path.lexists(store) and list(rk_home.glob(f"{STORE_FILE}.damaged-*")) == []


def test_unknown_fields_from_a_newer_minor_version_survive_the_next_write(rk_home: Path, tmp_path: Path,
                                                                          store_guard: StoreGuard) -> None:
    root = _root("r00000001", str(tmp_path)) | {"colour": "teal"}
    server = {"name": "s", "target": {"kind": "stdio", "command": "true", "sandbox": {"net": False}},
              "consent": "given", "share": "all", "priority": 3}
    _write(rk_home, {"schema_version": SCHEMA_VERSION, "roots": [root], "servers": [server], "theme": "dark"})
    store_guard.watch(rk_home, unchanged=False)
    store = Store(rk_home)
    store.update(lambda data: setattr(data, "paused", True))
    saved = json.loads(store.path.read_text())
    store_guard.lost(_dropped(saved, [("theme",), ("roots", 0, "colour"), ("servers", 0, "priority"),
                                      ("servers", 0, "target", "sandbox")]))
    assert saved["theme"] == "dark" and saved["paused"] is True
    assert saved["roots"][0]["colour"] == "teal"
    assert saved["servers"][0]["priority"] == 3
    assert saved["servers"][0]["target"]["sandbox"] == {"net": False}


def test_unknown_fields_of_a_server_survive_its_replacement(rk_home: Path, store_guard: StoreGuard) -> None:
    from app.core.edits import servers as edit_servers

    server = {"name": "s", "target": {"kind": "stdio", "command": "true"}, "priority": 3}
    _write(rk_home, {"schema_version": SCHEMA_VERSION, "servers": [server]})
    store_guard.watch(rk_home, unchanged=False)
    store = Store(rk_home)
    with store.transaction() as data:
        edit_servers.save_server(data, "s", edit_servers.stdio_target("false"), replacing="s")
    saved = json.loads(store.path.read_text())
    store_guard.lost(_dropped(saved, [("servers", 0, "priority")]))
    assert saved["servers"][0]["priority"] == 3


def test_a_root_with_a_remote_uri_is_dropped_with_a_note(cli, rk_home: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                         store_guard: StoreGuard) -> None:
    (tmp_path / "good").mkdir()
    good = _root("r00000001", str(tmp_path / "good"))
    bad = _root("r00000002", str(tmp_path), uri="http://evil.example/")
    _write(rk_home, {"schema_version": SCHEMA_VERSION, "roots": [bad, good]})
    store_guard.watch(rk_home)  # listing is no edit: the file stays as it was
    listed = cli("roots", "list", "--json")
    assert listed.code == 0, listed
    assert [row["id"] for row in listed.json()] == ["r00000001"]
    (line,) = listed.err.splitlines()
    assert "http://evil.example/" in line and "dropped" in line


def test_a_root_whose_uri_disagrees_with_its_path_gets_the_uri_of_its_path(rk_home: Path, tmp_path: Path,
                                                                             store_guard: StoreGuard) -> None:
    forged = _root("r00000001", str(tmp_path), uri="file:///etc")
    _write(rk_home, {"schema_version": SCHEMA_VERSION, "roots": [forged]})
    store_guard.watch(rk_home)  # loading is no edit: the file stays as it was
    store = Store(rk_home)
    (root,) = store.load().roots
    assert root.uri == tmp_path.as_uri()
    assert len(store.notices) == 1 and "file:///etc" in store.notices[0]


def test_duplicate_root_ids_are_issued_anew_with_a_note(rk_home: Path, tmp_path: Path,
                                                        store_guard: StoreGuard) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    roots = [_root("r00000001", str(tmp_path / "a")), _root("r00000001", str(tmp_path / "b"))]
    _write(rk_home, {"schema_version": SCHEMA_VERSION, "roots": roots})
    store_guard.watch(rk_home, unchanged=False)
    store = Store(rk_home)
    data = store.load()
    assert [root.path for root in data.roots] == [str(tmp_path / "a"), str(tmp_path / "b")]
    assert data.roots[0].id == "r00000001" and data.roots[1].id != "r00000001"
    assert len(store.notices) == 1 and "r00000001" in store.notices[0]
    store.update(lambda data: None)  # the next write keeps the repair
    saved = json.loads(store.path.read_text())["roots"]
    store_guard.lost(2 - len({root["path"] for root in saved}))
    assert len({root["id"] for root in saved}) == 2


def test_store_error_for_a_fifo_names_the_file(rk_home: Path, store_guard: StoreGuard) -> None:
    rk_home.mkdir()
    os.mkfifo(rk_home / STORE_FILE, 0o600)
    store_guard.watch_damaged(rk_home)
    with pytest.raises(StoreError) as refused:
        Store(rk_home).load()
    assert refused.value.code == "store.not_a_file"
