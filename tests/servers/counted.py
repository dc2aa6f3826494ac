"""Any test server, counting its own spawns: one line appended to a file at process start, then the server runs.

The line is written before the server's module (and the SDK) loads, so a process stopped while it
was still starting is counted too. One short `O_APPEND` write per process: lines from many
processes at once never mix.

    python -m tests.servers.counted FILE NAME MODULE [ARGS…]   # e.g. … spawns.jsonl s07 roots_tool --legacy-only

    {"name": NAME, "pid": PID, "at": SECONDS}   # `at`: time.monotonic(), one clock for every process here
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import time
from pathlib import Path


def started(file: Path) -> list[dict[str, object]]:
    """Every spawn the processes wrote down, in the order written."""
    if not file.exists():
        return []
    return [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines()]


def spawns(file: Path) -> dict[str, int]:
    """How many processes each name started, as the processes wrote it."""
    counts: dict[str, int] = {}
    for spawn in started(file):
        name = str(spawn["name"])
        counts[name] = counts.get(name, 0) + 1
    return counts


def main() -> None:
    file, name, module, *args = sys.argv[1:]
    line = json.dumps({"name": name, "pid": os.getpid(), "at": time.monotonic()}) + "\n"
    descriptor = os.open(file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(descriptor, line.encode())
    finally:
        os.close(descriptor)
    sys.argv = [module, *args]
    runpy.run_module(f"tests.servers.{module}", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
