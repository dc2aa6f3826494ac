"""Edits applied by what they changed: the watcher's lists stay exactly what computing them afresh gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.roots.sharing import visible_lists
from app.core.store.store import Store
from tests.support.store import add_roots
from tests.support.waiting import eventually
from tests.support.watcher import make_watcher, started

pytestmark = pytest.mark.timeout(90)


def _afresh(home: Store, watcher) -> dict[str, list[tuple[str, str]]]:  # type: ignore[no-untyped-def]
    return {name: list(shown) for name, shown in visible_lists(Store(home.home).load(), watcher.access).items()}


def _set_enabled(index: int, on: bool):  # type: ignore[no-untyped-def]
    def edit(data: StoreData) -> None:
        data.roots[index].enabled = on

    return edit


async def test_flag_edits_in_this_process_and_another_follow_the_rule_and_keep_untouched_roots(
    store: Store, folders: dict[str, Path], tmp_path: Path
) -> None:
    extra = [tmp_path / "data" / f"more{n}" for n in range(3)]
    for folder in extra:
        folder.mkdir()
    add_roots(store, folders["alpha"], folders["beta"], *extra)
    watcher = make_watcher(store)
    other = Store(store.home)  # another process's view: it never shares memory with this one
    async with started(watcher) as seen:
        for writer, index, on in [(store, 1, False), (other, 3, False), (store, 1, True), (other, 0, False)]:
            before = list(watcher.data.roots)
            writer.update(_set_enabled(index, on))
            watcher.reload_now()
            await eventually(lambda before=before: watcher.data.roots != before, what="the edit to apply")
            assert {name: list(watcher.visible(name)) for name in ("all", "none")} == _afresh(store, watcher)
            untouched = [n for n in range(len(before)) if n != index]
            assert all(watcher.data.roots[n] is before[n] for n in untouched), "an untouched root was replaced"
        assert len(seen.uris()) == 3


async def test_disabling_a_failing_root_in_place_takes_it_off_the_failing_list(
    store: Store, folders: dict[str, Path]
) -> None:
    add_roots(store, folders["alpha"], folders["beta"])
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        shutil.rmtree(folders["beta"])
        await eventually(lambda: len(seen.uris()) == 1, what="the removed folder to leave the list")
        beta = watcher.data.roots[1].id
        assert beta in watcher._roots.failing
        store.update(_set_enabled(1, False))
        watcher.reload_now()
        await eventually(lambda: not watcher.data.roots[1].enabled, what="the edit to apply")
        assert beta not in watcher._roots.failing
        store.update(_set_enabled(1, True))
        watcher.reload_now()
        await eventually(lambda: watcher.data.roots[1].enabled, what="the edit to apply")
        assert beta in watcher._roots.failing


async def test_an_edit_in_place_that_fails_midway_is_applied_whole_by_the_next(
    store: Store, folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    add_roots(store, folders["alpha"], folders["beta"])
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        real = watcher._apply_edited
        calls = {"n": 0}

        def once_broken(data: StoreData, edited: list) -> None:  # type: ignore[type-arg]
            calls["n"] += 1
            if calls["n"] == 1:
                raise RuntimeError("apply bug")
            real(data, edited)

        monkeypatch.setattr(watcher, "_apply_edited", once_broken)
        store.update(_set_enabled(0, False))
        watcher.reload_now()
        await eventually(lambda: calls["n"] == 1, what="the broken apply")
        store.update(_set_enabled(1, False))
        watcher.reload_now()
        await eventually(lambda: seen.uris() == [], what="both edits to be applied")
        assert calls["n"] == 1  # the second went the whole way: the first had not finished
