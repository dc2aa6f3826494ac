"""A project's committed entry started as a teammate's host would start it: the bare `rootkeeper` found on PATH, in
the project, with the teammate's own settings folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support.project import PROJECT


def start_as_teammate(entry: dict[str, Any], project: Path, settings: Path) -> dict[str, Any]:
    """Start `entry` (a host config's `command` and `args`), send it `initialize`, and return the answer; the
    process must end cleanly once its input closes."""
    path = os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])
    env = dict(os.environ, ROOTKEEPER_HOME=str(settings), PATH=path, PYTHONPATH=str(PROJECT))
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                             "clientInfo": {"name": "claude-code", "version": "2"}}}
    started = subprocess.Popen([entry["command"], *entry["args"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=project)
    assert started.stdin is not None and started.stdout is not None
    started.stdin.write(json.dumps(initialize) + "\n")
    started.stdin.flush()  # a host keeps its side open while it waits for the answer
    line = started.stdout.readline()
    started.stdin.close()
    assert started.wait(60) == 0
    answer: dict[str, Any] = json.loads(line)
    assert answer["id"] == 1, line
    return answer
