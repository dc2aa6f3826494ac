"""Connections that never lie: lost HTTP sessions, DELETE at stop, no GET wait, era pins, the modern capability.

Every server is a real SDK server in its own process on loopback HTTP (or stdio); HTTP servers
record each request they get (`tests.servers._serve._record_http`), so what went over the wire is
checked from the server's side. Fallback intervals are set to hours where a test proves that
something is noticed by an event rather than by a timer.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from mcp_types.version import LATEST_HANDSHAKE_VERSION, LATEST_MODERN_VERSION

from app.core.servers.status import ConnectionStatus
from app.mcp.errors import ToolCallError
from tests.mcp.connection.roots import Connect, Connections, FailingRoots, Roots
from tests.support.recordings import read_events
from tests.support.servers import HttpServers, http_entry, stdio_entry
from tests.support.waiting import LONG_WAIT, eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(90)]

HOURS = 6 * 3600.0
"""A fallback interval no test can reach: what still happens is driven by an event."""




@pytest.fixture
def servers(tmp_path: Path) -> Iterator[HttpServers]:
    """HTTP servers for one test (tests here kill and restart them)."""
    made = HttpServers(tmp_path / "http-servers")
    try:
        yield made
    finally:
        made.stop()


@pytest_asyncio.fixture
async def connect(tmp_path: Path, *, connections: Connections) -> AsyncIterator[Connect]:
    async with connections(tmp_path / "logs", liveness_interval=HOURS) as start:
        yield start



def events(record: Path, kind: str) -> list[dict[str, Any]]:
    return [event for event in read_events(record) if event["event"] == kind]


def lists(record: Path) -> list[list[str]]:
    return [event["uris"] for event in events(record, "listed")]


def requests(record: Path, method: str, rpc: str | None = None) -> list[dict[str, Any]]:
    return [e for e in events(record, "http") if e["method"] == method and (rpc is None or e["rpc"] == rpc)]


def recorder(servers: HttpServers, tmp_path: Path, *flags: str) -> Path:
    record = tmp_path / "record.jsonl"
    servers.start({"recorder": ("legacy_recorder", ["--record", str(record), *flags])})
    return record


def not_connected(status: ConnectionStatus) -> bool:
    return status.state != "connected"


# -- a lost session is noticed, and the server gets its roots again ---------------------------------


async def test_a_killed_and_restarted_http_server_gets_its_roots_again(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    record = recorder(servers, tmp_path)
    connection = connect(
        http_entry("recorder", servers["recorder"].url), Roots(shared), backoff_initial=0.05, backoff_cap=0.2
    )
    assert (await connection.wait_connected(LONG_WAIT)).era == "legacy"
    await eventually(lambda: lists(record) == [[shared.as_uri()]], "the server listed the roots", LONG_WAIT)

    servers.kill("recorder")
    # No ping runs (the interval is hours): the end of the GET stream is what is noticed.
    down = await connection.wait_for_status(not_connected, LONG_WAIT)
    assert down.state in ("connecting", "backoff")
    await connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
    assert connection.status.state != "connected"

    servers.restart("recorder")
    await connection.wait_for_status(lambda status: status.state == "connected", LONG_WAIT)
    await eventually(lambda: len(lists(record)) == 2, "the restarted server listed the roots again", LONG_WAIT)
    assert lists(record) == [[shared.as_uri()], [shared.as_uri()]]
    assert len(events(record, "initialized")) == 2


async def test_a_404_on_list_changed_is_reported_and_the_session_is_made_again(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    # A session but no GET stream: nothing held open would notice the restart (and the server
    # cannot send requests either, so what it receives is read from its request record).
    record = recorder(servers, tmp_path, "--no-get")
    connection = connect(http_entry("recorder", servers["recorder"].url), backoff_initial=0.05)
    await connection.wait_connected(LONG_WAIT)
    # The SDK retries a refused GET twice, then gives up; after that nothing reaches the server.
    await eventually(lambda: len(requests(record, "GET")) == 2, "the SDK gave up on the GET stream", LONG_WAIT)
    assert await connection.notify_roots_changed() is True
    assert len(requests(record, "POST", "notifications/roots/list_changed")) == 1

    servers.kill("recorder")
    servers.restart("recorder")
    assert connection.status.state == "connected"  # nothing could have told it yet
    assert await connection.notify_roots_changed() is False  # the 404 is not swallowed
    assert len(requests(record, "POST", "notifications/roots/list_changed")) == 2

    await eventually(lambda: len(events(record, "initialized")) == 2, "the connection initialized again", LONG_WAIT)
    status = await connection.wait_for_status(lambda status: status.state == "connected", LONG_WAIT)
    assert status.era == "legacy"
    assert await connection.notify_roots_changed() is True  # the new session takes notifications


async def test_a_404_on_a_request_makes_the_session_again(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    record = recorder(servers, tmp_path, "--no-get")
    connection = connect(http_entry("recorder", servers["recorder"].url), backoff_initial=0.05)
    await connection.wait_connected(LONG_WAIT)
    await eventually(lambda: len(requests(record, "GET")) == 2, "the SDK gave up on the GET stream", LONG_WAIT)
    servers.kill("recorder")
    servers.restart("recorder")

    with pytest.raises(ToolCallError):
        await connection.call_tool("seen_roots")
    lost = await connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
    url = servers["recorder"].url
    assert lost.last_error == f"The server no longer knows this session (HTTP 404 from {url}); reconnecting."
    assert connection.last_failure is not None and connection.last_failure.code == "mcp.session_lost"
    await connection.wait_for_status(lambda status: status.state == "connected", LONG_WAIT)
    # The new session works (this server cannot list roots without a GET stream, so it saw none).
    assert (await connection.call_tool("seen_roots"))["structuredContent"]["result"] == []
    assert len(events(record, "initialized")) == 2


@pytest.mark.parametrize(
    ("module", "flags", "era", "probe"),
    [
        ("legacy_recorder", ["--stateless"], "legacy", "ping"),
        ("roots_tool", [], "modern", "server/discover"),
    ],
)
async def test_a_server_with_nothing_held_open_that_is_killed_stops_showing_connected(
    connect: Connect, servers: HttpServers, tmp_path: Path, *, module: str, flags: list[str], era: str, probe: str
) -> None:
    record = tmp_path / "record.jsonl"
    servers.start({"server": (module, ["--record", str(record), *flags])})
    # Nothing stays open (no session, or the 2026-07-28 era): the liveness request notices.
    connection = connect(http_entry("server", servers["server"].url), liveness_interval=0.1)
    assert (await connection.wait_connected(LONG_WAIT)).era == era
    await connection.wait_for_status(lambda status: status.settled_at is not None, LONG_WAIT)
    before = len(requests(record, "POST", probe))  # the requests that showed it works, beside the liveness ones
    await eventually(lambda: len(requests(record, "POST", probe)) >= before + 2, "liveness requests reached the server",
                     LONG_WAIT)
    servers.kill("server")
    gone = await connection.wait_for_status(lambda status: status.state == "backoff", LONG_WAIT)
    assert gone.last_error and str(servers["server"].port) in gone.last_error


# -- closing and opening sessions ------------------------------------------------------------------


async def test_stop_closes_the_http_session_with_delete(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    record = recorder(servers, tmp_path)
    connection = connect(http_entry("recorder", servers["recorder"].url))
    await connection.wait_connected(LONG_WAIT)
    assert requests(record, "DELETE") == []
    await connection.stop()
    deletes = requests(record, "DELETE")
    assert len(deletes) == 1 and deletes[0]["session"] is True
    assert connection.status.state == "stopped"


async def test_initialized_reaches_a_session_less_server_without_waiting_for_a_get_stream(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    record = recorder(servers, tmp_path, "--stateless")
    # Were `initialized` held back for a GET stream, this bound would hold it for hours.
    connection = connect(http_entry("recorder", servers["recorder"].url), get_stream_wait=HOURS)
    await connection.wait_connected(LONG_WAIT)
    await eventually(lambda: events(record, "initialized") != [], "the server saw initialized", LONG_WAIT)
    result = await connection.call_tool("seen_roots")  # and nothing queued behind it is stuck
    assert result.get("isError") is not True
    assert requests(record, "GET") == []  # no stream was ever asked for, so none could be waited for


async def test_the_first_roots_request_over_a_late_get_stream_is_still_answered(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    record = recorder(servers, tmp_path, "--get-delay", "0.3")
    # The wait is for the stream's opening, not for a timer: it is bounded by hours here.
    connection = connect(http_entry("recorder", servers["recorder"].url), Roots(shared), get_stream_wait=HOURS)
    await connection.wait_connected(LONG_WAIT)
    await eventually(lambda: lists(record) == [[shared.as_uri()]], "the server listed over the GET stream", LONG_WAIT)


# -- eras ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pin", "legacy_only", "era", "version"),
    [
        ("2025-11-25", False, "legacy", LATEST_HANDSHAKE_VERSION),
        ("2026-07-28", True, "modern", LATEST_MODERN_VERSION),  # the pin wins over a remembered verdict
        ("auto", False, "modern", LATEST_MODERN_VERSION),
    ],
)
async def test_the_era_pin_is_honoured_by_a_dual_era_server(
    connect: Connect, tmp_path: Path, *, pin: str, legacy_only: bool, era: str, version: str
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    entry = stdio_entry("roots-tool", "roots_tool", era=pin, legacy_only=legacy_only)
    connection = connect(entry, Roots(shared))
    status = await connection.wait_connected(LONG_WAIT)
    assert (status.era, status.protocol_version) == (era, version)
    result = await connection.call_tool("show_roots")
    assert result["structuredContent"] == {"uris": [shared.as_uri()], "protocol_version": version}


async def test_the_modern_era_declares_roots_as_an_empty_object(
    connect: Connect, servers: HttpServers, tmp_path: Path
) -> None:
    record = tmp_path / "record.jsonl"
    servers.start({"roots_tool": ("roots_tool", ["--record", str(record)])})
    connection = connect(http_entry("roots-tool", servers["roots_tool"].url, era="2026-07-28"))
    assert (await connection.wait_connected(LONG_WAIT)).era == "modern"
    await connection.call_tool("show_roots")
    declared = [event["capabilities"] for event in events(record, "http") if event["capabilities"] is not None]
    assert declared, "no request carried client capabilities"
    assert all(capabilities.get("roots") == {} for capabilities in declared), declared


async def test_a_failure_of_rootkeeper_itself_is_not_blamed_on_a_modern_server(connect: Connect) -> None:
    connection = connect(stdio_entry("roots-tool", "roots_tool", era="2026-07-28"), FailingRoots())
    await connection.wait_connected(LONG_WAIT)
    with pytest.raises(ToolCallError) as failure:
        await connection.call_tool("show_roots")
    assert str(failure.value) == "Rootkeeper could not build the roots list."
    assert failure.value.message.code == "mcp.roots_failed"
