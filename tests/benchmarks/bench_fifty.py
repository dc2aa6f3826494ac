"""Fifty stdio servers: how long until all are connected, how many processes that took, and an edit to all.

The hub runs with its defaults (era `auto`, a fresh store each round, so nothing learnt in one round
helps the next); the floor is 50 bare SDK clients started at once, each retrying 1 s after a failed
attempt. Both start the same server program, and each side starts alone: floor and subject rounds
alternate (f, s, f, s), each side's servers stopped before the other's start. Spawns are counted from
the servers' own "spawned" datagrams, sent before the SDK loads (a process stopped while still
loading counts too). The edit row then runs with the last round's hub and a floor connected beside it.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from tests.benchmarks import fixtures
from tests.benchmarks.bench_edits import CONNECT_WAIT, Scene
from tests.benchmarks.harness import Acks, Row, Side, alternate_async, size

SERVERS = 50


def _spawns(acks: Acks, mark: int, names: list[str]) -> int:
    wanted = set(names)
    return sum(1 for event in acks.since(mark, "spawned") if event["name"] in wanted)


async def _floor_round(scene: Scene, targets: list[Any]) -> tuple[float, float]:
    """Seconds until all bare clients are connected, and spawns per server."""
    mark = scene.acks.mark()
    began = time.perf_counter()
    async with scene.floor.connected(targets):
        took = time.perf_counter() - began
    return took, _spawns(scene.acks, mark, scene.floor_names) / len(targets)


async def _hub_round(scene: Scene) -> tuple[float | None, float]:
    """Seconds from `hub.start()` until all are connected (None: not within CONNECT_WAIT), spawns per server.

    The hub is left running; the caller stops it.
    """
    mark = scene.acks.mark()
    began = time.perf_counter()
    await scene.hub.start()
    try:
        await scene.wait_hub_connected(CONNECT_WAIT)
    except TimeoutError:
        return None, _spawns(scene.acks, mark, scene.names) / len(scene.names)
    took = time.perf_counter() - began
    spawns = _spawns(scene.acks, mark, scene.names) / len(scene.names)
    await scene.acks.listed(mark, scene.names, len(scene.base) + 1, timeout=CONNECT_WAIT)  # ready for edits
    return took, spawns


async def fifty_rows(acks: Acks) -> list[Row]:
    n = size("fifty_servers", SERVERS, 20)
    rounds = size("fifty_rounds", 2, 1)
    samples = size("edit_samples", 20, 5)
    label = f"{n} bare clients at once, retry after 1 s"
    floor_times: list[float] = []
    floor_spawns: list[float] = []
    hub_times: list[float] = []
    hub_spawns: list[float] = []
    missed = ""
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        for index in range(rounds):
            scene = Scene(Path(tmp) / f"round{index}", acks, n, era="auto")
            targets = [fixtures.stdio_params(fixtures.relister_command(name, acks.port)) for name in scene.floor_names]
            took, spawns = await _floor_round(scene, targets)
            floor_times.append(took)
            floor_spawns.append(spawns)
            took_hub, spawns = await _hub_round(scene)
            hub_spawns.append(spawns)
            last = index == rounds - 1
            try:
                if took_hub is None:
                    missed = (f"{scene.connected()}/{n} connected after {CONNECT_WAIT:g} s, "
                              f"{spawns:.2f} spawns per server")
                    break
                hub_times.append(took_hub)
                if last:
                    edits = await _edit_samples(scene, targets, samples)
            finally:
                await scene.hub.stop()
    spawn_row = Row(f"{n} stdio servers: spawns per server", "count", Side("Rootkeeper", hub_spawns),
                    Side(label, floor_spawns), note=f"after {CONNECT_WAIT:g} s, not all connected" if missed else "")
    if missed:
        return [
            Row(f"{n} stdio servers: all connected", "s", Side("Rootkeeper"), Side(label, floor_times),
                unavailable=missed),
            spawn_row,
            Row(f"edit → {n} legacy servers re-listed", "s", Side("Rootkeeper"),
                Side(f"{n} bare clients: list_changed + re-list"), unavailable=missed),
        ]
    floors, subjects = edits
    return [
        Row(f"{n} stdio servers: all connected (hub defaults)", "s", Side("Rootkeeper", hub_times),
            Side(label, floor_times)),
        spawn_row,
        Row(f"edit → {n} legacy servers re-listed", "s", Side("Rootkeeper", subjects),
            Side(f"{n} bare clients: list_changed + re-list", floors)),
    ]


async def _edit_samples(scene: Scene, targets: list[Any], samples: int) -> tuple[list[float], list[float]]:
    """The edit row: the running hub's servers and a floor connected beside them, samples alternating."""
    mark = scene.acks.mark()
    async with scene.floor.connected(targets):
        await scene.acks.listed(mark, scene.floor_names, len(scene.base) + 1, timeout=CONNECT_WAIT)
        return await alternate_async(samples, scene.floor_sample, scene.subject_sample)
