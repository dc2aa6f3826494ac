"""Edit → every legacy server has re-listed: the hub in this process beside bare SDK clients.

Both sides talk to the same server script (`tests/servers/bench_relister`), which acknowledges each
re-list with a datagram, so the moment a server has the new list is an event, not a poll. A sample of
the subject is one `hub.edit` of a flag (what the window's check box does), until every server listed the
new list; a sample of the floor is `send_roots_list_changed()` from bare clients until every server
listed theirs.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

from app.core.model import StoreData
from app.core.paths import path_to_uri
from app.mcp.hub import Hub
from tests.benchmarks import fixtures
from tests.benchmarks.harness import PROJECT, Acks, Row, Side, alternate_async, child_env, proc_status, size

CONNECT_WAIT = float(size("connect_wait", 150, 60))


class Scene:
    """A hub with `n` servers and `n` bare clients with servers of their own, all in one temp folder."""

    def __init__(self, tmp: Path, acks: Acks, n: int, *, base_count: int = 3, era: str = fixtures.LEGACY) -> None:
        self.tmp = tmp
        self.acks = acks
        self.names = [f"s{i:02}" for i in range(n)]
        self.floor_names = [f"f{i:02}" for i in range(n)]
        self.base = fixtures.make_folders(tmp / "base", base_count)
        self.extra = str(tmp / "extra")
        Path(self.extra).mkdir(exist_ok=True)
        self.home = tmp / "home"
        self.store = fixtures.write_store(
            self.home, fixtures.roots_for([*self.base, self.extra]),
            [fixtures.relister_entry(name, acks.port, era) for name in self.names],
        )
        self.hub = Hub(self.store, state_dir=self.home / "state")
        self.floor = fixtures.BareClients()
        self.floor_on = True
        self.floor.set_list([path_to_uri(p) for p in [*self.base, self.extra]])
        self.subject_on = True
        self.rtts: list[float] = []
        """The last sample's roots/list round trip as the server measured it."""
        self.writes: list[float] = []
        """Each subject sample's edit until it is on disk (lock, load, edit, durable write)."""
        self._servers_changed = asyncio.Event()
        self.hub.subscribe(lambda event: self._servers_changed.set() if event == "servers" else None)

    def connected(self) -> int:
        return sum(1 for name in self.names
                   if (status := self.hub.server_status(name)) is not None and status.state == "connected")

    async def wait_hub_connected(self, timeout: float) -> float:
        started = time.perf_counter()
        deadline = time.monotonic() + timeout
        while self.connected() < len(self.names):
            self._servers_changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.connected()}/{len(self.names)} connected after {timeout:g} s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._servers_changed.wait(), min(left, 1.0))
        return time.perf_counter() - started

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Scene]:
        mark = self.acks.mark()
        count = len(self.base) + 1
        targets = [fixtures.stdio_params(fixtures.relister_command(name, self.acks.port)) for name in self.floor_names]
        async with self.floor.connected(targets):
            await self.hub.start()
            try:
                await self.wait_hub_connected(CONNECT_WAIT)
                await self.acks.listed(mark, [*self.names, *self.floor_names], count, timeout=CONNECT_WAIT)
                yield self
            finally:
                await self.hub.stop()

    async def floor_sample(self) -> float:
        self.floor_on = not self.floor_on
        uris = [path_to_uri(p) for p in fixtures.toggled(self.base, self.extra, self.floor_on)]
        self.floor.set_list(uris)
        mark = self.acks.mark()
        started = time.perf_counter()
        await self.floor.tell_all()
        done = await self.acks.listed(mark, self.floor_names, len(uris))
        self.rtts.append(self.acks.since(mark)[-1]["rtt"])
        return done - started

    async def subject_sample(self) -> float:
        self.subject_on = not self.subject_on
        on = self.subject_on

        def edit(data: StoreData) -> None:
            data.roots[-1].enabled = on

        mark = self.acks.mark()
        started = time.perf_counter()
        await self.hub.edit(edit, on_loop=True)
        self.writes.append(time.perf_counter() - started)
        done = await self.acks.listed(mark, self.names, len(self.base) + on)
        self.rtts.append(self.acks.since(mark)[-1]["rtt"])
        return done - started


async def edit_rows(acks: Acks) -> list[Row]:
    rows = []
    samples = size("edit_samples", 20, 5)
    for n in (1, 10):
        with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
            scene = Scene(Path(tmp), acks, n)
            async with scene.running():
                floors, subjects = await alternate_async(samples, scene.floor_sample, scene.subject_sample)
            floor = Side(f"{n} bare client(s): list_changed + re-list", floors)
            rows.append(Row(f"edit → {n} legacy server(s) re-listed", "s", Side("Rootkeeper", subjects), floor,
                            note=f"on disk after {1000 * statistics.median(scene.writes):.1f} ms (p50): "
                                 "written once the servers have listed again"))
    return rows


async def burst_row(acks: Acks) -> Row:
    """Many edits back to back with 10 servers: from the last edit until every server has the final list."""
    edits = size("burst_edits", 1000, 100)
    rounds = size("burst_rounds", 1, 1)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        scene = Scene(Path(tmp), acks, 10)
        extras = fixtures.make_folders(Path(tmp) / "burst", edits * rounds)
        floors: list[float] = []
        subjects: list[float] = []
        async with scene.running():
            rss_start = proc_status_self()
            for r in range(rounds):
                batch = extras[r * edits:(r + 1) * edits]
                floors.append(await _floor_burst(scene, batch))
                subjects.append(await _subject_burst(scene, batch))
            rss_end = proc_status_self()
    return Row(f"{edits:,} edits back to back, 10 servers: last edit → all re-listed", "s",
               Side("Rootkeeper", subjects), Side("10 bare clients, told unless awaiting a re-list", floors),
               note=f"bench process RSS {rss_start:.0f} → {rss_end:.0f} MiB over {rounds * edits * 2:,} edits")


def proc_status_self() -> float:
    return proc_status(os.getpid(), "VmRSS") / 1024


async def _floor_burst(scene: Scene, batch: list[str]) -> float:
    """Bare clients told of each edit, but (as the hub does) not again until that server listed."""
    uris = list(scene.floor.uris)
    mark = scene.acks.mark()
    told_at = dict.fromkeys(range(len(scene.floor_names)), -1)

    def waiting(index: int) -> bool:
        name = scene.floor_names[index]
        return told_at[index] >= 0 and not any(e["name"] == name for e in scene.acks.since(told_at[index]))

    for path in [*batch, None]:
        if path is not None:
            uris.append(path_to_uri(path))
            scene.floor.set_list(list(uris))
        due = [index for index in told_at if not waiting(index)]
        for index in due:
            told_at[index] = scene.acks.mark()
        await scene.floor.tell_all([scene.floor.by_target[index] for index in due])
        await asyncio.sleep(0)
    started = time.perf_counter()
    final = len(uris)

    def has_final(index: int) -> bool:
        name = scene.floor_names[index]
        return any(e["name"] == name and e["count"] == final for e in scene.acks.since(mark))

    while not all(has_final(index) for index in told_at):
        # A server that finished listing an older list is told once more.
        due = [index for index in told_at if not waiting(index) and not has_final(index)]
        for index in due:
            told_at[index] = scene.acks.mark()
        await scene.floor.tell_all([scene.floor.by_target[index] for index in due])
        seen = scene.acks.mark()
        await scene.acks.wait(lambda seen=seen: scene.acks.mark() > seen, 120, "a re-list")  # type: ignore[misc]
    return time.perf_counter() - started


async def _subject_burst(scene: Scene, batch: list[str]) -> float:
    from tests.benchmarks.fixtures import roots_for

    mark = scene.acks.mark()
    # The final list's length, known before the burst: a load of the store after it would be timed as the hub's.
    count = len(scene.store.load().roots) + len(batch) - (0 if scene.subject_on else 1)
    for root in roots_for(batch):
        scene.store.update(lambda data, root=root: data.roots.append(root))  # type: ignore[misc]
        scene.hub.reload_now()
        await asyncio.sleep(0)
    started = time.perf_counter()
    return await scene.acks.listed(mark, scene.names, count, timeout=120) - started


async def other_process_row(acks: Acks) -> Row:
    """`rootkeeper roots add` / `remove` in another process: from the CLI's exit until the server re-listed."""
    samples = size("cli_edit_samples", 10, 4)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        scene = Scene(Path(tmp), acks, 1)
        other = Path(tmp) / "other"
        other.mkdir()
        added = False

        async def subject() -> float:
            nonlocal added
            added = not added
            command = [sys.executable, "-m", "app", "roots", "add" if added else "remove", str(other)]
            mark = acks.mark()
            env = child_env(ROOTKEEPER_HOME=str(scene.home))
            process = await asyncio.create_subprocess_exec(
                *command, cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _, err = await process.communicate()
            returned = time.perf_counter()
            if process.returncode != 0:
                raise RuntimeError(f"{' '.join(command[2:])} failed: {err.decode(errors='replace')}")
            return await acks.listed(mark, scene.names, len(scene.base) + 1 + added) - returned

        async with scene.running():
            floors, subjects = await alternate_async(samples, scene.floor_sample, subject)
    return Row("another process's `roots add` → server re-listed (after the CLI returned)", "s",
               Side("Rootkeeper", subjects), Side("bare client: list_changed + re-list", floors),
               note="negative: re-listed before the CLI process had exited")


async def http_row(acks: Acks) -> Row:
    """The same edit row with one server over Streamable HTTP (legacy era), beside a bare HTTP client."""
    from tests.support.servers import accepts_connections, free_port

    samples = size("edit_samples", 20, 5)
    ports = {"s00": free_port(), "f00": free_port()}
    servers = [subprocess.Popen(fixtures.relister_command(name, acks.port, "--http", str(port)), cwd=PROJECT,
                                env=child_env(), stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for name, port in ports.items()]
    try:
        deadline = time.monotonic() + 60
        while not all(accepts_connections(port) for port in ports.values()):
            if time.monotonic() > deadline:
                raise TimeoutError("HTTP bench servers did not start within 60 s")
            await asyncio.sleep(0.05)
        urls = {name: f"http://127.0.0.1:{port}/mcp" for name, port in ports.items()}
        with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
            scene = _HttpScene(Path(tmp), acks, urls)
            async with scene.running_http(urls["f00"]):
                floors, subjects = await alternate_async(samples, scene.floor_sample, scene.subject_sample)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=10)
    return Row("edit → 1 legacy server over Streamable HTTP re-listed", "s", Side("Rootkeeper", subjects),
               Side("bare HTTP client: list_changed + re-list", floors))


class _HttpScene(Scene):
    def __init__(self, tmp: Path, acks: Acks, urls: dict[str, str]) -> None:
        super().__init__(tmp, acks, 0)
        self.names, self.floor_names = ["s00"], ["f00"]

        def servers(data: StoreData) -> None:
            data.servers = [fixtures.http_entry("s00", urls["s00"])]

        self.store.update(servers)

    @contextlib.asynccontextmanager
    async def running_http(self, floor_url: str) -> AsyncIterator[Scene]:
        mark = self.acks.mark()
        async with self.floor.connected([floor_url]):
            await self.hub.start()
            try:
                await self.wait_hub_connected(CONNECT_WAIT)
                await self.acks.listed(mark, ["s00"], len(self.base) + 1, timeout=CONNECT_WAIT)
                # The bare client opens its stream for server requests only after the handshake, so
                # the server's first roots/list may fail; a list_changed makes it list again.
                mark = self.acks.mark()
                await self.floor.tell_all()
                await self.acks.listed(mark, ["f00"], len(self.base) + 1, timeout=CONNECT_WAIT)
                yield self
            finally:
                await self.hub.stop()


async def ten_thousand_hub_rows(acks: Acks) -> list[Row]:
    """At 10,000 roots: the hub's first list, the roots/list round trip and an edit, beside a bare client."""
    count = size("many_roots", 10_000, 2_000)
    firsts = size("first_list_samples", 2, 1)
    samples = size("many_edit_samples", 6, 3)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        scene = Scene(Path(tmp), acks, 1, base_count=count - 1)
        targets = [fixtures.stdio_params(fixtures.relister_command("f00", acks.port))]

        async def floor_first() -> float:
            mark = acks.mark()
            started = time.perf_counter()
            async with scene.floor.connected(targets):
                done = await acks.listed(mark, ["f00"], count, timeout=CONNECT_WAIT)
            return done - started

        async def subject_first() -> float:
            mark = acks.mark()
            started = time.perf_counter()
            scene.hub = Hub(scene.store, state_dir=scene.home / "state")
            await scene.hub.start()
            try:
                done = await acks.listed(mark, ["s00"], count, timeout=CONNECT_WAIT)
            finally:
                await scene.hub.stop()
            return done - started

        first_floor, first_subject = await alternate_async(firsts, floor_first, subject_first)
        scene.hub = Hub(scene.store, state_dir=scene.home / "state")
        async with scene.running():
            scene.rtts = []
            floors, subjects = [], []
            floor_rtts, subject_rtts = [], []
            for _ in range(samples):
                floors.append(await scene.floor_sample())
                floor_rtts.append(scene.rtts[-1])
                subjects.append(await scene.subject_sample())
                subject_rtts.append(scene.rtts[-1])
    return [
        Row(f"{count:,} roots: hub start → first server listed", "s", Side("Rootkeeper", first_subject),
            Side("bare client start → server listed", first_floor)),
        Row(f"`roots/list` round trip with {count:,} roots (measured by the server)", "s",
            Side("Rootkeeper", subject_rtts), Side("bare client answering the same list", floor_rtts)),
        Row(f"{count:,} roots: edit → 1 server re-listed", "s", Side("Rootkeeper", subjects),
            Side("bare client: list_changed + re-list", floors)),
    ]
