"""Every kind of hostile server at once, in one hub, beside 20 healthy ones (issue 10): each healthy server keeps
receiving every change, and the hub neither crashes nor stalls nor leaves a process behind.

The hostile kinds are every behaviour of `tests/servers/hostile.py` and `tests/servers/hygiene_server.py`, and the
chatty `tests/servers/stderr_flood.py`; the SDK-based ones run over stdio and over HTTP (127.0.0.1 only). The
healthy ones are legacy-era recorders over stdio and HTTP, and a modern-era server over HTTP, which is asked for
the roots it gets after each change.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from pathlib import Path

import pytest

from app.core.model import StoreData
from app.core.store.store import STORE_FILE, Store, StoreError, parse
from app.core.system import logsetup
from app.mcp.errors import ServerUnavailableError, ToolCallError
from app.mcp.hub import Hub
from tests.faults.store_guard import StoreGuard
from tests.support.processes import gone, processes_mentioning
from tests.support.recordings import recorded
from tests.support.servers import HttpServers, HttpServersFactory, http_entry, python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(600)

HEALTHY_STDIO = 18  # and two over HTTP: 20 healthy servers in all
HOURS = 3 * 3600.0
WAIT = 240.0
HOSTILE = {
    "crashes-in-a-loop": ("hostile", "exit-at-start"),
    "hangs-on-initialize": ("hostile", "silent"),
    "garbage-output": ("hostile", "not-json"),
    "dies-after-roots": ("hostile", "die-after-roots"),
    "dies-on-discover": ("hostile", "discover-crash"),
    "dies-on-call": ("hostile", "die-on-call"),
    "huge-roots-requests": ("hostile", "flood"),
    "never-reads": ("hostile", "flood-no-read"),
    "endless-line": ("hygiene_server", "endless-line"),
    "garbage-prose": ("hygiene_server", "garbage"),
}
HTTP_HOSTILE = {
    "http-401": ("hostile", ["http-status", "--status", "401"]),
    "http-500": ("hostile", ["http-status", "--status", "500"]),
    "http-dies-after-roots": ("hostile", ["die-after-roots"]),
    "http-dies-on-call": ("hostile", ["die-on-call"]),
    "http-huge-roots-requests": ("hostile", ["flood"]),
}
CHATTY_BYTES = 2_000_000  # a legacy recorder that first floods its stderr: it must see every change too


async def test_twenty_healthy_servers_each_see_every_change_beside_every_hostile_one(
    tmp_path: Path, store_guard: StoreGuard, *, http_servers: HttpServersFactory
) -> None:
    folders = []
    for name in ("alpha", "beta", "gamma"):
        (tmp_path / "data" / name).mkdir(parents=True)
        folders.append(tmp_path / "data" / name)
    alpha, beta, gamma = folders
    home = tmp_path / "home"
    store = Store(home)
    (alpha_id,) = add_roots(store, alpha)
    records = [tmp_path / f"healthy-{n}.jsonl" for n in range(HEALTHY_STDIO)]
    http_record, chatty_record = tmp_path / "healthy-http.jsonl", tmp_path / "chatty.jsonl"
    pid_file = tmp_path / "grandchild.pid"
    mark = f"crowd-{uuid.uuid4().hex}"  # in every stdio server's environment, so in its children's too
    specs = dict(HTTP_HOSTILE)
    specs |= {"healthy-http": ("legacy_recorder", ["--record", str(http_record)]), "modern": ("roots_tool", [])}

    with http_servers(tmp_path / "http", specs) as http:
        def servers(data: StoreData) -> None:
            data.servers += [python_server(f"healthy-{n}", "legacy_recorder", "--record", str(record), mark=mark)
                             for n, record in enumerate(records)]
            data.servers += [python_server(name, module, behaviour, mark=mark)
                             for name, (module, behaviour) in HOSTILE.items()]
            data.servers += [python_server("spawns-a-grandchild", "hygiene_server", "grandchild", str(pid_file),
                                           mark=mark),
                             python_server("chatty-stderr", "stderr_flood", "--flood", str(CHATTY_BYTES),
                                           "--record", str(chatty_record), mark=mark)]
            data.servers += [http_entry(name, http[name].url, share="all") for name in specs]

        store.update(servers)
        store_guard.watch(home, unchanged=False)
        names = [server.name for server in store.load().servers]
        hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
        crashes = await _run_the_crowd(hub, store, http, records=[*records, http_record, chatty_record],
                                       pid_file=pid_file, roots=(alpha_id, alpha, beta, gamma))
        await eventually(lambda: processes_mentioning(mark, os.getpid()) == [], timeout=WAIT,
                         what="every server the hub started, and their children, to end")
    assert crashes == [], "the hub reported an uncaught exception"
    _count_what_the_store_lost(home, store_guard, names, gamma)


async def _run_the_crowd(hub: Hub, store: Store, http: HttpServers, *, records: list[Path], pid_file: Path,
                         roots: tuple[str, Path, Path, Path]) -> list[str]:
    alpha_id, alpha, beta, gamma = roots
    crashes: list[str] = []
    grandchild = 0
    logsetup.add_crash_listener(crashes.append)
    await hub.start()
    try:
        async def everyone_sees(expected: list[Path], what: str) -> None:
            uris = [path.as_uri() for path in expected]
            await eventually(lambda: all(recorded(r) and recorded(r)[-1] == uris for r in records),
                             timeout=WAIT, what=f"every healthy legacy server to see {what}")
            await _modern_sees(hub, uris, what)

        await everyone_sees([alpha], "the first list")
        await _crash_on_call(hub, "dies-on-call")
        await _crash_on_call(hub, "http-dies-on-call")
        beta_id, gamma_id = add_roots(store, beta, gamma)
        await everyone_sees([alpha, beta, gamma], "beta and gamma added")

        def disable_alpha(data: StoreData) -> None:
            data.root_by_id(alpha_id).enabled = False  # type: ignore[union-attr]

        store.update(disable_alpha)
        await everyone_sees([beta, gamma], "alpha disabled")
        store.update(lambda data: data.roots.remove(data.root_by_id(beta_id)))  # type: ignore[arg-type]
        await everyone_sees([gamma], "beta removed")
        store.update(lambda data: setattr(data, "paused", True))
        await everyone_sees([], "the pause")
        store.update(lambda data: setattr(data, "paused", False))
        await everyone_sees([gamma], "the resume")
        assert gamma_id
        assert pid_file.exists(), "the grandchild-spawning server never started"
        grandchild = int(pid_file.read_text())
        assert not gone(grandchild)
        assert all(http[name].process.poll() is None for name in ("healthy-http", "modern"))
    finally:
        await hub.stop()
        logsetup.remove_crash_listener(crashes.append)
    await eventually(lambda: grandchild == 0 or gone(grandchild), timeout=WAIT,
                     what=f"the server's grandchild {grandchild} to end")
    return crashes


async def _modern_sees(hub: Hub, uris: list[str], what: str) -> None:
    """Ask the modern-era server for the roots it gets, until they are `uris` (it asks on each call)."""
    connection = hub.connection("modern")
    assert connection is not None
    status = await connection.wait_connected(WAIT)
    assert status.era == "modern", status
    seen: list[list[str]] = []

    async def shown() -> bool:
        result = await connection.call_tool("show_roots")
        seen.append(result["structuredContent"]["uris"])
        return seen[-1] == uris

    deadline = time.monotonic() + WAIT
    while not await shown():
        assert time.monotonic() < deadline, f"the modern-era server never saw {what}: {seen[-3:]}"
        await asyncio.sleep(0.05)


async def _crash_on_call(hub: Hub, name: str) -> None:
    """Call the tool that kills the server: the call fails with one of our errors, and nothing else breaks."""
    connection = hub.connection(name)
    assert connection is not None
    await connection.wait_connected(WAIT)
    with pytest.raises((ToolCallError, ServerUnavailableError)):
        await connection.call_tool("crash")


def _count_what_the_store_lost(home: Path, store_guard: StoreGuard, names: list[str], kept: Path) -> None:
    """Data lost: a server entry or the shared folder the hub's own store writes (legacy pins) dropped."""
    try:
        data = parse((home / STORE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, StoreError):
        return  # the guard counts an unreadable store itself
    left = {server.name for server in data.servers}
    store_guard.lost(sum(name not in left for name in names))
    store_guard.lost(0 if any(root.path == str(kept) for root in data.roots) else 1)
