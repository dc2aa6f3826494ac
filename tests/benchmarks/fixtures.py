"""Homes, roots, server entries and bare SDK clients the benchmark rows are built from."""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from app.core.model import HttpTarget, Root, ServerEntry, StdioTarget, StoreData
from app.core.paths import display_name, path_to_uri
from app.core.store.store import Store
from tests.benchmarks.harness import PROJECT

LEGACY = "2025-11-25"


def make_folders(base: Path, count: int) -> list[str]:
    """`count` real folders under `base` (kept when they already exist)."""
    paths = []
    for i in range(count):
        path = base / f"d{i // 1000:03}" / f"f{i:06}"
        path.mkdir(parents=True, exist_ok=True)
        paths.append(str(path))
    return paths


def roots_for(paths: Sequence[str]) -> list[Root]:
    """Roots built directly (no overlap planning, which is quadratic): folders that do not nest."""
    return [Root(name=display_name(p), entered_path=p, path=p, uri=path_to_uri(p)) for p in paths]


def relister_entry(name: str, ack_port: int, era: str = LEGACY) -> ServerEntry:
    target = StdioTarget(
        command=sys.executable,
        args=["-m", "tests.servers.bench_relister", "--name", name, "--ack", str(ack_port)],
        env={"PYTHONPATH": str(PROJECT)},
        cwd=str(PROJECT),
    )
    return ServerEntry(name=name, target=target, share="all", consent="given", era=era)  # type: ignore[arg-type]


def http_entry(name: str, url: str) -> ServerEntry:
    return ServerEntry(name=name, target=HttpTarget(url=url), share="all", consent="given", era=LEGACY)


def write_store(home: Path, roots: Sequence[Root], servers: Sequence[ServerEntry]) -> Store:
    store = Store(home)

    def fill(data: StoreData) -> None:
        data.roots = list(roots)
        data.servers = list(servers)

    store.update(fill)
    return store


def relister_command(name: str, ack_port: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "tests.servers.bench_relister", "--name", name, "--ack", str(ack_port), *extra]


class BareClients:
    """Bare `mcp` SDK clients, legacy mode, answering `roots/list` from one shared list: the floor."""

    def __init__(self) -> None:
        self.uris: list[str] = []
        self.clients: list[Any] = []
        self.by_target: dict[int, Any] = {}
        """Connected clients by their target's index."""
        self._answer: Any = None

    def set_list(self, uris: list[str]) -> None:
        from mcp_types import ListRootsResult
        from mcp_types import Root as SdkRoot

        self.uris = uris
        self._answer = ListRootsResult(roots=[SdkRoot(uri=uri, name=uri.rsplit("/", 1)[-1]) for uri in uris])

    async def _roots(self, _context: Any) -> Any:
        return self._answer

    @contextlib.asynccontextmanager
    async def connected(self, targets: Sequence[Any], *, retry_after: float = 1.0) -> AsyncIterator[BareClients]:
        """One client per target (stdio parameters or URL), all started at once, each retried 1 s after a failure.

        Each client lives in its own task (the SDK wants a client entered and left in one task).
        """
        import asyncio

        stop = asyncio.Event()
        ready = [asyncio.Event() for _ in targets]
        self.attempts = 0

        async def hold(index: int, target: Any) -> None:
            from mcp.client.client import Client

            while True:
                self.attempts += 1
                try:
                    client = Client(target, mode="legacy", list_roots_callback=self._roots, read_timeout_seconds=120)
                    async with client:
                        self.clients.append(client)
                        self.by_target[index] = client
                        ready[index].set()
                        await stop.wait()
                        self.clients.remove(client)
                        del self.by_target[index]
                        return
                except Exception:
                    if stop.is_set():
                        return
                    await asyncio.sleep(retry_after)

        tasks = [asyncio.create_task(hold(i, t)) for i, t in enumerate(targets)]
        try:
            await asyncio.gather(*(event.wait() for event in ready))
            yield self
        finally:
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def tell_all(self, clients: Sequence[Any] | None = None) -> None:
        """`notifications/roots/list_changed` from every client (or the given ones), all at once."""
        import asyncio

        from mcp.shared.exceptions import MCPDeprecationWarning

        def send(client: Any) -> Any:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                return client.session.send_roots_list_changed()

        await asyncio.gather(*(send(client) for client in (self.clients if clients is None else clients)))


def stdio_params(command: list[str]) -> Any:
    from mcp.client.stdio import StdioServerParameters

    return StdioServerParameters(command=command[0], args=command[1:], cwd=str(PROJECT),
                                 env={"PYTHONPATH": str(PROJECT)})


def toggled(base: list[str], extra: str, on: bool) -> list[str]:
    return [*base, extra] if on else list(base)
