"""The MCP conformance harness (`@modelcontextprotocol/conformance`, tests/node) judges `call` and the bridge.

Each run starts the scenario's own server on loopback HTTP and runs `tests.support.conformance_client`
against it: `http-custom-headers` (2026-07-28: the `Mcp-Param-*` headers of `x-mcp-header` tool
parameters, their encoding, and their omission for a null value) through both, and `sse-retry`
(2025-11-25: a request's SSE stream closed with `retry`, resumed after that delay with
`Last-Event-ID`) through `call`. The runs go side by side, each with a home of its own; nothing is
fetched from the network (the harness is installed by `npm ci` in tests/node).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.fs_server import node
from tests.support.project import PROJECT

pytestmark = pytest.mark.timeout(600)

NODE_DIR = PROJECT / "tests" / "node"
HARNESS = NODE_DIR / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
NODE_20_SHIM = PROJECT / "tests" / "support" / "conformance" / "register.mjs"
RUNS = [("call", "http-custom-headers", "2026-07-28"), ("call", "sse-retry", "2025-11-25"),
        ("bridge", "http-custom-headers", "2026-07-28"), ("bridge", "sse-retry", "2025-11-25")]
"""(client under test, scenario, protocol version)."""
HANG_GUARD_MS = 240_000
"""The harness's wait for one client run: a hang guard, far above what a run takes."""


def _harness(mode: str, scenario: str, version: str, work: Path) -> subprocess.Popen[bytes]:
    home, results = work / "home", work / "results"
    home.mkdir(parents=True)
    client = f"{sys.executable} -m tests.support.conformance_client {mode}"
    command = [node(), "--import", str(NODE_20_SHIM), str(HARNESS), "client", "--command", client,
               "--scenario", scenario, "--spec-version", version, "--timeout", str(HANG_GUARD_MS), "-o", str(results)]
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT), NO_COLOR="1")
    return subprocess.Popen(command, cwd=PROJECT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def _checks(results: Path) -> list[dict[str, object]]:
    found = sorted(results.rglob("checks.json"))
    assert len(found) == 1, found
    checks: list[dict[str, object]] = json.loads(found[0].read_text("utf-8"))
    return checks


def test_call_and_bridge_pass_the_conformance_scenarios(tmp_path: Path) -> None:
    assert HARNESS.exists(), "make test installs node deps first (npm ci in tests/node)"
    runs = {run: _harness(*run, tmp_path / "-".join(run)) for run in RUNS}
    for (mode, scenario, version), process in runs.items():
        output, _ = process.communicate(timeout=HANG_GUARD_MS / 1000 + 60)
        said = output.decode("utf-8", "replace")
        assert process.returncode == 0, f"{scenario} through {mode}:\n{said}"
        checks = _checks(tmp_path / f"{mode}-{scenario}-{version}" / "results")
        failed = [check for check in checks if check["status"] == "FAILURE"]
        passed = {check["id"] for check in checks if check["status"] == "SUCCESS"}
        assert not failed, f"{scenario} through {mode}: {failed}"
        if scenario == "http-custom-headers":
            assert {"sep-2243-client-supports-custom-headers", "sep-2243-client-base64-unsafe",
                    "sep-2243-client-encode-values", "sep-2243-client-omit-null"} <= passed, (mode, passed)
        else:
            assert {"client-sse-graceful-reconnect", "client-sse-retry-timing",
                    "client-sse-last-event-id"} <= passed, (mode, passed)
