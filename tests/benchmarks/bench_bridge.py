"""`rootkeeper bridge` against the same server started directly, from a bare SDK client as the host."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from app.core.model import ServerEntry, StdioTarget
from tests.benchmarks import fixtures
from tests.benchmarks.harness import PROJECT, Acks, Row, Side, alternate, alternate_async, size, unavailable

FS_SERVER = PROJECT / "tests" / "node" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist"
FIRST_CALL = "bridge: first call, filesystem server (spawn → list_allowed_directories answered)"
SIGINT_EXIT = "bridge: exit on the host's SIGINT, filesystem server (signal → process gone)"


def bridge_available() -> bool:
    return (PROJECT / "app" / "bridge" / "run.py").exists()


@contextlib.asynccontextmanager
async def host(command: list[str], env: dict[str, str] | None = None) -> AsyncIterator[Any]:
    """A bare SDK client (legacy mode, no roots of its own) on a stdio command: the host's side."""
    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    parameters = StdioServerParameters(command=command[0], args=command[1:], cwd=str(PROJECT),
                                       env={"PYTHONPATH": str(PROJECT), **(env or {})})
    # The host sends no roots, so the direct server's roots/list fails, which it says on stderr.
    with open(os.devnull, "w") as quiet:
        async with Client(stdio_client(parameters, errlog=quiet), mode="legacy", read_timeout_seconds=120) as client:
            yield client


async def first_call_row() -> Row:
    """What the first-call hold (`app.engine.first_call`) and the bridge add to a host's first call.

    The filesystem server fetches roots on `initialized`, so through the bridge the call waits for
    the fetch and for the server to say it applied the list; started directly (the floor), it is
    answered from the server's own folder at once.
    """
    node = shutil.which("node")
    if node is None or not (FS_SERVER / "index.js").exists():
        return unavailable(FIRST_CALL, "s", "node or tests/node not installed", "server started directly")
    samples = size("bridge_first_call_samples", 7, 2)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home, own, shared = Path(tmp) / "home", Path(tmp) / "own", Path(tmp) / "shared"
        own.mkdir()
        shared.mkdir()
        command = [node, str(FS_SERVER / "index.js"), str(own)]
        entry = ServerEntry(name="fs", target=StdioTarget(command=command[0], args=command[1:]),
                            share="all", consent="given")
        fixtures.write_store(home, fixtures.roots_for([str(shared)]), [entry])
        env = {"ROOTKEEPER_HOME": str(home)}
        bridged = [sys.executable, "-m", "app", "bridge", "--server", "fs"]

        async def first_call(through: list[str], folder: Path) -> float:
            began = time.perf_counter()
            async with host(through, env) as client:
                result = await client.call_tool("list_allowed_directories", {})
                elapsed = time.perf_counter() - began
            assert str(folder) in result.content[0].text, result  # the bridge's answer names the shared folder
            return elapsed

        floor, subject = await alternate_async(
            samples, lambda: first_call(command, own), lambda: first_call(bridged, shared)
        )
    return Row(FIRST_CALL, "s", Side("through rootkeeper bridge", subject), Side("server started directly", floor))


def sigint_exit_row() -> Row:
    """How long a host waits for its server to end after SIGINT (Claude Code sends SIGTERM after a while): the
    bridge passes the signal on, waits for its server, and exits; the floor is the server alone."""
    import json
    import signal
    import subprocess

    node = shutil.which("node")
    if node is None or not (FS_SERVER / "index.js").exists():
        return unavailable(SIGINT_EXIT, "s", "node or tests/node not installed", "server started directly")
    samples = size("bridge_sigint_samples", 10, 2)
    initialize = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home, shared = Path(tmp) / "home", Path(tmp) / "shared"
        shared.mkdir()
        command = [node, str(FS_SERVER / "index.js"), str(shared)]
        entry = ServerEntry(name="fs", target=StdioTarget(command=command[0], args=command[1:]),
                            share="all", consent="given")
        fixtures.write_store(home, fixtures.roots_for([str(shared)]), [entry])
        env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))

        def ended(through: list[str]) -> float:
            process = subprocess.Popen(through, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, env=env, cwd=str(PROJECT))
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(initialize.encode() + b"\n")
            process.stdin.flush()
            assert b'"id":1' in process.stdout.readline().replace(b" ", b"")  # it runs and has answered
            began = time.perf_counter()
            process.send_signal(signal.SIGINT)
            process.wait(60)
            elapsed = time.perf_counter() - began
            process.stdin.close()
            process.stdout.close()
            return elapsed

        floor, subject = alternate(samples, lambda: ended(command),
                                   lambda: ended([sys.executable, "-m", "app", "bridge", "fs"]))
    return Row(SIGINT_EXIT, "s", Side("through rootkeeper bridge", subject), Side("server started directly", floor))


async def bridge_rows(acks: Acks) -> list[Row]:
    figures = ("bridge: start-up (host start → tool answered)", "bridge: one message round trip (tools/call echo)",
               FIRST_CALL, SIGINT_EXIT)
    if not bridge_available():
        return [unavailable(f, "s", "`rootkeeper bridge` not on this branch yet", "server started directly")
                for f in figures]
    starts = size("bridge_start_samples", 7, 2)
    calls = size("bridge_calls", 200, 20)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home = Path(tmp) / "home"
        fixtures.write_store(home, fixtures.roots_for(fixtures.make_folders(Path(tmp) / "base", 3)),
                             [fixtures.relister_entry("b00", acks.port)])
        env = {"ROOTKEEPER_HOME": str(home)}
        direct = fixtures.relister_command("d00", acks.port)
        bridged = [sys.executable, "-m", "app", "bridge", "--server", "b00"]

        async def start(command: list[str]) -> float:
            began = time.perf_counter()
            async with host(command, env) as client:
                await client.call_tool("echo", {"text": "hi"})
                return time.perf_counter() - began

        start_floor, start_subject = await alternate_async(starts, lambda: start(direct), lambda: start(bridged))
        async with host(direct, env) as plain, host(bridged, env) as through:
            async def call(client: Any) -> float:
                began = time.perf_counter()
                await client.call_tool("echo", {"text": "x" * 64})
                return time.perf_counter() - began

            call_floor, call_subject = await alternate_async(calls, lambda: call(plain), lambda: call(through))
    return [
        Row(figures[0], "s", Side("through rootkeeper bridge", start_subject), Side("server started directly",
                                                                                   start_floor)),
        Row(figures[1], "s", Side("through rootkeeper bridge", call_subject), Side("server started directly",
                                                                                  call_floor)),
        await first_call_row(),
        sigint_exit_row(),
    ]
