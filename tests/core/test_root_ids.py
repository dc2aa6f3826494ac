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
