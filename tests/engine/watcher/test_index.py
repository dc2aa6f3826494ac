"""The watcher's lookups: what an event, a check result or a fallback round touches, without scanning every root."""

from __future__ import annotations

from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import path_to_uri
from app.core.roots.access import AccessResult, AccessStatus
from app.core.roots.sharing import SharedRootCache, visible_lists
from app.engine.watcher.index import RootIndex


def root(root_id: str, path: str, *, enabled: bool = True) -> Root:
    return Root(id=root_id, name=path.rsplit("/", 1)[-1], entered_path=path, path=path, uri=path_to_uri(path),
                enabled=enabled)


OK = AccessResult(AccessStatus.OK, "fine")
GONE = AccessResult(AccessStatus.MISSING, "gone")


def test_roots_under_a_path_and_in_a_folder() -> None:
    roots = [root("r1", "/data/a"), root("r2", "/data/a/b"), root("r3", "/data/ab"), root("r4", "/other/x")]
    index = RootIndex(roots)
    assert [r.id for r in index.roots_under("/data/a")] == ["r1", "r2"]  # not /data/ab
    assert [r.id for r in index.roots_under("/")] == ["r1", "r2", "r3", "r4"]
    assert sorted(r.id for r in index.roots_in({"/data"})) == ["r1", "r3"]
    assert index.parents == {"/data", "/data/a", "/other"}


def test_failing_follows_checks_and_store_changes() -> None:
    roots = [root("r1", "/a"), root("r2", "/b"), root("r3", "/c", enabled=False)]
    index = RootIndex(roots)
    access = {"r1": OK, "r2": GONE, "r3": GONE}
    index.refresh_failing(access)
    assert index.failing == {"r2"}  # a disabled root is never failing
    access["r2"] = OK
    access["r1"] = GONE
    index.note_results(["r1", "r2"], access)
    assert index.failing == {"r1"}
    assert [r.id for r in index.failing_roots()] == ["r1"]


def test_an_unchanged_list_is_made_of_the_same_objects_and_a_change_only_remakes_what_changed() -> None:
    roots = [root(f"r{n}", f"/d/{n}") for n in range(5)]
    server = ServerEntry(name="s", target=StdioTarget(command="x"), share="all", consent="given")
    data = StoreData(roots=roots, servers=[server])
    access = {r.id: OK for r in roots}
    cache = SharedRootCache()
    first = visible_lists(data, access, cache=cache)["s"]
    again = visible_lists(data.model_copy(deep=True), access, cache=cache)["s"]  # a reload: new Root objects
    assert again == first and all(a is b for a, b in zip(again, first, strict=True))
    data.roots[0].name = "renamed"
    changed = visible_lists(data, access, cache=cache)["s"]
    assert changed[0].name == "renamed" and all(a is b for a, b in zip(changed[1:], first[1:], strict=True))
    assert changed == visible_lists(data, access)["s"]  # the same as computed without a cache
