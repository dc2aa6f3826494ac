"""The bridge starts lazily: nothing of the SDK, Qt or the HTTP stack is imported for a stdio server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.bridge import bridge_env, raw_server
from tests.support.project import PROJECT
from tests.support.store import add_server

pytestmark = pytest.mark.timeout(120)

# anyio is allowed: watchfiles, which watches the store, runs on it.
HEAVY = ("mcp", "mcp_types", "PySide6", "httpx2", "qasync", "uvicorn", "starlette")


def test_a_stdio_bridge_imports_neither_the_sdk_nor_qt(tmp_path: Path, rk_home: Path) -> None:
    add_server(rk_home, "raw", raw_server(tmp_path / "record.jsonl"), share="all", consent="given")
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "app", "bridge", "--server", "raw"],
        input=(json.dumps(initialize) + "\n").encode(),
        capture_output=True,
        env=bridge_env(rk_home),
        cwd=PROJECT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = {
        line.split("|")[-1].strip().split(".")[0]
        for line in proc.stderr.decode().splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "app" in imported
    assert not imported & set(HEAVY), sorted(imported & set(HEAVY))
    # Only protocol messages on stdout: here, whatever the server answered to `initialize`, if anything.
    for line in proc.stdout.splitlines():
        assert json.loads(line)["jsonrpc"] == "2.0"
