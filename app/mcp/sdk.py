"""The MCP SDK, imported once per process on a thread: ~0.5 s of imports the event loop need not wait for.

Whoever needs the SDK first (a hub that will connect, a connection about to open its session)
awaits `load_sdk()`; later callers return at once. The import runs under one lock, so callers
that overlap wait for the same import instead of racing through half-imported modules.
"""

from __future__ import annotations

import asyncio
import importlib
import threading

SDK_MODULES = ("app.mcp.connection.connection", "app.mcp.connection.roots")
"""The modules that import the SDK (`mcp.client`, `mcp_types`)."""

_lock = threading.Lock()
_loaded = threading.Event()


def _import() -> None:
    with _lock:
        for module in SDK_MODULES:
            importlib.import_module(module)
        _loaded.set()


async def load_sdk() -> None:
    """Return once the SDK is imported (on a thread the first time)."""
    if not _loaded.is_set():
        await asyncio.to_thread(_import)
