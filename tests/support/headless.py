"""`rootkeeper run --headless` and hub-lock holders as real processes: their environment and what they say,
and the hub lock held by the test process itself (`hold_hub_lock`).

The processes themselves are the `headless_hub` and `lock_holder` fixtures (tests/conftest.py)."""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from app.core.system.hublock import HubLock
from tests.support.project import PROJECT

ANNOUNCE = "press Ctrl+C to stop"

HeadlessHubFactory = Callable[..., AbstractContextManager[subprocess.Popen[str]]]
"""`headless_hub(home, *args, leftovers=None, **env)` (the `headless_hub` fixture)."""

LockHolderFactory = Callable[..., AbstractContextManager[subprocess.Popen[str]]]
"""`lock_holder(state, kind, mode="plain")` (the `lock_holder` fixture)."""


def headless_env(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    env.pop("ROOTKEEPER_LOG_LEVEL", None)
    env.update(extra)
    return env


def hold_hub_lock(home: Path) -> HubLock:
    """A lock holder the tray app cannot ask to stop: the app then edits and watches, but connects nothing."""
    lock = HubLock(home / "state", "headless")
    assert lock.try_acquire()
    return lock


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
