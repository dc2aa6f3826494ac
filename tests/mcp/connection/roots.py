"""Roots providers for the connection tests: a list a test can change between requests, and one that fails."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from app.mcp.connection.connection import ServerConnection

Connect = Callable[..., ServerConnection]
"""`connect(entry, roots=None, **options)`: a started connection."""

Connections = Callable[..., AbstractAsyncContextManager[Connect]]
"""`connections(log_dir, **defaults)` (the `connections` fixture): `async with` it for a `Connect`."""


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
