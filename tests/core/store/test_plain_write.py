"""Editing roots without pydantic (`plain.transaction`) writes the very bytes the model would write.

The model's `serialize(StoreData)` is the rule; the plain writer must give it byte for byte for the
same state, and every file it cannot be sure of (a migration, a value the model converts, a secret
still to seal, a number the model writes its own way) must go through the model instead.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from app.core.edits import roots as edit_roots
from app.core.model import Root, ServerEntry, StoreData
from app.core.store import json_text
from app.core.store import plain as plain_store
from app.core.store.plain import PlainRoot, PlainServer, PlainStore, parsed_for_writing, serialize_plain
from app.core.store.store import STORE_FILE, Store, parse, serialize
from app.core.text import UserError

REFERENCE = "rootkeeper-secret:file:" + "0123456789abcdef" * 2
ODD_TEXT = "caf\u00e9 \u2028 \U0001f600 \x7f \x00 \x1f \t \" \\ / <b>"


def _state(**extra: Any) -> dict[str, Any]:
    return {
        "schema_version": 2, "revision": 4, "paused": True, "future": {"nested": [1, None, True, "\u00fc"]},
        "roots": [
            {"id": "r1", "name": "Caf\u00e9 \U0001f600", "entered_path": "/x/caf\u00e9", "path": "/x/caf\u00e9",
             "uri": "file:///x/caf%C3%A9", "is_file": False, "enabled": True, "added_at": "2026-03-01T10:00:00Z",
             "colour": {"shade": ODD_TEXT, "big": 123456789012345678901234567890}},
            {"id": "r2", "name": "undecodable \udce9", "entered_path": "/x/b\udce9", "path": "/x/b\udce9",
             "uri": "file:///x/b%E9", "added_at": "2026-03-01T11:00:00.25+02:00"},
            {"id": "r3", "name": "odd", "entered_path": "/x/o", "path": "/x/o", "uri": "file:///x/o",
             "enabled": False, "added_at": "2026-03-01T12:00:00.000001+00:00"},
            {"id": "r4", "name": "naive", "entered_path": "/x/n", "path": "/x/n", "uri": "file:///x/n",
             "added_at": "2026-03-01T12:00:00", "empty": {}, "none": []},
        ],
        "servers": [
            {"name": "fs", "target": {"kind": "stdio", "command": "npx", "args": ["-y", "{roots}", ODD_TEXT],
                                      "env": {"TOKEN": REFERENCE, "FOLDERS": "{roots}", "EMPTY": ""}, "cwd": None,
                                      "shell": "bash"},
             "share": ["r1"], "consent": "given", "legacy_only": True, "era": "2025-11-25",
             "roots_source": "merge", "path_aliases": {"/x": "/data"}, "also_send_own_folders": True,
             "enabled": False, "added_at": "2026-03-02T09:30:00-05:30", "note": ODD_TEXT},
            {"name": "web", "target": {"kind": "http", "url": f"https://me:{REFERENCE}@example.org/mcp",
                                       "headers": {"Authorization": f"Bearer {REFERENCE}"}},
             "added_at": "2026-03-02T09:31:00Z"},
        ],
        **extra,
    }


def _decodable(state: dict[str, Any]) -> dict[str, Any]:
    """`state` without its undecodable root, which pydantic-core's encoder leaves to `json`."""
    return {**state, "roots": [root for root in state["roots"] if root["id"] != "r2"]}


@pytest.mark.parametrize("encoder", [10**9, -1], ids=["json", "pydantic-core"])  # the size from which it is used
@pytest.mark.parametrize("state", [_state(), _decodable(_state()), {"schema_version": 2}, _state(roots=[], servers=[])],
                         ids=["everything", "decodable", "empty", "no roots"])
def test_the_plain_writer_gives_the_models_bytes(state: dict[str, Any], encoder: int) -> None:
    text = json.dumps(state)
    plain = plain_store.plain(parsed_for_writing(text))
    assert plain is not None
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", encoder):
        assert serialize_plain(plain) == serialize(parse(text))


@pytest.mark.parametrize("encoder", [10**9, -1], ids=["json", "pydantic-core"])
@pytest.mark.parametrize("state", [_state(), _decodable(_state())], ids=["everything", "decodable"])
def test_the_views_edit_the_data_they_write(state: dict[str, Any], encoder: int) -> None:
    text = json.dumps(state)
    plain = plain_store.plain(parsed_for_writing(text))
    model = parse(text)
    assert plain is not None
    view = PlainStore(plain)
    for data in (view, model):
        edit_roots.set_enabled(data, "r3", True)
        edit_roots.rename(data, "r1", "Renamed \u00e9")
        edit_roots.remove_roots(data, ["r1"])  # also leaves every server's chosen subset
        edit_roots.set_paused(data, False)
    with mock.patch.object(json_text, "WORTH_PYDANTIC_CORE", encoder):  # the edited roots are the views' own dicts
        assert serialize_plain(view.raw) == serialize(model)


@pytest.mark.parametrize(("view", "model"), [(PlainStore, StoreData), (PlainRoot, Root), (PlainServer, ServerEntry)],
                         ids=["store", "root", "server"])
def test_every_field_of_the_model_is_its_own_key_in_the_view(view: type[dict[str, Any]], model: type[Any]) -> None:
    # The roots rules are typed against the model and run on these views (`plain._as_model`): whatever
    # field of the model they read or change, the view must have it, as the data's own key.
    for name in model.model_fields:
        value, changed = object(), object()
        item = view({name: value})
        assert getattr(item, name) is value, name
        setattr(item, name, changed)
        assert item == {name: changed}, name


def _home(tmp_path: Path, name: str, state: object) -> Store:
    home = tmp_path / name
    home.mkdir()
    (home / STORE_FILE).write_text(json.dumps(state), encoding="utf-8")
    return Store(home)


def _add(store: Store, folder: Path) -> type:
    with plain_store.transaction(store) as data:
        (added,) = edit_roots.add_roots(data, [str(folder)]).roots
        kind = type(data)
    # The new root's id and time are this run's; the rest of the file is as the model writes it.
    text = store.path.read_text("ascii")
    assert store.path.read_bytes() == serialize(parse(text))
    assert parse(text).roots[-1].id == added.id
    return kind


def test_adding_a_root_to_plain_data_writes_what_the_model_writes(tmp_path: Path) -> None:
    folder = tmp_path / "shared \u00e9"
    folder.mkdir()
    state = _state()
    plain_home, model_home = _home(tmp_path, "plain", state), _home(tmp_path, "model", state)
    assert _add(plain_home, folder) is PlainStore
    with model_home.transaction() as data:
        edit_roots.add_roots(data, [str(folder)])
    written, expected = (json.loads(home.path.read_text("ascii")) for home in (plain_home, model_home))
    for new_root in (written["roots"][-1], expected["roots"][-1]):
        assert new_root.pop("id").startswith("r") and new_root.pop("added_at").endswith("Z")
    assert written == expected
    assert list(written["roots"][-1]) == list(expected["roots"][-1])


def test_a_store_that_does_not_exist_yet_is_written_as_the_model_writes_it(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    assert _add(Store(tmp_path / "home"), folder) is PlainStore


@pytest.mark.parametrize("change", [
    lambda raw: raw.update(revision="4"),  # converted by the model
    lambda raw: raw.update(schema_version=1, roots=[{**raw["roots"][0], "shared_with": ["web"]}]),  # migrated
    lambda raw: raw["roots"][0].update(colour=1e-7),  # written `1e-7` by the model, `1e-07` by `json`
    lambda raw: raw.update(future=float("nan")),
    lambda raw: raw["servers"][1]["target"]["headers"].update(Authorization="Bearer plain"),  # to be sealed
], ids=["converted", "migrated", "float", "nan", "plaintext secret"])
def test_a_store_the_plain_writer_is_unsure_of_is_edited_by_the_model(tmp_path: Path, change: Any) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    raw = copy.deepcopy(_state())
    change(raw)
    store = _home(tmp_path, "home", raw)
    assert _add(store, folder) is StoreData
    assert len(store.load().roots) == len(raw["roots"]) + 1


def test_a_plaintext_secret_is_sealed_by_the_model_on_a_roots_edit(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    raw = _state()
    raw["servers"][1]["target"]["headers"]["Authorization"] = "Bearer plain-secret"
    store = _home(tmp_path, "home", raw)
    _add(store, folder)
    assert "plain-secret" not in store.path.read_text("ascii")


def test_a_damaged_store_is_moved_aside_as_the_model_does(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    store = _home(tmp_path, "home", {"schema_version": 2, "roots": [{"name": 3}]})
    assert _add(store, folder) is StoreData
    assert len(list(store.home.glob(f"{STORE_FILE}.damaged-*"))) == 1 and len(store.load().roots) == 1


def test_a_refusal_writes_nothing(tmp_path: Path) -> None:
    store = _home(tmp_path, "home", _state())
    before = store.path.read_bytes()
    with pytest.raises(UserError), plain_store.transaction(store) as data:
        edit_roots.add_roots(data, ["/x/caf\u00e9"])  # not there: refused before anything changes
    assert store.path.read_bytes() == before and not store.saved


def test_a_repair_is_said_once_when_the_model_takes_over(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    raw = _state()
    raw["roots"][1]["id"] = "r1"  # issued anew on load, and said so
    raw["servers"][1]["target"]["headers"]["Authorization"] = "Bearer plain-secret"  # so the model writes
    store = _home(tmp_path, "home", raw)
    _add(store, folder)
    assert [message.code for message in store.notice_messages].count("store.root_id_reissued") == 1


# The rules `plain.transaction` runs on views: typed on the model, they must use no model method or property
# the views lack (mypy cannot see it; only the command line's run would fail).
RULES_RUN_ON_VIEWS = ("app/core/edits/roots.py", "app/core/roots/lookup.py", "app/core/roots/overlap.py",
                      "app/core/store/repair.py")


def test_every_model_method_the_rules_use_is_carried_by_the_view() -> None:
    import ast

    project = Path(__file__).resolve().parents[3]
    used = {node.attr for rule in RULES_RUN_ON_VIEWS
            for node in ast.walk(ast.parse((project / rule).read_text(encoding="utf-8")))
            if isinstance(node, ast.Attribute)}
    looked_at = 0
    for view, model in [(PlainStore, StoreData), (PlainRoot, Root), (PlainServer, ServerEntry)]:
        behaviour = {name for name, value in vars(model).items()
                     if not name.startswith("_") and (callable(value) or isinstance(value, property | classmethod))}
        looked_at += len(behaviour)
        missing = sorted(name for name in behaviour & used if not hasattr(view, name))
        assert not missing, f"the rules call {model.__name__}.{missing} on a {view.__name__}, which lacks it"
    assert looked_at, "the models define no method: the check would look at nothing"
