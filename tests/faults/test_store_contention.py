"""Eight writer processes, 2,000 edits: every waiting writer gets its turn (issue 10, #12).

No timing is asserted: the test counts refusals (must be 0) and lost edits (must be 0).
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.core.store.store import STORE_FILE, Store, StoreError
from tests.faults.store_guard import StoreGuard
from tests.support.project import PROJECT

WRITERS = 8
EDITS = 250
GIVE_UP_AFTER = 5.0

# Each edit holds the lock a little (as a loaded machine's fsync does) and gives up after a few
# seconds, which is still hundreds of holds: a waiter that gets its turn is never refused.
WRITER = """
import sys, time
from pathlib import Path
import app.core.store.store
from app.core.store.store import Store, StoreError
app.core.store.store.LOCK_TIMEOUT = float(sys.argv[3])
store, refused = Store(Path(sys.argv[1])), []

def edit(data):
    time.sleep(0.003)
    data.paused = not data.paused

for _ in range(int(sys.argv[2])):
    try:
        store.update(edit)
    except StoreError as exc:
        refused.append(str(exc))
print(len(refused), refused[:1])
"""


def test_eight_writers_doing_2000_edits_are_never_refused(tmp_path: Path, store_guard: StoreGuard) -> None:
    home = tmp_path / "home"
    Store(home).update(lambda data: None)
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    command = [sys.executable, "-c", WRITER, str(home), str(EDITS), str(GIVE_UP_AFTER)]
    writers = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for _ in range(WRITERS)]
    reports = [writer.communicate(timeout=600) for writer in writers]
    store_guard.watch(home, unchanged=False)
    refused = sum(int(out.split()[0]) for out, _ in reports if out[:1].isdigit())
    revision = json.loads((home / STORE_FILE).read_text())["revision"]
    store_guard.lost(1 + WRITERS * EDITS - refused - revision)  # edits that were saved and then vanished
    assert all(writer.returncode == 0 for writer in writers), reports
    refusals = [out for out, _ in reports if not out.startswith("0 ")]
    assert refusals == [], refusals
    final = json.loads((home / STORE_FILE).read_text())
    assert final["revision"] == 1 + WRITERS * EDITS  # no edit lost


def test_a_wait_that_times_out_says_who_held_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "home")
    store.update(lambda data: None)
    monkeypatch.setattr("app.core.store.store.LOCK_TIMEOUT", 0.5)
    holder = subprocess.Popen([sys.executable, "-c", "import sys\nfrom pathlib import Path\n"
                               "from app.core.store.store import Store\n"
                               "with Store(Path(sys.argv[1]))._locked():\n    print('held', flush=True)\n"
                               "    sys.stdin.read()\n", str(store.home)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(PROJECT)))
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(StoreError) as refused:
            store.update(lambda data: None)
    finally:
        holder.communicate("", timeout=60)
    assert refused.value.code == "store.lock_stuck"
    assert f"process {holder.pid}" in str(refused.value)


def test_a_waiter_that_gave_up_does_not_keep_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "home")
    store.update(lambda data: None)
    monkeypatch.setattr("app.core.store.store.LOCK_TIMEOUT", 0.2)
    holder = os.open(store.lock_path, os.O_RDWR)  # an open file of its own: this very process must wait too
    fcntl.flock(holder, fcntl.LOCK_EX)
    with pytest.raises(StoreError) as refused:
        store.update(lambda data: None)
    assert refused.value.code == "store.lock_stuck" and "another process" in str(refused.value)
    os.close(holder)  # the abandoned waiter may now get the lock, and must let it go at once
    monkeypatch.setattr("app.core.store.store.LOCK_TIMEOUT", 60.0)  # hang guard only
    assert store.update(lambda data: setattr(data, "paused", True)).paused
    assert not any(thread.name == "rootkeeper-store-lock" and thread.is_alive() and not thread.daemon
                   for thread in threading.enumerate())


# Holds the lock the whole time and saves an edit every few milliseconds until told to stop: a
# waiter times out while the store keeps changing (the busy case, not a stuck holder).
BUSY_WRITER = """
import sys, threading, time
from pathlib import Path
from app.core.store.store import Store
from app.core.store.encoding import serialize
store, stop, edits = Store(Path(sys.argv[1])), threading.Event(), 0
threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
with store._locked():
    while not stop.is_set():
        data = store._load_locked()
        edits += 1
        data.roots[0].name = f"edit-{edits}"
        data.revision += 1
        store._write_payload(serialize(data))
        if edits == 1:
            print("changing", flush=True)
        time.sleep(0.005)
print(edits, flush=True)
"""

# The real CLI in its own process, with a short wait for the lock (a module setting, not an option).
SHORT_WAIT_CLI = """
import sys
import app.core.store.store
app.core.store.store.LOCK_TIMEOUT = 0.5
from app.cli.main import main
sys.exit(main())
"""


def test_a_cli_edit_that_waited_out_a_busy_store_says_so_and_keeps_the_other_edits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    kept, wanted = tmp_path / "kept", tmp_path / "wanted"
    kept.mkdir()
    wanted.mkdir()
    env = dict(os.environ, PYTHONPATH=str(PROJECT), ROOTKEEPER_HOME=str(home))
    added = subprocess.run([sys.executable, "-m", "app", "roots", "add", str(kept)], env=env, cwd=PROJECT,
                           capture_output=True, text=True, timeout=60, check=False)
    assert added.returncode == 0, added
    base = Store(home).load().revision
    writer = subprocess.Popen([sys.executable, "-c", BUSY_WRITER, str(home)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "changing\n"
        waited = subprocess.run([sys.executable, "-c", SHORT_WAIT_CLI, "roots", "add", str(wanted)], env=env,
                                cwd=PROJECT, capture_output=True, text=True, timeout=120, check=False)
    finally:
        out, _ = writer.communicate("stop\n", timeout=60)
    edits = int(out.split()[-1])
    assert waited.returncode != 0, waited
    lines = [line for line in waited.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, waited.stderr
    assert "other Rootkeeper processes kept changing the settings all that time; try again." in lines[0], lines
    assert waited.stdout == "", waited.stdout
    final = Store(home).load()
    assert [root.name for root in final.roots] == [f"edit-{edits}"]  # every edit of the busy writer kept
    assert final.revision == base + edits
