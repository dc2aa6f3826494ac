"""The reader without pydantic (`plain.load`) gives exactly what the model gives, or lets the model decide."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.core.model import StoreData
from app.core.store import derive_schema
from app.core.store import plain as plain_store
from app.core.store import schema as store_schema
from app.core.store.store import STORE_FILE, Store


def _stored(**extra: Any) -> dict[str, Any]:
    return {
        "schema_version": 2, "revision": 7, "paused": False, "future_top": {"kept": [1, 2]},
        "roots": [
            {"id": "r1", "name": "docs", "entered_path": "/x/docs", "path": "/x/docs", "uri": "file:///x/docs",
             "is_file": False, "enabled": True, "added_at": "2026-03-01T10:00:00Z", "colour": "blue"},
            {"id": "r2", "name": "notes.txt", "entered_path": "/y/notes.txt", "path": "/x/notes.txt",
             "uri": "file:///x/notes.txt", "is_file": True, "enabled": False,
             "added_at": "2026-03-01T11:00:00.25+02:00"},
            {"id": "r3", "name": "bare", "entered_path": "/x/b", "path": "/x/b", "uri": "file:///x/b",
             "added_at": "2026-03-01T12:00:00"},  # the defaults left out
        ],
        "servers": [
            {"name": "fs", "target": {"kind": "stdio", "command": "npx", "args": ["-y", "{roots}"],
                                      "env": {"K": "v"}, "cwd": None, "shell": "bash"},
             "share": ["r1"], "consent": "given", "legacy_only": True, "era": "2025-11-25",
             "roots_source": "merge", "path_aliases": {"/x": "/data"}, "also_send_own_folders": True,
             "enabled": False, "added_at": "2026-03-02T09:30:00Z"},
            {"name": "web", "target": {"kind": "http", "url": "https://example.org/mcp", "headers": {"A": "b"}},
             "added_at": "2026-03-02T09:31:00Z"},
            {"name": "local", "target": {"kind": "stdio", "command": "srv", "cwd": "/tmp"}, "share": "none",
             "added_at": "2026-03-02T09:32:00Z"},
        ],
        **extra,
    }


def _model(raw: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return StoreData.model_validate(copy.deepcopy(raw)).model_dump()
    except Exception:  # refused: the plain reader must not have taken it either
        return None


def test_the_generated_schema_is_the_models() -> None:
    assert derive_schema.derived() == store_schema.SCHEMA, "run `python -m app.core.store.derive_schema`"


def test_a_well_formed_file_reads_as_the_model_gives_it_unknown_fields_and_defaults_included() -> None:
    raw = _stored()
    plain = plain_store.plain(copy.deepcopy(raw))
    assert plain is not None
    assert plain == _model(raw)
    assert list(plain) == list(_model(raw) or {})  # the same order: the fields, then the unknown ones
    assert [list(root) for root in plain["roots"]] == [list(root) for root in (_model(raw) or {})["roots"]]
    assert plain["roots"][1]["added_at"].isoformat() == "2026-03-01T11:00:00.250000+02:00"


@pytest.mark.parametrize("change", [
    lambda raw: raw["roots"][0].update(enabled=1),  # converted by the model
    lambda raw: raw["roots"][0].update(added_at="2026-03-01 10:00:00"),  # another shape the model takes
    lambda raw: raw["roots"][0].update(added_at=1767000000),
    lambda raw: raw.update(revision="7"),
    lambda raw: raw["roots"][0].pop("id"),  # made by the model's factory
    lambda raw: raw["roots"][0].pop("added_at"),
    lambda raw: raw["servers"][0].update(path_aliases=[]),
    lambda raw: raw["servers"][0].update(name="bad name"),  # refused by the model's validator
    lambda raw: raw["servers"][1]["target"].update(url="ftp://example.org"),
    lambda raw: raw["servers"][1]["target"].update(url="https:///no-host"),
    lambda raw: raw["servers"][0].update(share="some"),
    lambda raw: raw["servers"][0]["target"].update(kind="pipe"),
    lambda raw: raw["servers"][0]["target"].pop("kind"),
    lambda raw: raw["servers"][0]["target"]["args"].append(3),
    lambda raw: raw["servers"][0]["target"]["env"].update(N=None),
    lambda raw: raw["roots"][0].update(added_at="2026-02-31T10:00:00Z"),
    lambda raw: raw["roots"].append("not an object"),
    lambda raw: raw.update(schema_version=1),  # migrated by the model's side
], ids=lambda _change: "")
def test_anything_the_model_would_convert_migrate_or_refuse_is_left_to_it(change: Any) -> None:
    raw = _stored()
    change(raw)
    assert plain_store.plain(copy.deepcopy(raw)) is None


def _home_with(tmp_path: Path, name: str, raw: object) -> Store:
    home = tmp_path / name
    home.mkdir()
    (home / STORE_FILE).write_text(json.dumps(raw), encoding="utf-8")
    return Store(home)


@pytest.mark.parametrize("change", [
    lambda raw: None,
    lambda raw: raw["roots"][0].update(enabled=1),
    lambda raw: raw.update(schema_version=1, roots=[{**raw["roots"][0], "shared_with": ["web"]}]),
    lambda raw: raw["roots"][0].update(uri="https://example.org/x"),  # dropped, and said so
    lambda raw: raw["roots"][0].update(uri="file:///elsewhere"),  # rebuilt from the path, and said so
    lambda raw: [raw.pop("roots"), raw.pop("servers")],  # the model's empty lists
], ids=["well-formed", "converted", "migrated", "dropped", "rebuilt", "no lists"])
def test_load_plain_is_load_as_plain_data_with_the_same_notices(tmp_path: Path, change: Any) -> None:
    raw = _stored()
    change(raw)
    plain_store_, model_store = _home_with(tmp_path, "plain", raw), _home_with(tmp_path, "model", raw)
    assert plain_store.load(plain_store_) == model_store.load().model_dump()
    assert plain_store_.notices == model_store.notices


def test_a_repeated_id_is_issued_anew_as_the_model_side_does(tmp_path: Path) -> None:
    raw = _stored()
    raw["roots"][1]["id"] = "r1"
    store = _home_with(tmp_path, "plain", raw)
    ids = [root["id"] for root in plain_store.load(store)["roots"]]
    assert ids[0] == "r1" and ids[1] not in ("r1", "r3") and len(store.notices) == 1


def test_a_damaged_file_is_moved_aside_as_load_does(tmp_path: Path) -> None:
    store = _home_with(tmp_path, "home", {"schema_version": 2, "roots": [{"name": 3}]})
    assert plain_store.load(store) == StoreData().model_dump()
    assert not store.path.exists() and len(list(store.home.glob(f"{STORE_FILE}.damaged-*"))) == 1
    assert len(store.notices) == 1


def test_no_file_is_the_empty_state(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    assert plain_store.load(store) == StoreData().model_dump()
    shutil.rmtree(tmp_path / "home", ignore_errors=True)


def test_an_unknown_field_is_kept_beside_as_many_defaults_left_out() -> None:
    # One default missing and one unknown field: as many keys as the model's fields, yet not the same keys.
    raw = _stored()
    del raw["roots"][0]["enabled"]
    del raw["servers"][0]["target"]["cwd"]
    plain = plain_store.plain(copy.deepcopy(raw))
    assert plain is not None
    assert plain == _model(raw)
    assert plain["roots"][0]["colour"] == "blue" and plain["servers"][0]["target"]["shell"] == "bash"


def test_the_generated_status_schema_is_the_models() -> None:
    assert derive_schema.derived_status() == store_schema.STATUS_SCHEMA, "run `python -m app.core.store.derive_schema`"
