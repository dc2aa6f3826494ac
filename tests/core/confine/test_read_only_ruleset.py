"""One rule splits a confined server's folders into read-write and read-only (`granted_folders`), and the command
it is started with (`started_entry`) gives the launcher `--ro` for the read-only ones: real folders, no server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core.confine.launch import Plan
from app.core.confine.wrap import launcher_argv
from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import path_to_uri
from app.core.roots.access import AccessResult, AccessStatus
from app.core.roots.sharing import Granted, granted_folders
from app.core.servers.starting import started_entry

OK = AccessResult(AccessStatus.OK, "fine")


def root(folder: Path, *, read_only: bool = False) -> Root:
    folder.mkdir(parents=True, exist_ok=True)
    path = str(folder.resolve())
    return Root(name=folder.name, entered_path=path, path=path, uri=path_to_uri(path), read_only=read_only)


def confined(**fields: object) -> ServerEntry:
    target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.confined_probe"])
    return ServerEntry(name="probe", target=target, consent="given", confined=True, **fields)  # type: ignore[arg-type]


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[StoreData, dict[str, AccessResult]]:
    monkeypatch.setenv("ROOTKEEPER_HOME", str(tmp_path / "rk-home"))
    data = StoreData(roots=[root(tmp_path / "work"), root(tmp_path / "docs", read_only=True)])
    return data, {item.id: OK for item in data.roots}


def launched(data: StoreData, statuses: dict[str, AccessResult], entry: ServerEntry) -> Plan:
    started, _folders = started_entry(data, statuses, entry)
    assert isinstance(started.target, StdioTarget)
    argv = launcher_argv(started.target.command, started.target.args)
    assert argv is not None
    return Plan(argv)


def test_a_read_only_root_is_given_to_read_only(world: tuple[StoreData, dict[str, AccessResult]]) -> None:
    data, statuses = world
    work, docs = (item.path for item in data.roots)
    assert granted_folders(data, statuses, confined()) == Granted([work, docs], [docs])
    plan = launched(data, statuses, confined())
    assert (plan.paths["--rw"], plan.paths["--ro"]) == ([work], [docs])
    assert plan.needed_abi == 3


def test_turning_it_off_changes_the_started_command(world: tuple[StoreData, dict[str, AccessResult]]) -> None:
    data, statuses = world
    before = started_entry(data, statuses, confined())[0].target
    data.roots[1].read_only = False
    after = started_entry(data, statuses, confined())[0].target
    assert before != after  # the hub's connection key and the bridge's restart condition both see it
    plan = launched(data, statuses, confined())
    assert (plan.paths["--rw"], plan.paths["--ro"]) == ([item.path for item in data.roots], [])
    assert plan.needed_abi == 1


def test_only_the_folders_it_is_given_and_nothing_while_paused(
    world: tuple[StoreData, dict[str, AccessResult]]
) -> None:
    data, statuses = world
    work, docs = (item.path for item in data.roots)
    assert granted_folders(data, statuses, confined(share=[data.roots[0].id])) == Granted([work], [])
    statuses[data.roots[0].id] = AccessResult(AccessStatus.MISSING, "gone")
    assert granted_folders(data, statuses, confined()) == Granted([docs], [docs])
    data.paused = True
    assert granted_folders(data, statuses, confined()) == Granted([], [])


def test_its_own_kept_folder_that_is_also_a_read_only_root_stays_read_only(
    world: tuple[StoreData, dict[str, AccessResult]]
) -> None:
    data, statuses = world
    work, docs = (item.path for item in data.roots)
    plan = launched(data, statuses, confined(kept_folders=[docs]))
    assert (plan.paths["--rw"], plan.paths["--ro"]) == ([work], [docs])
