"""`rootkeeper run --headless`: the hub without a window, until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import sys

from app.core.store import Store, StoreError
from app.mcp.hub import Hub


async def run_headless(store: Store, *, announce: bool = True) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    hub = Hub(store)
    try:
        await hub.start()
    except StoreError as exc:
        print(f"rootkeeper: {exc}", file=sys.stderr)
        return 1
    try:
        for notice in store.notices:
            print(f"rootkeeper: {notice}", file=sys.stderr)
        if announce:
            count = len(hub.data.servers)
            print(f"Rootkeeper is keeping {count} server(s) informed; press Ctrl+C to stop.", flush=True)
        await stop.wait()
    finally:
        await hub.stop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
    return 0
