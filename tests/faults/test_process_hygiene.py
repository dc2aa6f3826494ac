"""Servers the hub starts leave nothing running, cannot make it buffer without bound, and cannot flood its stderr
(issue 10, #15).

Real server processes on real pipes (tests/servers/hygiene_server.py), real `rootkeeper run --headless`.
"""

from __future__ import annotations

import asyncio
import json
import resource
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from app.core.model import ServerEntry, StdioTarget
from app.core.text import CATALOGUE
from app.mcp.connection.connection import ServerConnection
from app.mcp.connection.stdio import MAX_MESSAGE_BYTES
from tests.support.bridge import RawHostFactory
from tests.support.cli import run_cli
from tests.support.headless import HeadlessHubFactory
from tests.support.processes import gone
from tests.support.project import PROJECT
from tests.support.store import add_server
from tests.support.waiting import eventually_sync

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("stores_at_end")]

SERVER = PROJECT / "tests" / "servers" / "hygiene_server.py"
WAIT = 90.0


def entry(name: str, *args: str, **fields: Any) -> ServerEntry:
    target = StdioTarget(command=sys.executable, args=[str(SERVER), *args], cwd=str(PROJECT))
    return ServerEntry(name=name, target=target, consent="given", **fields)


def read_pid(pid_file: Path) -> int:
    eventually_sync(lambda: pid_file.exists() and pid_file.read_text().strip() != "",
                    "the server wrote its child's pid", WAIT)
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
async def test_once_a_connection_stopped_its_server_and_the_child_ignoring_sigterm_are_gone(
    connect: Connect, tmp_path: Path
) -> None:
    """The server exits at the end of its stdin, its child does not: `stop` returns once the whole group ended."""
    pid_file, own_pid_file = tmp_path / "grandchild.pid", tmp_path / "server.pid"
    connection = connect(entry("hygiene", "grandchild", str(pid_file), str(own_pid_file)))
    await connection.wait_connected(WAIT)
    grandchild, server = read_pid(pid_file), read_pid(own_pid_file)
    assert not gone(grandchild) and not gone(server)

    await connection.stop()

    assert gone(server), f"server {server} still runs"
    assert gone(grandchild), f"the server's child {grandchild} still runs"


@pytest.mark.asyncio
async def test_once_a_bridge_stopped_its_server_and_the_child_ignoring_sigterm_are_gone(
    tmp_path: Path, rk_home: Path, *, raw_host: RawHostFactory
) -> None:
    """The same through `rootkeeper bridge`: the host closes its input, and the bridge exits only after both."""
    pid_file, own_pid_file = tmp_path / "grandchild.pid", tmp_path / "server.pid"
    command = [sys.executable, str(SERVER), "grandchild", str(pid_file), str(own_pid_file)]
    add_server(rk_home, "hygiene", command, share="all", consent="given")
    async with raw_host(rk_home, "--server", "hygiene") as host:
        await host.handshake()
        grandchild, server = read_pid(pid_file), read_pid(own_pid_file)
        assert not gone(grandchild) and not gone(server)

        assert await host.close_input() == 0

    assert gone(server), f"server {server} still runs"
    assert gone(grandchild), f"the server's child {grandchild} still runs"


UNREAPED = """
import asyncio, ctypes, json, subprocess, sys
from pathlib import Path
from app.engine import process_group

PR_SET_CHILD_SUBREAPER = 36
server, pid_file, own_pid_file = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])


async def main() -> None:
    # Orphans of the server's group become this process's children, and nothing here reaps them: the
    # child killed with its group stays a zombie, as it does where its adopter is slow to reap.
    assert ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    process = await process_group.spawn(
        sys.executable, [server, "grandchild", str(pid_file), str(own_pid_file)], stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=None, cwd=None, limit=1 << 16,
    )
    while not (pid_file.exists() and pid_file.read_text().strip()):
        await asyncio.sleep(0.05)
    ended = await process_group.stop(process)
    child = int(pid_file.read_text())
    state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
    print(json.dumps({"ended": ended, "child_state": state}), flush=True)


asyncio.run(main())
"""


def test_a_group_left_with_an_unreaped_child_counts_as_ended(tmp_path: Path) -> None:
    """The child dies by SIGKILL and waits for whoever adopted it to reap it: `stop` still says the group ended."""
    pid_file, own_pid_file = tmp_path / "grandchild.pid", tmp_path / "server.pid"
    env = {"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", UNREAPED, str(SERVER), str(pid_file), str(own_pid_file)],
                          capture_output=True, text=True, env=env, cwd=PROJECT, timeout=WAIT, check=False)

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"ended": True, "child_state": "Z"}, done.stderr
    assert gone(int(own_pid_file.read_text())) and gone(int(pid_file.read_text()))


def test_sigterm_to_the_headless_hub_leaves_no_grandchild(tmp_path: Path, *, headless_hub: HeadlessHubFactory) -> None:
    home = tmp_path / "home"
    pid_file = tmp_path / "grandchild.pid"
    added = run_cli(home, "servers", "add", "hygiene", "--no-confine", "--", sys.executable, str(SERVER), "grandchild",
                    str(pid_file))  # it writes its grandchild's pid outside every shared folder
    assert added.code == 0, added.err
    with headless_hub(home) as hub:
        grandchild = read_pid(pid_file)
        assert not gone(grandchild)
        hub.send_signal(signal.SIGTERM)
        hub.wait(WAIT)
    eventually_sync(lambda: gone(grandchild), f"grandchild {grandchild} ended", WAIT)


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


def test_a_garbage_writing_server_puts_no_traceback_on_the_hubs_stderr(
    tmp_path: Path, *, headless_hub: HeadlessHubFactory
) -> None:
    home = tmp_path / "home"
    added = run_cli(
        home, "servers", "add", "garbage", "--era", "2025-11-25", "--", sys.executable, str(SERVER), "garbage"
    )
    assert added.code == 0, added.err

    def failed_on_garbage() -> bool:
        rows = run_cli(home, "servers", "list", "--json").json()
        return bool(rows) and rows[0]["status"].get("last_error_code") == "mcp.not_jsonrpc_stdout"

    with headless_hub(home) as hub:
        eventually_sync(failed_on_garbage, "the hub gave up on the garbage attempt", WAIT)
        hub.send_signal(signal.SIGTERM)
        _, stderr = hub.communicate(timeout=WAIT)
    assert "Traceback" not in stderr, stderr
    assert "Failed to parse JSONRPC" not in stderr, stderr
