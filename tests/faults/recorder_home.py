"""A home with one shared folder and one consenting recorder server, for the disk and folder faults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from tests.support.headless import ANNOUNCE, headless_env, wait_for_line
from tests.support.project import PROJECT
from tests.support.recordings import recorded
from tests.support.store import add_roots


def home_with_recorder(home: Path, shared: Path, record: Path, name: str = "rec") -> None:
    shared.mkdir(exist_ok=True)
    store = Store(home)
    add_roots(store, shared)
    target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.legacy_recorder", "--record", str(record)],
                         env={"PYTHONPATH": str(PROJECT)}, cwd=str(PROJECT))
    # Known to follow changes (it does): what a hub learns of it is then no news, and the store is left as it is.
    entry = ServerEntry(name=name, target=target, share="all", consent="given", asks_roots="on_change")
    store.update(lambda data: data.servers.append(entry))


def headless_reaches(home: Path, record: Path, shared: Path, *, unprivileged: bool = False) -> tuple[int, str]:
    """Run `run --headless` until the recorder listed `shared`, then SIGTERM; its exit code and stderr."""
    command = [sys.executable, "-m", "app", "run", "--headless"]
    if unprivileged and os.geteuid() == 0:
        command = ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", *command]
    proc = subprocess.Popen(command, env=headless_env(home), cwd=PROJECT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for_line(proc, ANNOUNCE)
        deadline = time.monotonic() + 60
        while not any(shared.as_uri() in listed for listed in recorded(record)):
            assert proc.poll() is None, f"the hub exited: {proc.communicate(timeout=60)}"
            assert time.monotonic() < deadline, f"the server never listed {shared}: {record_text(record)}"
            time.sleep(0.05)
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=60)
    return proc.returncode, err


def record_text(record: Path) -> str:
    return record.read_text() if record.exists() else "(nothing recorded)"


def is_one_sentence_each(err: str) -> bool:
    """Every stderr line a `rootkeeper:` sentence: no traceback, no logging error dump."""
    lines = [line for line in err.splitlines() if line.strip()]
    return all(line.startswith("rootkeeper: ") for line in lines) and "Traceback" not in err


def events(record: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in record.read_text().splitlines() if line.strip()]
