"""The store file's bytes: written by pydantic-core's encoder, the same bytes `json` with `indent` wrote.

Old files must keep loading and files written now must read the same in older versions, so the
fast encoder is held to the slow one's exact output, and the cases it cannot encode (undecodable
file names) fall back to it.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.model import HttpTarget, Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import path_to_uri
from app.core.store.store import Store, parse, serialize


def _json_module_bytes(data: StoreData) -> bytes:
    return (json.dumps(data.model_dump(mode="json"), indent=2, ensure_ascii=True) + "\n").encode("ascii")


def _store(name: str, extra: object = None) -> StoreData:
    path = "/srv/" + name.replace("/", "_").replace("\x00", "_")
    root = Root(name=name, entered_path=path, path=path, uri=path_to_uri(path))
    stdio = ServerEntry(name="files", target=StdioTarget(command="npx", args=[name, "--x"], env={"K": name}),
                        share=[root.id])
    http = ServerEntry(name="web", target=HttpTarget(url="https://example.test/mcp", headers={"X-Name": name}),
                       share="none", consent="given", path_aliases={path: "/workspace"})
    data = StoreData(roots=[root], servers=[stdio, http], revision=7)
    if extra is not None:
        data.__pydantic_extra__["from_a_newer_version"] = extra  # type: ignore[index]
    return data


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(name=st.text(st.characters(exclude_categories=["Cs"]), min_size=1), extra=JSON_VALUES)
def test_same_bytes_as_the_json_module(name: str, extra: object) -> None:
    data = _store(name, extra)
    assert serialize(data) == _json_module_bytes(data)


def test_floats_in_unknown_fields_read_back_the_same() -> None:
    data = _store("x", {"ratio": 1e-05, "big": 1e16, "plain": 0.5})
    assert json.loads(serialize(data)) == json.loads(_json_module_bytes(data))


def test_an_undecodable_file_name_is_written_as_an_escape_and_reads_back(tmp_path: Path) -> None:
    name = "caf\udce9"  # what a non-UTF-8 file name decodes to (surrogate escape)
    data = _store(name)
    written = serialize(data)
    assert written == _json_module_bytes(data) and b"\\udce9" in written
    store = Store(tmp_path)
    store.update(lambda d: d.roots.extend(data.roots))
    assert [root.name for root in store.load().roots] == [name]


def test_a_file_written_by_the_json_module_loads_the_same() -> None:
    data = _store("Ünïcode 😀 \"quoted\" \\ \x1b")
    assert parse(_json_module_bytes(data).decode("ascii")) == data
