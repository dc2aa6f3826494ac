"""The MCP test servers in `tests/servers` as real processes: entries and commands that run them,
and Streamable HTTP ones started together on free loopback ports.

`HttpServers` starts several at once, waits until each accepts connections, can kill one and restart
it on the same port, and stops them all (the `http_servers` fixture hands them out).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.model import HttpTarget, ServerEntry, StdioTarget
from tests.support.project import PROJECT

HttpServersFactory = Callable[..., AbstractContextManager["HttpServers"]]
"""`http_servers(log_dir, {"name": (module, args)})` (the `http_servers` fixture)."""

StartHub = Callable[..., subprocess.Popen[bytes]]
"""`hub_process(home, leftovers, *, unprivileged=True)` (the `hub_process` fixture of tests/mcp)."""

READY_TIMEOUT = 60.0  # a hang guard: seven SDK servers importing at once on a loaded machine take a while


def server_command(module: str, *args: str) -> list[str]:
    return [sys.executable, "-m", f"tests.servers.{module}", *args]


def stdio_entry(name: str, module: str, *args: str, env: dict[str, str] | None = None, **fields: Any) -> ServerEntry:
    """An entry that runs `python -m tests.servers.<module> ARGS` from the repository root."""
    command, *argv = server_command(module, *args)
    target = StdioTarget(command=command, args=argv, env=env or {}, cwd=str(PROJECT))
    return ServerEntry(name=name, target=target, consent="given", **fields)


def recorder(name: str, record: Path) -> ServerEntry:
    """The legacy recorder test server: it lists roots after the handshake and on every list_changed.

    Its consent is "pending", as a newly added server's.
    """
    target = StdioTarget(
        command=sys.executable,
        args=["-m", "tests.servers.legacy_recorder", "--record", str(record)],
        env={"PYTHONPATH": str(PROJECT)},
        cwd=str(PROJECT),
    )
    return ServerEntry(name=name, target=target)


def http_entry(name: str, url: str, **fields: Any) -> ServerEntry:
    return ServerEntry(name=name, target=HttpTarget(url=url), consent="given", **fields)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def accepts_connections(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class HttpServer:
    name: str
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    command: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


@dataclass
class HttpServers:
    """Test servers over Streamable HTTP, started together: `servers.start({"name": (module, args)})`."""

    log_dir: Path
    running: dict[str, HttpServer] = field(default_factory=dict)

    def start(self, specs: Mapping[str, tuple[str, Sequence[str]]]) -> None:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        for name, (module, args) in specs.items():
            port = free_port()
            command = server_command(module, "--http", str(port), *args)
            log_path = self.log_dir / f"http-{name}.log"
            self.running[name] = HttpServer(name, port, self._spawn(command, log_path), log_path, command)
        self._wait_ready(list(self.running.values()))

    @staticmethod
    def _spawn(command: list[str], log_path: Path) -> subprocess.Popen[bytes]:
        with log_path.open("ab") as log:
            return subprocess.Popen(
                command, cwd=PROJECT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
            )

    def kill(self, name: str) -> None:
        """SIGKILL one server, as a crash would: nothing is closed politely."""
        server = self.running[name]
        server.process.kill()
        server.process.wait(timeout=10)

    def restart(self, name: str) -> None:
        """Start a killed server again on the same port (a new process: every session is forgotten)."""
        server = self.running[name]
        assert server.process.poll() is not None, "kill() it first"
        server.process = self._spawn(server.command, server.log_path)
        self._wait_ready([server])

    def __getitem__(self, name: str) -> HttpServer:
        return self.running[name]

    def pids(self) -> set[int]:
        return {server.process.pid for server in self.running.values()}

    def stop(self) -> None:
        for server in self.running.values():
            if server.process.poll() is None:
                server.process.terminate()
        for server in self.running.values():
            try:
                server.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                server.process.kill()
                server.process.wait(timeout=5)
        self.running.clear()

    @staticmethod
    def _wait_ready(servers: list[HttpServer]) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        waiting = list(servers)
        while waiting:
            for server in list(waiting):
                if server.process.poll() is not None:
                    raise RuntimeError(f"HTTP test server {server.name} exited early:\n{server.log()}")
                if accepts_connections(server.port):
                    waiting.remove(server)
            if waiting and time.monotonic() > deadline:
                names = ", ".join(server.name for server in waiting)
                raise TimeoutError(f"HTTP test servers not ready within {READY_TIMEOUT} s: {names}")
            if waiting:
                time.sleep(0.05)


def python_server(
    name: str, module: str, *args: str, share: str | list[str] = "all", consent: str = "given", mark: str = ""
) -> ServerEntry:
    """A stdio test server from tests/servers, run by this interpreter; `mark` lands in its environment."""
    target = StdioTarget(
        command=sys.executable,
        args=["-m", f"tests.servers.{module}", *args],
        env={"PYTHONPATH": str(PROJECT), "ROOTKEEPER_TEST_MARK": mark},
        cwd=str(PROJECT),
    )
    return ServerEntry(name=name, target=target, share=share, consent=consent)  # type: ignore[arg-type]
