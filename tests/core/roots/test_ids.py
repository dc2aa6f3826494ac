"""Root ids key access results, sharing subsets and lookups: two roots must never share one."""

from __future__ import annotations

from app.core.model import Root, new_root_id

MANY = 200_000


def test_two_hundred_thousand_generated_ids_are_all_different() -> None:
    ids = [new_root_id() for _ in range(MANY)]
    assert len(set(ids)) == MANY, f"{MANY - len(set(ids))} duplicate id(s) among {MANY:,}"


def test_two_hundred_thousand_new_roots_get_different_ids() -> None:
    roots = [Root(name="f", entered_path=f"/srv/f{i}", path=f"/srv/f{i}", uri=f"file:///srv/f{i}")
             for i in range(MANY)]
    distinct = {root.id for root in roots}
    assert len(distinct) == MANY, f"{MANY - len(distinct)} duplicate id(s) among {MANY:,} roots"


def test_an_added_root_never_takes_an_id_the_store_already_holds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.core.edits import roots as edit_roots
    from app.core.model import StoreData

    folder = tmp_path / "shared"
    folder.mkdir()
    data = StoreData()
    # Ids written by other processes: make the next generated id one the store already holds.
    from app.core.roots import ids as root_ids

    upcoming = f"r{root_ids._ID_PREFIX}{next(root_ids._ID_COUNTER) + 1:x}"
    data.roots.append(Root(id=upcoming, name="x", entered_path="/x", path="/x", uri="file:///x"))
    (added,) = edit_roots.add_roots(data, [str(folder)]).roots
    assert added.id != upcoming and len({root.id for root in data.roots}) == 2
