"""Fixtures for the connection tests: connections started with hang guards sized for a loaded machine."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from app.mcp.connection.connection import ServerConnection
from tests.mcp.connection.roots import Connect, Connections, Roots
from tests.support.processes import child_pids


@pytest.fixture
def connections() -> Connections:
    """`async with connections(log_dir, **defaults) as connect`: `connect(entry, roots=None, **options)` starts a
    connection; at the end of the block every one is stopped and no child process may be left."""

    @contextlib.asynccontextmanager
    async def session(log_dir: Path, **defaults: Any) -> AsyncIterator[Connect]:
        children_before = child_pids()
        made: list[ServerConnection] = []

        def start(
            entry: Any, roots: Callable[[], list[tuple[str, str]]] | None = None, **options: Any
        ) -> ServerConnection:
            options = {"connect_timeout": 45.0, "call_timeout": 45.0, **defaults} | options
            connection = ServerConnection(entry, roots or Roots(), log_dir, **options)
            made.append(connection)
            connection.start()
            return connection

        yield start
        await asyncio.gather(*(connection.stop() for connection in made))
        assert child_pids() - children_before == set(), "a server process outlived stop()"

    return session
