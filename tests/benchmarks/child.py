"""Processes the benchmarks watch from outside: a hub, bare clients, and the serial-scan floor.

    python -m tests.benchmarks.child hub            # Hub on ROOTKEEPER_HOME; JSON lines on stdout
    python -m tests.benchmarks.child clients N PORT [STORE]  # N bare SDK clients, each with its own bench server
    python -m tests.benchmarks.child scan STORE [--hold] [--json]

Each prints `{"event": "ready", ...}` once up, then stays until stdin closes (except a scan
without --hold, which exits when done).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def say(**event: Any) -> None:
    print(json.dumps(event), flush=True)


async def _stdin_closed() -> None:
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)


async def hub() -> None:
    from app.core.store.store import Store
    from app.mcp.hub import Hub

    home = Path(os.environ["ROOTKEEPER_HOME"])
    the_hub = Hub(Store(home), state_dir=home / "state")

    def on_event(kind: str) -> None:
        if kind == "store":
            say(event="store", revision=the_hub.data.revision, roots=len(the_hub.data.roots), t=time.perf_counter())

    await the_hub.start()
    the_hub.subscribe(on_event)  # type: ignore[arg-type]
    say(event="ready", roots=len(the_hub.data.roots), checked=len(the_hub.access))
    await _stdin_closed()
    await the_hub.stop()


async def clients(count: int, ack_port: int, store: str | None) -> None:
    """Bare clients answering the store's roots (or none); each `toggle` line on stdin drops or restores the last."""
    from tests.benchmarks import fixtures

    floor = fixtures.BareClients()
    uris = [root["uri"] for root in json.loads(Path(store).read_text())["roots"]] if store else []
    floor.set_list(uris)
    targets = [fixtures.stdio_params(fixtures.relister_command(f"c{i:02}", ack_port)) for i in range(count)]
    loop = asyncio.get_running_loop()
    async with floor.connected(targets):
        say(event="ready", clients=len(floor.clients))
        full = True
        while await loop.run_in_executor(None, sys.stdin.readline):
            full = not full
            floor.set_list(uris if full else uris[:-1])
            await floor.tell_all()


def scan(store_path: str, *, as_json: bool) -> list[dict[str, Any]]:
    """The floor of every roots command: read the JSON and `os.stat` each path, one after another."""
    raw = json.loads(Path(store_path).read_text(encoding="utf-8"))
    rows = []
    for root in raw["roots"]:
        try:
            os.stat(root["path"])
            status = "ok"
        except OSError:
            status = "missing"
        rows.append({"id": root["id"], "path": root["path"], "status": status})
    if as_json:
        json.dump(rows, sys.stdout)
    return rows


def main() -> None:
    mode = sys.argv[1]
    if mode == "hub":
        asyncio.run(hub())
    elif mode == "clients":
        asyncio.run(clients(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else None))
    elif mode == "scan":
        rows = scan(sys.argv[2], as_json="--json" in sys.argv)
        if "--hold" in sys.argv:
            say(event="ready", roots=len(rows))
            sys.stdin.read()
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
