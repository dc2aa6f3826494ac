"""`rootkeeper run --headless`: the hub without a window, until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from app.core.store.store import Store, StoreError
from app.core.system.hublock import HubLock, HubLockHeld, HubLockUnusable
from app.engine.loop_errors import install_loop_handler
from app.mcp.hub import Hub

log = logging.getLogger(__name__)


async def run_headless(store: Store, *, announce: bool = True) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    install_loop_handler(loop)
    hub = Hub(store)
    lock = HubLock(hub.state_dir, "headless")
    try:
        acquired = lock.try_acquire()
    except HubLockUnusable as exc:
        print(f"rootkeeper: {exc}", file=sys.stderr)
        return 1
    if not acquired:
        # One hub per home: a second one would start every server twice.
        print(f"rootkeeper: {HubLockHeld(lock.owner())}", file=sys.stderr)
        return 1
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        try:
            await hub.start()
        except StoreError as exc:
            print(f"rootkeeper: {exc}", file=sys.stderr)
            return 1
        log.info("headless hub started, holding %s", lock.path)
        try:
            for notice in store.notices:
                print(f"rootkeeper: {notice}", file=sys.stderr)
            if announce:
                count = len(hub.data.servers)
                print(f"Rootkeeper is keeping {count} server(s) informed; press Ctrl+C to stop.", flush=True)
            await stop.wait()
        finally:
            await hub.stop()
            log.info("headless hub stopped")
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        lock.release()  # after every server has stopped, so a hub taking over never runs one twice
    return 0
