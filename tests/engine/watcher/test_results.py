"""A round of many access results is taken in slices, the event loop getting turns in between."""

from __future__ import annotations

import asyncio
import gc
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.policy import NO_POLICY, Policy
from app.core.roots.access import AccessChecker, AccessResult, AccessStatus, CheckItem, CheckRound, check_now
from app.core.roots.sharing import SharedRootCache, visible_lists
from app.core.store.store import Store
from app.engine.watcher.results import RESULTS_PER_TURN, WARM_ON_THREAD, warm_shared, warmed_lists
from tests.benchmarks.fixtures import make_folders, roots_for
from tests.support.cli import edit_by_cli
from tests.support.servers import python_server
from tests.support.waiting import eventually
from tests.support.watcher import make_watcher, started

pytestmark = pytest.mark.timeout(90)


class Turns:
    """Runs `look` on every turn of the loop (a callback that schedules itself again with call_soon)."""

    def __init__(self, look: object) -> None:
        self.look = look
        self.count = 0
        self._stopped = False

    def start(self) -> None:
        asyncio.get_running_loop().call_soon(self._turn)

    def stop(self) -> None:
        self._stopped = True

    def _turn(self) -> None:
        if self._stopped:
            return
        self.count += 1
        self.look()  # type: ignore[operator]
        asyncio.get_running_loop().call_soon(self._turn)


async def test_a_round_of_many_results_takes_several_turns_and_is_published_once(tmp_path: Path) -> None:
    count = 2 * RESULTS_PER_TURN + RESULTS_PER_TURN // 2  # three slices
    store = many_roots_store(tmp_path, count)
    roots = store.load().roots
    watcher = make_watcher(store)
    async with started(watcher) as recorder:
        assert len(watcher.visible("all")) == count
        before = dict(watcher.access)
        first, last = roots[0].id, roots[-1].id
        taken_seen: list[tuple[bool, bool]] = []
        taken_when_published: list[int] = []

        def taken() -> int:
            return sum(1 for rid, result in watcher.access.items() if result is not before[rid])

        def look() -> None:  # cheap: a turn that scanned every root would starve the checking threads
            access = watcher.access
            taken_seen.append((access[first] is not before[first], access[last] is not before[last]))

        turns = Turns(look)
        watcher.subscribe(lambda event: taken_when_published.append(taken()) if event.kind == "access" else None)
        turns.start()
        watcher.recheck_now()
        await eventually(lambda: taken_when_published, what="the second round published")
        turns.stop()
        # The loop had turns while the round was taken in: one saw the first root's result taken, the last's not.
        assert (True, False) in taken_seen, sorted(set(taken_seen))
        # ...and the round was published once, after its last result was taken.
        assert taken_when_published == [count]
        assert len(watcher.visible("all")) == count
        assert [event.kind for event in recorder.events].count("access") == 1


class SliceRecorder(AccessChecker):
    """The real checker, noting for each slice a round is queued in its size and whether the loop's thread queued it."""

    def __init__(self) -> None:
        super().__init__()
        self.slices: list[tuple[bool, int]] = []

    def round(self) -> CheckRound:
        checks = super().round()
        queue = checks.add

        def add(items: Iterable[CheckItem | tuple[str, str, bool]]) -> None:
            items = list(items)
            self.slices.append((threading.current_thread() is threading.main_thread(), len(items)))
            queue(items)

        checks.add = add  # type: ignore[method-assign]
        return checks


async def test_a_round_of_many_checks_is_queued_on_the_loop_a_slice_per_turn(tmp_path: Path) -> None:
    # Queued on a thread, the round's Python work would hold the interpreter against the loop's own turns.
    count = 2 * RESULTS_PER_TURN + RESULTS_PER_TURN // 2
    checker = SliceRecorder()
    watcher = make_watcher(many_roots_store(tmp_path, count), checker=checker)
    async with started(watcher):
        checker.slices.clear()
        queued_by_turn: list[int] = []
        turns = Turns(lambda: queued_by_turn.append(len(checker.slices)))
        published: list[str] = []
        watcher.subscribe(lambda event: published.append(event.kind))
        turns.start()
        watcher.recheck_now()
        await eventually(lambda: "access" in published, what="the second round published")
        turns.stop()
    assert checker.slices == [(True, RESULTS_PER_TURN), (True, RESULTS_PER_TURN), (True, RESULTS_PER_TURN // 2)]
    assert {1, 2} <= set(queued_by_turn), sorted(set(queued_by_turn))  # the loop had turns between the slices


async def test_a_large_store_is_frozen_out_of_full_collections_once(tmp_path: Path) -> None:
    count = WARM_ON_THREAD
    roots = roots_for(make_folders(tmp_path / "many", count))
    store = Store(tmp_path / "home")

    def fill(data: StoreData) -> None:
        data.roots = list(roots)

    store.update(fill)
    gc.unfreeze()  # as a fresh process: nothing frozen yet
    watcher = make_watcher(store)
    async with started(watcher):
        # The roots held (and everything else alive) are no longer walked by a full collection.
        assert gc.get_freeze_count() > 0
        frozen = gc.get_freeze_count()
    async with started(make_watcher(store)):
        assert gc.get_freeze_count() <= frozen  # once per process (freed objects leave the count)


class Collections:
    """Each automatic collection's generation, and whether the watcher's first round was over by then."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, bool]] = []

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":  # the first round ends with the roots frozen out of later collections
            self.seen.append((info["generation"], gc.get_freeze_count() > 0))

    def __enter__(self) -> Collections:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self)


def many_roots_store(tmp_path: Path, count: int = WARM_ON_THREAD) -> Store:
    """A store of `count` folders, all shared with one legacy server."""
    roots = roots_for(make_folders(tmp_path / "many", count))
    store = Store(tmp_path / "home")

    def fill(data: StoreData) -> None:
        data.roots = list(roots)
        data.servers.append(python_server("all", "legacy_recorder"))

    store.update(fill)
    return store


async def test_no_collection_walks_the_first_round_of_a_large_store(tmp_path: Path) -> None:
    store = many_roots_store(tmp_path)
    was = gc.isenabled()
    gc.enable()
    gc.unfreeze()  # as a fresh process: nothing frozen yet
    try:
        watcher = make_watcher(store)
        with Collections() as collections:
            async with started(watcher):
                assert len(watcher.visible("all")) == WARM_ON_THREAD  # loaded, checked and listed
                assert gc.isenabled()  # collection is back once the round is over
        assert [seen for seen in collections.seen if not seen[1]] == []
    finally:
        (gc.enable if was else gc.disable)()


async def test_a_large_store_read_again_is_read_with_collection_held_and_restored(tmp_path: Path) -> None:
    store = many_roots_store(tmp_path)
    was = gc.isenabled()
    gc.enable()
    try:
        watcher = make_watcher(store)
        async with started(watcher) as recorder:
            held_while_reading: list[bool] = []
            read = watcher._read_store

            def reading() -> StoreData:
                held_while_reading.append(gc.isenabled())
                return read()

            watcher._read_store = reading  # type: ignore[method-assign]
            await asyncio.to_thread(
                edit_by_cli, store.home, "roots", "disable", str(tmp_path / "many" / "d000" / "f000000"))
            await eventually(lambda: any(event.kind == "store" for event in recorder.events), what="the edit seen")
            assert held_while_reading and not any(held_while_reading)
            assert len(watcher.visible("all")) == WARM_ON_THREAD - 1
            assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


async def test_the_first_lists_made_on_a_thread_are_used_only_for_the_state_they_were_made_from(tmp_path: Path) -> None:
    store = many_roots_store(tmp_path)
    data = store.load()
    access = {root.id: check_now(root.path) for root in data.roots}
    cache = SharedRootCache()
    warmed = await warm_shared(cache, data, access, NO_POLICY)
    assert warmed is not None
    lists = warmed_lists(warmed, data, access, NO_POLICY)
    assert lists is not None and lists == visible_lists(data, access, policy=NO_POLICY)
    assert len(lists["all"]) == WARM_ON_THREAD
    # A result that came in meanwhile, another store, another policy: the loop makes the lists again.
    gone = dict(access, **{data.roots[0].id: AccessResult(AccessStatus.MISSING, "gone")})
    assert warmed_lists(warmed, data, gone, NO_POLICY) is None
    assert warmed_lists(warmed, data, dict(access), NO_POLICY) is lists  # equal results, read anew: still these
    assert warmed_lists(warmed, store.load(), access, NO_POLICY) is None
    assert warmed_lists(warmed, data, access, Policy(source="a test's policy", deny_folders=(str(tmp_path),))) is None
    assert warmed_lists(None, data, access, NO_POLICY) is None
