"""Cycle collection held off while a whole store is loaded: holds nest and overlap, and end as they found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from app.core.system.collection_hold import collections_held, held


@pytest.fixture(autouse=True)
def _collection_as_it_was() -> Iterator[None]:
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_a_hold_on_collection_leaves_it_as_it_was() -> None:
    gc.enable()
    with collections_held():
        assert not gc.isenabled() and held()
        with collections_held():  # a second hold inside (a round within a load) ends as the first found it
            assert not gc.isenabled()
        assert not gc.isenabled() and held()
    assert gc.isenabled() and not held()
    gc.disable()  # as the GUI keeps it: its own timer collects
    with collections_held():
        assert not gc.isenabled()
    assert not gc.isenabled()
    gc.enable()
    with pytest.raises(RuntimeError), collections_held():
        raise RuntimeError("a load that failed")
    assert gc.isenabled() and not held()


def test_overlapping_holds_resume_collection_only_when_the_last_ends() -> None:
    """A reload's hold begun during the first round's, and ended after it (the two coroutines interleave)."""
    gc.enable()
    first, reload = collections_held(), collections_held()
    first.__enter__()
    reload.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled() and held()  # the reload is still making a whole store's worth of objects
    reload.__exit__(None, None, None)
    assert gc.isenabled() and not held()
