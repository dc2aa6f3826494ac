"""What the connection tests share: roots providers, a connection starter that leaves no child behind, waits."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from app.mcp.connection.connection import ServerConnection
from tests.mcp_helpers import child_pids

WAIT = 90.0
"""Bound for anything that should happen within a second or two; only a hang gets near it."""

Connect = Callable[..., ServerConnection]


class Roots:
    """A roots provider whose list a test can change between requests."""

    def __init__(self, *folders: Path) -> None:
        self.folders = list(folders)
        self.calls = 0

    def __call__(self) -> list[tuple[str, str]]:
        self.calls += 1
        return [(folder.as_uri(), folder.name) for folder in self.folders]

    @property
    def uris(self) -> list[str]:
        return [folder.as_uri() for folder in self.folders]


class FailingRoots:
    def __call__(self) -> list[tuple[str, str]]:
        raise OSError("the store could not be read")


@contextlib.asynccontextmanager
async def connections(log_dir: Path, **defaults: Any) -> AsyncIterator[Connect]:
    """Start connections (hang guards sized for a loaded machine); at the end stop them and check no child is left."""
    children_before = child_pids()
    made: list[ServerConnection] = []

    def start(entry: Any, roots: Callable[[], list[tuple[str, str]]] | None = None, **options: Any) -> ServerConnection:
        options = {"connect_timeout": 45.0, "call_timeout": 45.0, **defaults} | options
        connection = ServerConnection(entry, roots or Roots(), log_dir, **options)
        made.append(connection)
        connection.start()
        return connection

    yield start
    await asyncio.gather(*(connection.stop() for connection in made))
    assert child_pids() - children_before == set(), "a server process outlived stop()"


async def eventually(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout} s: {what}")
        await asyncio.sleep(0.02)
