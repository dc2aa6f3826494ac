"""A client under test for `@modelcontextprotocol/conformance` (tests/node): `rootkeeper call` or the bridge.

The harness starts a scenario's server, then runs `python -m tests.support.conformance_client MODE URL`
with the scenario in `MCP_CONFORMANCE_SCENARIO`, its tool calls in `MCP_CONFORMANCE_CONTEXT` and the
protocol version in `MCP_CONFORMANCE_PROTOCOL_VERSION`. `ROOTKEEPER_HOME` (a fresh folder per run)
comes from the test. The URL becomes a configured server pinned to that era; then:

- `call`: `rootkeeper call` once per tool call (the CLI's `main`, run in this process);
- `bridge`: `rootkeeper bridge` for that server, driven by a raw host of the same era that lists the
  tools and calls each one, as an AI host would.

Exit 0 when every call answered without an error; the harness judges what went over the wire.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from app.core.model import HttpTarget, ServerEntry
from app.core.servers.words import EraPin
from app.core.store.store import Store
from tests.support.bridge import bridge_command, bridge_env

SERVER = "conformance"
MODERN = "2026-07-28"
CALL_HANG_GUARD = "180"
"""`call --timeout`, and the host's wait for each answer from the bridge: far above what a call takes
(a loaded machine takes long to import the SDK), so that a missing answer ends the run instead of hanging it."""
SCENARIO_CALLS = {"sse-retry": [{"name": "test_reconnection", "arguments": {}}]}
"""Scenarios whose context names no tool calls: the call each one expects."""


def _tool_calls() -> list[dict[str, Any]]:
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")
    calls = context.get("toolCalls") if isinstance(context, dict) else None
    return calls if isinstance(calls, list) else SCENARIO_CALLS.get(os.environ.get("MCP_CONFORMANCE_SCENARIO", ""), [])


def _configure(home: Path, url: str, version: str) -> None:
    """The scenario's server, sharing nothing, pinned to the era (as `servers add` and `servers era` would)."""
    era: EraPin = "2026-07-28" if version == MODERN else "2025-11-25"
    entry = ServerEntry(name=SERVER, target=HttpTarget(url=url), share="none", era=era)
    Store(home).update(lambda data: data.servers.append(entry))


def _by_call(calls: list[dict[str, Any]]) -> int:
    """`rootkeeper call` once per tool call, the CLI run in this process (one start for them all)."""
    from app.cli.main import main

    return sum(main(["call", SERVER, call["name"], "--args", json.dumps(call.get("arguments") or {}),
                     "--timeout", CALL_HANG_GUARD]) != 0 for call in calls)


class _Host:
    """A raw host on the bridge's pipes, one request at a time."""

    def __init__(self, home: Path, version: str) -> None:
        self.version = version
        self.next_id = 0
        self.process = subprocess.Popen(
            bridge_command(SERVER), stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=bridge_env(home)
        )

    def params(self, **params: Any) -> dict[str, Any]:
        if self.version == MODERN:
            params["_meta"] = {
                "io.modelcontextprotocol/protocolVersion": MODERN,
                "io.modelcontextprotocol/clientInfo": {"name": "conformance-host", "version": "1"},
                "io.modelcontextprotocol/clientCapabilities": {},
            }
        return params

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": self.params(**params)})
        assert self.process.stdout is not None
        guard = threading.Timer(float(CALL_HANG_GUARD), self.process.kill)  # no answer ever: end, do not hang
        guard.start()
        try:
            for line in self.process.stdout:
                answer = json.loads(line)
                if answer.get("id") == self.next_id and "method" not in answer:
                    print(line.decode().strip(), file=sys.stderr)
                    return answer  # type: ignore[no-any-return]
        finally:
            guard.cancel()
        sys.exit(f"the bridge did not answer {method}")

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


def _by_bridge(home: Path, calls: list[dict[str, Any]], version: str) -> int:
    host = _Host(home, version)
    try:
        if version != MODERN:
            host.request("initialize", protocolVersion=version, capabilities={},
                         clientInfo={"name": "conformance-host", "version": "1"})
            host.send({"method": "notifications/initialized"})
        host.request("tools/list")
        return sum("error" in host.request("tools/call", name=call["name"], arguments=call.get("arguments") or {})
                   for call in calls)
    finally:
        host.close()


def main() -> None:
    mode, url = sys.argv[1], sys.argv[-1]
    home = Path(os.environ["ROOTKEEPER_HOME"])
    version = os.environ.get("MCP_CONFORMANCE_PROTOCOL_VERSION", MODERN)
    _configure(home, url, version)
    calls = _tool_calls()
    failed = _by_call(calls) if mode == "call" else _by_bridge(home, calls, version)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
