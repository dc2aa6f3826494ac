"""ServerConnection against real MCP servers: child processes on real pipes, real loopback HTTP.

Nothing of the protocol is mocked: the servers in `tests/servers` are SDK servers (or deliberately
broken scripts) running in their own processes.
"""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path

import pytest
import pytest_asyncio
from mcp_types.version import LATEST_HANDSHAKE_VERSION, LATEST_MODERN_VERSION

from app.core.model import ServerEntry, StdioTarget
from app.core.servers.pacing import JITTER
from app.mcp.connection.connection import ConnectionStatus, ServerConnection
from app.mcp.errors import ToolCallError
from app.mcp.transport import MAX_SERVER_REQUESTS_IN_FLIGHT
from tests.mcp.connection.roots import Connect, Connections, FailingRoots, Roots
from tests.support.recordings import read_events
from tests.support.servers import HttpServers, HttpServersFactory, free_port, http_entry, stdio_entry
from tests.support.waiting import LONG_WAIT, eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(60)]

VERSIONS = {"modern": LATEST_MODERN_VERSION, "legacy": LATEST_HANDSHAKE_VERSION}


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, *, http_servers: HttpServersFactory) -> Iterator[HttpServers]:
    """The HTTP test servers, started once and together for this module."""
    logs = tmp_path_factory.mktemp("http-servers")
    specs = {
        "roots_tool": ("roots_tool", []),
        # The late GET stream makes the race that could lose the first roots/list certain to matter.
        "recorder": ("legacy_recorder", ["--record", str(logs / "recorder.jsonl"), "--get-delay", "0.3"]),
        "401": ("hostile", ["http-status", "--status", "401"]),
        "500": ("hostile", ["http-status", "--status", "500"]),
    }
    with http_servers(logs, specs) as servers:
        yield servers


@pytest_asyncio.fixture
async def connect(tmp_path: Path, http: HttpServers, *, connections: Connections) -> AsyncIterator[Connect]:
    """Start connections for the test; afterwards stop them all and check no child process is left.

    It depends on `http` so those servers are running before the children are counted.
    """
    async with connections(tmp_path / "logs") as start:
        yield start



def folders(tmp_path: Path, *names: str) -> list[Path]:
    made = [tmp_path / name for name in names]
    for folder in made:
        folder.mkdir()
    return made


async def stop_all(connections: list[ServerConnection]) -> bool:
    """Stop concurrently; whether every one ended within its `STOP_GRACE`, none of them abandoned."""
    await asyncio.gather(*(connection.stop() for connection in connections))
    return all(connection.stopped_in_time for connection in connections)


# -- roots reach the server ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("transport", "era"), [("stdio", "modern"), ("stdio", "legacy"), ("http", "modern"), ("http", "legacy")]
)
async def test_each_call_gets_the_roots_current_at_that_moment(
    connect: Connect, http: HttpServers, tmp_path: Path, transport: str, era: str
) -> None:
    alpha, beta, gamma = folders(tmp_path, "alpha", "beta gamma", "δ")
    roots = Roots(alpha)
    legacy_only = era == "legacy"
    if transport == "stdio":
        entry = stdio_entry("roots-tool", "roots_tool", legacy_only=legacy_only)
    else:
        entry = http_entry("roots-tool", http["roots_tool"].url, legacy_only=legacy_only)
    seen: list[ConnectionStatus] = []
    connection = connect(entry, roots, on_status=seen.append)

    status = await connection.wait_connected(LONG_WAIT)
    assert (status.era, status.protocol_version) == (era, VERSIONS[era])
    assert seen[0].state == "connecting"

    first = await connection.call_tool("show_roots")
    assert first["structuredContent"] == {"uris": [alpha.as_uri()], "protocol_version": VERSIONS[era]}
    roots.folders = [beta, gamma]
    second = await connection.call_tool("show_roots")
    assert second["structuredContent"]["uris"] == [beta.as_uri(), gamma.as_uri()]
    assert "%20" in beta.as_uri() and "%CE%B4" in gamma.as_uri()  # the URIs that travelled are encoded

    status = connection.status
    assert status.roots_fetch_count == 2
    assert status.last_roots_fetch == roots.uris
    assert isinstance(status.last_roots_fetch_at, datetime) and status.last_roots_fetch_at.tzinfo is not None
    # A push exists only in the legacy era; a modern server sees the new list when it next asks.
    assert await connection.notify_roots_changed() is (era == "legacy")


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_legacy_server_relists_after_notify_and_sees_the_new_list(
    connect: Connect, http: HttpServers, tmp_path: Path, transport: str
) -> None:
    old, new = folders(tmp_path, "old", "new")
    roots = Roots(old)
    if transport == "stdio":
        record = tmp_path / "record.jsonl"
        entry = stdio_entry("recorder", "legacy_recorder", "--record", str(record))
    else:
        record = http.log_dir / "recorder.jsonl"
        entry = http_entry("recorder", http["recorder"].url)
    connection = connect(entry, roots)

    status = await connection.wait_connected(LONG_WAIT)
    assert status.era == "legacy"  # found out by the auto probe, not configured

    def lists() -> list[list[str]]:
        return [event["uris"] for event in read_events(record) if event["event"] == "listed"]

    await eventually(lambda: lists() == [[old.as_uri()]], "the server listed the roots after the handshake", LONG_WAIT)
    roots.folders = [new]
    assert await connection.notify_roots_changed() is True
    await eventually(lambda: len(lists()) == 2, "the server listed again after list_changed", LONG_WAIT)
    assert lists() == [[old.as_uri()], [new.as_uri()]]
    seen = await connection.call_tool("seen_roots")
    assert seen["structuredContent"]["result"] == [[old.as_uri()], [new.as_uri()]]
    assert connection.status.last_roots_fetch == [new.as_uri()]


# -- sharing nothing, and a provider that fails ---------------------------------------------------


async def test_sharing_none_declares_no_roots_and_answers_a_legacy_request_with_method_not_found(
    connect: Connect, tmp_path: Path
) -> None:
    record = tmp_path / "record.jsonl"
    roots = Roots(*folders(tmp_path, "private"))
    connection = connect(stdio_entry("recorder", "legacy_recorder", "--record", str(record), share="none"), roots)

    await connection.wait_connected(LONG_WAIT)
    await eventually(lambda: len(read_events(record)) == 2, "the server asked for roots", LONG_WAIT)
    assert read_events(record) == [
        {"event": "initialized", "roots_capability": None},
        {"event": "list_failed", "code": -32601, "message": "Roots not supported"},
    ]
    assert roots.calls == 0
    assert connection.status.roots_fetch_count == 0
    assert await connection.notify_roots_changed() is False


async def test_sharing_none_leaves_a_modern_server_without_the_roots_capability(connect: Connect) -> None:
    roots = Roots()
    connection = connect(stdio_entry("roots-tool", "roots_tool", share="none"), roots)

    assert (await connection.wait_connected(LONG_WAIT)).era == "modern"
    with pytest.raises(ToolCallError, match=r"error -32021: Client did not declare the roots capability"):
        await connection.call_tool("show_roots")
    assert roots.calls == 0


async def test_a_failing_roots_provider_answers_internal_error(connect: Connect, tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    connection = connect(stdio_entry("recorder", "legacy_recorder", "--record", str(record)), FailingRoots())

    await connection.wait_connected(LONG_WAIT)
    await eventually(lambda: len(read_events(record)) == 2, "the server asked for roots", LONG_WAIT)
    assert read_events(record)[1] == {
        "event": "list_failed",
        "code": -32603,
        "message": "Rootkeeper could not build the roots list",
    }
    assert connection.status.state == "connected"


# -- era detection ---------------------------------------------------------------------------------


async def test_a_server_broken_by_the_discover_probe_is_reconnected_in_legacy_mode(
    connect: Connect, tmp_path: Path
) -> None:
    remembered: list[str] = []
    roots = Roots(*folders(tmp_path, "work"))
    connection = connect(
        stdio_entry("old-server", "hostile", "discover-crash"), roots, on_legacy_only=lambda: remembered.append("yes")
    )

    status = await connection.wait_connected(LONG_WAIT)
    assert (status.era, status.protocol_version) == ("legacy", LATEST_HANDSHAKE_VERSION)
    assert remembered == ["yes"]
    assert "crashed on server/discover" in connection.log_path.read_text(encoding="utf-8")
    result = await connection.call_tool("show_roots")
    assert result["structuredContent"]["uris"] == roots.uris


# -- hostile servers -------------------------------------------------------------------------------


def hostile_cases(http: HttpServers, tmp_path: Path) -> dict[str, tuple[ServerEntry, float, str]]:
    """name -> (entry, connect timeout, the exact last_error expected)."""
    refused_port = free_port()  # nothing listens there once the probe socket is closed
    missing = "rootkeeper-test-no-such-command"
    not_executable = tmp_path / "server.txt"
    not_executable.write_text("not a program\n", encoding="utf-8")
    gone = tmp_path / "gone"
    return {
        "exits at start": (
            stdio_entry("exit-at-start", "hostile", "exit-at-start"),
            45.0,
            "The server exited with code 3; its log ends with “hostile: refusing to start”.",
        ),
        "dies mid-session": (
            stdio_entry("die-after-roots", "hostile", "die-after-roots"),
            45.0,
            "The server exited with code 1; its log ends with “hostile: got roots once, dying”.",
        ),
        "never answers": (stdio_entry("silent", "hostile", "silent"), 1.5, "The server did not answer within 1.5 s."),
        "prints prose": (
            stdio_entry("not-json", "hostile", "not-json"),
            1.5,
            "The server wrote something that is not JSON-RPC on stdout.",
        ),
        "missing command": (
            ServerEntry(name="missing", target=StdioTarget(command=missing)),
            45.0,
            f"Command '{missing}' was not found.",
        ),
        "not executable": (
            ServerEntry(name="not-executable", target=StdioTarget(command=str(not_executable))),
            45.0,
            f"Command '{not_executable}' could not be run: permission denied.",
        ),
        "missing working directory": (
            ServerEntry(name="no-cwd", target=StdioTarget(command=sys.executable, cwd=str(gone))),
            10.0,
            f"The working directory '{gone}' does not exist.",
        ),
        "HTTP 401": (http_entry("http-401", http["401"].url), 10.0, f"HTTP 401 Unauthorized from {http['401'].url}."),
        "HTTP 500": (
            http_entry("http-500", http["500"].url),
            10.0,
            f"HTTP 500 Internal Server Error from {http['500'].url}.",
        ),
        "connection refused": (
            http_entry("refused", f"http://127.0.0.1:{refused_port}/mcp"),
            10.0,
            f"Connection refused by 127.0.0.1:{refused_port}.",
        ),
    }


async def test_every_hostile_server_ends_in_backoff_with_one_clear_sentence(
    connect: Connect, http: HttpServers, tmp_path: Path, *, connections: Connections
) -> None:
    cases = hostile_cases(http, tmp_path)
    roots = Roots(*folders(tmp_path, "shared"))
    connections = {name: connect(entry, roots, connect_timeout=timeout) for name, (entry, timeout, _) in cases.items()}

    async def first_backoff(connection: ServerConnection) -> ConnectionStatus:
        return await connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)

    statuses = dict(zip(connections, await asyncio.gather(*map(first_backoff, connections.values())), strict=True))
    assert {name: status.last_error for name, status in statuses.items()} == {
        name: expected for name, (_, _, expected) in cases.items()
    }
    # The same sentences carry a stable code and arguments, for the GUI to translate.
    failures = {name: connection.last_failure for name, connection in connections.items()}
    assert {name: failure.code if failure else None for name, failure in failures.items()} == {
        "exits at start": "mcp.exited_with_log",
        "dies mid-session": "mcp.exited_with_log",
        "never answers": "mcp.no_answer",
        "prints prose": "mcp.not_jsonrpc_stdout",
        "missing command": "mcp.command_not_found",
        "not executable": "mcp.command_permission_denied",
        "missing working directory": "mcp.cwd_missing",
        "HTTP 401": "mcp.http_status",
        "HTTP 500": "mcp.http_status",
        "connection refused": "mcp.connection_refused",
    }
    http_401 = failures["HTTP 401"]
    assert http_401 is not None and http_401.message.args == {
        "status": "401", "reason": "Unauthorized", "url": http["401"].url
    }
    # The first backoff is the initial delay, less its random part (servers failing together spread out).
    assert all(status.retry_in is not None and 0.5 * (1 - JITTER) <= status.retry_in <= 0.5
               for status in statuses.values()), statuses
    assert statuses["dies mid-session"].era == "legacy"  # it did connect before dying

    assert await stop_all(list(connections.values()))  # each within its STOP_GRACE, none abandoned
    assert {connection.status.state for connection in connections.values()} == {"stopped"}


async def test_backoff_doubles_up_to_its_cap(connect: Connect) -> None:
    delays: list[float] = []

    def note(status: ConnectionStatus) -> None:
        if status.state == "backoff" and status.retry_in is not None:
            delays.append(status.retry_in)

    connect(
        stdio_entry("exit-at-start", "hostile", "exit-at-start"),
        on_status=note,
        backoff_initial=0.05,
        backoff_cap=0.15,
        give_up_after=5,  # retried past the cap (by default it is left for the user after 3 alike)
    )
    await eventually(lambda: len(delays) >= 4, "four failed attempts", LONG_WAIT)
    # Each wait is the doubling, capped delay less a random part of at most JITTER of it.
    planned = [0.05, 0.1, 0.15, 0.15]
    assert all((1 - JITTER) * plan <= delay <= plan for delay, plan in zip(delays[:4], planned, strict=True)), delays


async def test_a_server_dying_on_a_call_fails_that_call_clearly_and_is_reconnected(connect: Connect) -> None:
    connection = connect(stdio_entry("die-on-call", "hostile", "die-on-call"), backoff_initial=0.05)
    await connection.wait_connected(LONG_WAIT)

    with pytest.raises(ToolCallError) as failure:
        await connection.call_tool("crash")
    assert str(failure.value) == "The server exited with code 1; its log ends with “hostile: dying on a tool call”."
    await connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
    status = await connection.wait_connected(LONG_WAIT)
    assert status.last_error is None


# -- floods ----------------------------------------------------------------------------------------


async def test_a_roots_flood_starves_neither_calls_nor_status_listeners(connect: Connect, tmp_path: Path) -> None:
    published: list[ConnectionStatus] = []
    connection = connect(
        stdio_entry("flood", "hostile", "flood"), Roots(*folders(tmp_path, "a")), on_status=published.append
    )
    await connection.wait_connected(LONG_WAIT)
    await connection.wait_for_status(lambda status: status.roots_fetch_count >= 1000, LONG_WAIT)

    result = await connection.call_tool("echo", {"text": "still here"})
    assert result["structuredContent"] == {"result": "still here"}
    after_call = connection.status.roots_fetch_count
    await connection.wait_for_status(lambda status: status.roots_fetch_count > after_call + 100, LONG_WAIT)
    # Fetches are published in batches, so a listener is not called once per request.
    assert len(published) * 20 < connection.status.roots_fetch_count


async def test_a_flooding_server_that_never_reads_cannot_pile_up_work(connect: Connect) -> None:
    connection = connect(stdio_entry("flood-no-read", "hostile", "flood-no-read"), call_timeout=1.0)
    await connection.wait_connected(LONG_WAIT)
    await connection.wait_for_status(lambda status: status.roots_fetch_count >= 500, LONG_WAIT)

    most_tasks = 0
    for _ in range(25):
        most_tasks = max(most_tasks, len(asyncio.all_tasks()))
        await asyncio.sleep(0.02)
    assert most_tasks < MAX_SERVER_REQUESTS_IN_FLIGHT + 20

    with pytest.raises(ToolCallError, match=re.escape("The server did not answer within 1 s.")):
        await connection.call_tool("anything")

    assert await stop_all([connection])  # within its STOP_GRACE, not abandoned
