"""Servers the hub starts leave nothing running, cannot make it buffer without bound, and cannot flood its stderr
(issue 10, #15).

Real server processes on real pipes (tests/servers/hygiene_server.py), real `rootkeeper run --headless`.
"""

from __future__ import annotations

import asyncio
import resource
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from app.core.model import ServerEntry, StdioTarget
from app.core.text import CATALOGUE
from app.mcp.connection.connection import ServerConnection
from app.mcp.connection.stdio import MAX_MESSAGE_BYTES
from tests.conftest import PROJECT, run_cli
from tests.headless_helpers import headless_hub

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("stores_at_end")]

SERVER = PROJECT / "tests" / "servers" / "hygiene_server.py"
WAIT = 90.0


def entry(name: str, *args: str, **fields: Any) -> ServerEntry:
    target = StdioTarget(command=sys.executable, args=[str(SERVER), *args], cwd=str(PROJECT))
    return ServerEntry(name=name, target=target, consent="given", **fields)


def gone(pid: int) -> bool:
    """Whether `pid` no longer runs (a zombie waiting for its reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def wait_until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"still not true after {WAIT} s: {what}"
        time.sleep(0.05)


async def eventually(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"still not true after {WAIT} s: {what}"
        await asyncio.sleep(0.05)


def read_pid(pid_file: Path) -> int:
    wait_until(lambda: pid_file.exists() and pid_file.read_text().strip() != "", "the server wrote its child's pid")
    return int(pid_file.read_text())


Connect = Callable[..., ServerConnection]


@pytest_asyncio.fixture
async def connect(tmp_path: Path) -> AsyncIterator[Connect]:
    made: list[ServerConnection] = []

    def start(server: ServerEntry, **options: Any) -> ServerConnection:
        options = {"connect_timeout": 45.0, "call_timeout": 45.0} | options
        connection = ServerConnection(server, list, tmp_path / "logs", **options)
        made.append(connection)
        connection.start()
        return connection

    yield start
    await asyncio.gather(*(connection.stop() for connection in made))


# -- (a) a server's whole process group ends with it ---------------------------------------------------


@pytest.mark.asyncio
async def test_stopping_a_connection_ends_the_servers_grandchild_even_one_ignoring_sigterm(
    connect: Connect, tmp_path: Path
) -> None:
    pid_file = tmp_path / "grandchild.pid"
    connection = connect(entry("hygiene", "grandchild", str(pid_file)))
    await connection.wait_connected(WAIT)
    grandchild = read_pid(pid_file)
    assert not gone(grandchild)

    await connection.stop()

    await eventually(lambda: gone(grandchild), f"grandchild {grandchild} ended")


def test_sigterm_to_the_headless_hub_leaves_no_grandchild(tmp_path: Path) -> None:
    home = tmp_path / "home"
    pid_file = tmp_path / "grandchild.pid"
    added = run_cli(home, "servers", "add", "hygiene", "--", sys.executable, str(SERVER), "grandchild", str(pid_file))
    assert added.code == 0, added.err
    with headless_hub(home) as hub:
        grandchild = read_pid(pid_file)
        assert not gone(grandchild)
        hub.send_signal(signal.SIGTERM)
        hub.wait(WAIT)
    wait_until(lambda: gone(grandchild), f"grandchild {grandchild} ended")


# -- (b) one endless line ---------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_an_endless_line_drops_the_server_with_one_sentence_and_bounded_memory(connect: Connect) -> None:
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    connection = connect(entry("endless", "endless-line"))

    status = await connection.wait_for_status(lambda status: status.state in ("failed", "backoff"), WAIT)

    limit = f"{MAX_MESSAGE_BYTES / (1 << 20):g}"
    assert status.state == "failed", "a server that floods one line must not be reconnected to"
    assert status.last_error_code == "mcp.message_too_large"
    assert status.last_error == CATALOGUE["mcp.message_too_large"].format(limit=limit)
    growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - peak_before
    assert growth < 4 * MAX_MESSAGE_BYTES, f"the reader grew by {growth} bytes"
    assert "over" in connection.log_path.read_text(encoding="utf-8")


# -- (c) garbage on stdout ----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_each_garbage_line_is_one_line_in_the_servers_log(connect: Connect) -> None:
    # It never answers, so the attempt ends at the connect deadline: one short attempt, no retry.
    server = entry("garbage", "garbage", era="2025-11-25")
    connection = connect(server, connect_timeout=3.0, backoff_initial=3600.0)

    status = await connection.wait_for_status(lambda status: status.state == "backoff", WAIT)

    assert status.last_error_code == "mcp.not_jsonrpc_stdout"
    log = connection.log_path.read_text(encoding="utf-8").splitlines()
    noted = [line for line in log if "not JSON-RPC" in line]
    assert noted and all(line.endswith("Hello! Starting up, please wait...") for line in noted), log
    assert not any("Traceback" in line for line in log)


def test_a_garbage_writing_server_puts_no_traceback_on_the_hubs_stderr(tmp_path: Path) -> None:
    home = tmp_path / "home"
    added = run_cli(
        home, "servers", "add", "garbage", "--era", "2025-11-25", "--", sys.executable, str(SERVER), "garbage"
    )
    assert added.code == 0, added.err

    def failed_on_garbage() -> bool:
        rows = run_cli(home, "servers", "list", "--json").json()
        return bool(rows) and rows[0]["status"].get("last_error_code") == "mcp.not_jsonrpc_stdout"

    with headless_hub(home) as hub:
        wait_until(failed_on_garbage, "the hub gave up on the garbage attempt")
        hub.send_signal(signal.SIGTERM)
        _, stderr = hub.communicate(timeout=WAIT)
    assert "Traceback" not in stderr, stderr
    assert "Failed to parse JSONRPC" not in stderr, stderr
