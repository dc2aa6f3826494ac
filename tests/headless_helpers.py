"""`rootkeeper run --headless` as a real process, for the one-hub-per-home tests."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import PROJECT
from tests.process_tree import kept

ANNOUNCE = "press Ctrl+C to stop"


def headless_env(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    env.pop("ROOTKEEPER_LOG_LEVEL", None)
    env.update(extra)
    return env


def wait_for_line(proc: subprocess.Popen[str], marker: str, timeout: float = 60.0) -> str:
    """Read the process's stdout until a line contains `marker` (fails on exit or after `timeout`)."""
    assert proc.stdout is not None
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if not selector.select(max(0.0, deadline - time.monotonic())):
                continue
            line = proc.stdout.readline()
            if not line:
                raise AssertionError(f"the process exited ({proc.wait(60)}) before {marker!r}; it said {seen}")
            seen.append(line)
            if marker in line:
                return line
    raise AssertionError(f"timed out waiting for {marker!r}; the process said {seen}")


@contextmanager
def headless_hub(
    home: Path, *args: str, leftovers: Path | None = None, **env: str
) -> Iterator[subprocess.Popen[str]]:
    """A started headless hub (its announcement read); stopped with SIGTERM afterwards if still running.

    With `leftovers`, the hub is run by `tests.process_tree`'s keeper, which writes there what the hub
    left running when it exited (the process then is the keeper's, the hub its only child).
    """
    command = [sys.executable, "-m", "app", *args, "run", "--headless"]
    proc = subprocess.Popen(
        command if leftovers is None else kept(leftovers, command), env=headless_env(home, **env), cwd=PROJECT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        wait_for_line(proc, ANNOUNCE)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.communicate(timeout=60)


# A process that takes the lock, says so, and stops cleanly on SIGTERM (as `run --headless` does).
HOLDER = """
import json, signal, sys, threading
from pathlib import Path
from app.core.system.hublock import HubLock
lock = HubLock(Path(sys.argv[1]), sys.argv[2])
assert lock.try_acquire()
if sys.argv[3] == "forge":  # the file claims another start time: what a reused pid would look like
    document = json.loads(lock.path.read_text())
    lock.path.write_text(json.dumps(dict(document, started="1")))
stop = threading.Event()
signal.signal(signal.SIGTERM, lambda *_: stop.set())
print("held", flush=True)
stop.wait()
lock.release()
print("released", flush=True)
"""


@contextmanager
def holder(state: Path, kind: str, mode: str = "plain") -> Iterator[subprocess.Popen[str]]:
    """A process holding the hub lock as `kind`; `mode` "forge" makes its lock file lie about its start time."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(state), kind, mode], cwd=PROJECT, text=True,
        env=dict(os.environ, PYTHONPATH=str(PROJECT)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        wait_for_line(proc, "held")
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=60)
