"""The bridge as a real process (`python -m app bridge ...`), driven by a raw JSON-RPC host.

`RawHost` speaks bytes to it over pipes and keeps every line the bridge wrote to stdout, so a test can
check that nothing but JSON-RPC came out. Tests get hosts from the `raw_host` fixture, and an SDK
client playing the host from the `sdk_host` fixture (tests/conftest.py).

`BridgeProcess` drives one from a thread of its own, for tests that run the GUI's event loop meanwhile
(the `bridges` fixture of tests/ui/conftest.py closes them).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from tests.support.project import PROJECT
from tests.support.waiting import WAIT

FS_SERVER = PROJECT / "tests" / "node" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist"
FS_APPLIED = "Updated allowed directories from MCP roots"
"""What the filesystem server logs on stderr (the bridge's server log) each time it applies a list."""

RawHostFactory = Callable[..., AbstractAsyncContextManager["RawHost"]]
"""`raw_host(home, *args, env=None, **options)` (the `raw_host` fixture)."""

SdkHostFactory = Callable[..., AbstractAsyncContextManager[Any]]
"""`sdk_host(home, server, log, **client_args)` (the `sdk_host` fixture): an SDK `Client`."""


def bridge_env(home: Path, **extra: str) -> dict[str, str]:
    return dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT), **extra)


def bridge_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "app", "bridge", *args]


def raw_server(record: Path) -> list[str]:
    """`tests/servers/bridge_raw`, which records every line it receives (`tests.support.recordings`)."""
    return [sys.executable, "-m", "tests.servers.bridge_raw", str(record)]


class RawHost:
    """A host that speaks raw bytes to the bridge process."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[bytes] = []
        self._new = asyncio.Condition()
        self.eof = asyncio.Event()
        self.reading = asyncio.Event()
        self.reading.set()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(
        cls, home: Path, *args: str, env: dict[str, str] | None = None, limit: int = 256 * 1024 * 1024
    ) -> RawHost:
        process = await asyncio.create_subprocess_exec(
            *bridge_command(*args),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env or bridge_env(home),
            cwd=PROJECT,
            limit=limit,
        )
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while (await self.reading.wait()) and (line := await self.process.stdout.readline()):
            async with self._new:
                self.lines.append(line.rstrip(b"\n"))
                self._new.notify_all()
        self.eof.set()
        async with self._new:
            self._new.notify_all()

    async def send_raw(self, raw: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(raw + b"\n")
        await self.process.stdin.drain()

    async def send(self, message: dict[str, Any]) -> bytes:
        raw = json.dumps(message, separators=(",", ":")).encode()
        await self.send_raw(raw)
        return raw

    async def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = WAIT) -> dict[str, Any]:
        """The first message (parsed) the bridge wrote that satisfies `predicate`."""
        async with asyncio.timeout(timeout), self._new:
            while True:
                for line in self.lines:
                    message = json.loads(line)
                    if isinstance(message, dict) and predicate(message):
                        return message
                if self.eof.is_set():
                    raise AssertionError(f"the bridge ended its output first; got {self.lines[-5:]!r}")
                await self._new.wait()

    async def reply_to(self, request_id: Any, timeout: float = WAIT) -> dict[str, Any]:
        return await self.wait_for(lambda m: m.get("id") == request_id and "method" not in m, timeout)

    def raw_reply_to(self, request_id: Any) -> bytes:
        for line in self.lines:
            message = json.loads(line)
            if isinstance(message, dict) and message.get("id") == request_id and "method" not in message:
                return line
        raise AssertionError(f"no reply to {request_id!r}")

    async def handshake(self) -> dict[str, Any]:
        await self.send(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "raw-host", "version": "1"},
                },
            }
        )
        reply = await self.reply_to(0)
        await self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    async def close_input(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        async with asyncio.timeout(WAIT):
            code = await self.process.wait()
            await self.eof.wait()
        return code

    def assert_only_jsonrpc(self) -> None:
        for line in self.lines:
            message = json.loads(line)  # raises on anything that is not JSON
            items = message if isinstance(message, list) else [message]
            assert all(isinstance(item, dict) and item.get("jsonrpc") == "2.0" for item in items), line[:200]

    async def stop(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        self._reader.cancel()


class BridgeProcess:
    """`rootkeeper bridge --server NAME` with pipes, driven by raw JSON-RPC lines as a host would send them."""

    def __init__(self, home: Path, server: str) -> None:
        env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", "bridge", "--server", server],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=PROJECT,
        )
        self.replies: list[dict[str, Any]] = []
        self.host: str | None = None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.replies.append(json.loads(line))

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def handshake(self, host: str) -> None:
        self.host = host
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": host, "version": "1.0"}}})

    def initialized(self) -> None:
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def answered(self, request_id: int) -> bool:
        return any(reply.get("id") == request_id for reply in self.replies)

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
