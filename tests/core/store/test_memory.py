"""A store that remembers its writes: reading its own write back gives what parsing would, never a shared object."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import path_to_uri
from app.core.store import store as store_module
from app.core.store.memory import copied
from app.core.store.repair import repair
from app.core.store.store import Store, parse


def _root(path: str, **extra: object) -> Root:
    return Root(name=Path(path).name, entered_path=path, path=path, uri=path_to_uri(path), **extra)


def _filled(store: Store) -> None:
    def fill(data: StoreData) -> None:
        data.roots = [_root(f"/x/r{i}") for i in range(5)] + [_root("/x/caf\udce9"), _root("/x/new", future={"a": [1]})]
        data.servers = [ServerEntry(name="s", target=StdioTarget(command="srv", args=["--a"], env={"K": "v"}),
                                    share=[data.roots[0].id], consent="given")]

    store.update(fill)


def _parses(monkeypatch, counter: list[int]) -> None:  # type: ignore[no-untyped-def]
    real = store_module.parse

    def counting(text: str) -> StoreData:
        counter.append(1)
        return real(text)

    monkeypatch.setattr(store_module, "parse", counting)


def test_a_remembered_write_reads_back_as_parsing_would_without_parsing(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    store = Store(tmp_path / "home")
    store.remember_writes()
    _filled(store)
    expected = parse(store.path.read_text())
    parsed: list[int] = []
    _parses(monkeypatch, parsed)
    assert store.load() == expected
    assert store.load_shared() == expected
    store.update(lambda data: setattr(data.roots[1], "enabled", False))  # the transaction starts from memory too
    assert parsed == []
    assert store.load() == parse(store.path.read_text())


def test_what_a_caller_changes_never_reaches_the_memory(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.remember_writes()
    _filled(store)
    with store.transaction() as written:
        written.roots[0].name = "written"
    written.roots[0].name = "changed after the write"
    written.servers[0].target.args.append("--after")  # type: ignore[union-attr]
    written.roots[-1].__pydantic_extra__["future"]["a"].append(2)  # type: ignore[index]
    loaded = store.load()
    assert loaded.roots[0].name == "written"
    loaded.roots[1].enabled = False
    loaded.servers[0].share.append("x")  # type: ignore[union-attr]
    again = store.load()
    assert again == parse(store.path.read_text())
    assert again.roots[1].enabled and again.servers[0].target.args == ["--a"]  # type: ignore[union-attr]
    assert again.roots[-1].__pydantic_extra__ == {"future": {"a": [1]}}


def test_another_writer_is_parsed(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.remember_writes()
    _filled(store)
    Store(store.home).update(lambda data: data.roots.pop())
    assert len(store.load().roots) == 6
    assert store.load_shared() == parse(store.path.read_text())


def test_a_write_that_needs_repair_is_repaired_and_said_on_the_next_load(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.remember_writes()
    _filled(store)
    store.update(lambda data: setattr(data.roots[0], "uri", "file:///elsewhere"))
    assert store.load().roots[0].uri == path_to_uri("/x/r0")
    assert any("file:///elsewhere" in notice for notice in store.notices)


def test_a_copy_equals_its_original_and_shares_nothing_mutable() -> None:
    data = StoreData(roots=[_root("/x/a"), _root("/x/b", future=[1])],
                     servers=[ServerEntry(name="s", target=StdioTarget(command="c", env={"K": "v"}))], x=[1])
    fresh = copied(data)
    assert fresh == data and fresh.model_dump() == data.model_dump()
    assert fresh.roots[0].model_fields_set == data.roots[0].model_fields_set
    fresh.roots[0].enabled = False
    fresh.roots[1].__pydantic_extra__["future"].append(2)  # type: ignore[index]
    fresh.servers[0].target.env["K"] = "w"  # type: ignore[union-attr]
    fresh.__pydantic_extra__["x"].append(2)  # type: ignore[index]
    fresh.roots.append(_root("/x/c"))
    assert data.roots[0].enabled and data.roots[1].__pydantic_extra__ == {"future": [1]}
    assert data.servers[0].target.env == {"K": "v"} and data.__pydantic_extra__ == {"x": [1]}  # type: ignore[union-attr]
    assert len(data.roots) == 2


def test_repair_with_a_memory_of_uris_gives_what_repair_gives(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    raw = {"schema_version": 2, "roots": [json.loads(_root("/x/a").model_dump_json()),
                                          {**json.loads(_root("/x/b").model_dump_json()), "uri": "file:///nope"}]}
    for _ in range(2):  # the second pass answers from memory
        plain, remembered = parse(json.dumps(raw)), parse(json.dumps(raw))
        assert repair(plain) == repair(remembered, store._uris.__getitem__)
        assert plain == remembered
