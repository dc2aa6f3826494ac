"""The roots watcher: a shared folder swapped for a symbolic link leaves every list on the event (issue 10, #2).

Every fallback interval is hours, so what the test sees came from an inotify event, not a poll.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.core.roots.access import AccessStatus
from app.core.store.store import Store
from tests.support.store import add_roots
from tests.support.waiting import eventually
from tests.support.watcher import make_watcher, started

pytestmark = [pytest.mark.timeout(90), pytest.mark.usefixtures("stores_at_end")]


def _swap_for_link(folder: Path, target: Path) -> None:
    folder.rename(folder.with_name(folder.name + "-away"))
    folder.symlink_to(target, target_is_directory=True)


@pytest.mark.parametrize("target", ["/", "alpha"])
async def test_a_folder_swapped_for_a_symlink_is_moved_and_leaves_every_list(
    store: Store, folders: dict[str, Path], target: str
) -> None:
    add_roots(store, folders["alpha"], folders["beta"])
    both = [folders["alpha"].as_uri(), folders["beta"].as_uri()]
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        assert seen.uris() == both
        destination = Path("/") if target == "/" else folders["alpha"]
        await asyncio.to_thread(_swap_for_link, folders["beta"], destination)
        await eventually(lambda: seen.uris() == [folders["alpha"].as_uri()], what="beta to leave")
        beta_id = watcher.data.roots[1].id
        assert watcher.access[beta_id].status is AccessStatus.MOVED
        assert watcher.visible("none") == []
        # Put back as it was: the same target again, so it returns.
        await asyncio.to_thread(folders["beta"].unlink)
        await asyncio.to_thread(folders["beta"].with_name("beta-away").rename, folders["beta"])
        await eventually(lambda: seen.uris() == both, what="beta to return")


async def test_a_swapped_parent_is_moved_and_leaves_every_list(store: Store, tmp_path: Path) -> None:
    """`work/project` keeps its name, but `work` is swapped for a link to a folder holding another `project`."""
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    (work / "project").mkdir(parents=True)
    (elsewhere / "project").mkdir(parents=True)
    add_roots(store, work / "project")
    watcher = make_watcher(store)
    async with started(watcher) as seen:
        assert seen.uris() == [(work / "project").as_uri()]
        await asyncio.to_thread(_swap_for_link, work, elsewhere)
        await eventually(lambda: seen.uris() == [], what="project to leave")
        assert watcher.access[watcher.data.roots[0].id].status is AccessStatus.MOVED
