"""Fifty stdio servers: how long until all are connected, how many processes that took, and an edit to all.

The hub runs with its defaults (era `auto`); the floor is 50 bare SDK clients started at once, each
retrying 1 s after a failed attempt. Spawns are counted from the servers' own "spawned" datagrams.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from tests.benchmarks import fixtures
from tests.benchmarks.bench_edits import CONNECT_WAIT, Scene
from tests.benchmarks.harness import Acks, Row, Side, alternate_async, size

SERVERS = 50


def _spawns(acks: Acks, mark: int, names: list[str]) -> int:
    wanted = set(names)
    return sum(1 for event in acks.since(mark, "spawned") if event["name"] in wanted)


async def fifty_rows(acks: Acks) -> list[Row]:
    n = size("fifty_servers", SERVERS, 20)
    samples = size("edit_samples", 20, 5)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        scene = Scene(Path(tmp), acks, n, era="auto")
        targets = [fixtures.stdio_params(fixtures.relister_command(name, acks.port)) for name in scene.floor_names]
        mark = acks.mark()
        began = time.perf_counter()
        async with scene.floor.connected(targets):
            floor_time = time.perf_counter() - began
            floor_spawns = _spawns(acks, mark, scene.floor_names)
            mark = acks.mark()
            began = time.perf_counter()
            await scene.hub.start()
            try:
                try:
                    await scene.wait_hub_connected(CONNECT_WAIT)
                except TimeoutError:
                    spawned = _spawns(acks, mark, scene.names)
                    reason = (f"{scene.connected()}/{n} connected after {CONNECT_WAIT:g} s, "
                              f"{spawned / n:.2f} spawns per server")
                    return [
                        Row(f"{n} stdio servers: all connected", "s", Side("Rootkeeper"),
                            Side(f"{n} bare clients at once, retry after 1 s", [floor_time]), unavailable=reason),
                        Row(f"{n} stdio servers: spawns per server", "count", Side("Rootkeeper", [spawned / n]),
                            Side(f"{n} bare clients at once, retry after 1 s", [floor_spawns / n]),
                            note=f"after {CONNECT_WAIT:g} s, not all connected"),
                        Row(f"edit → {n} legacy servers re-listed", "s", Side("Rootkeeper"),
                            Side(f"{n} bare clients: list_changed + re-list"), unavailable=reason),
                    ]
                hub_time = time.perf_counter() - began
                hub_spawns = _spawns(acks, mark, scene.names)
                await acks.listed(mark, scene.names, len(scene.base) + 1, timeout=CONNECT_WAIT)
                floors, subjects = await alternate_async(samples, scene.floor_sample, scene.subject_sample)
            finally:
                await scene.hub.stop()
    label = f"{n} bare clients at once, retry after 1 s"
    return [
        Row(f"{n} stdio servers: all connected (hub defaults)", "s", Side("Rootkeeper", [hub_time]),
            Side(label, [floor_time])),
        Row(f"{n} stdio servers: spawns per server", "count", Side("Rootkeeper", [hub_spawns / n]),
            Side(label, [floor_spawns / n])),
        Row(f"edit → {n} legacy servers re-listed", "s", Side("Rootkeeper", subjects),
            Side(f"{n} bare clients: list_changed + re-list", floors)),
    ]
