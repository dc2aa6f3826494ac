"""SIGKILL at random moments during 1,000 saves (issue 10): each kill is a case.

A real writer process saves through `Store` and prints each revision once its save has returned;
the test kills it at a random moment of a save, checks the store, and starts the next writer, until
exactly 1,000 saves are on disk. After every kill the store parses, holds every acknowledged save
and nothing half-written, and the only temporary file left is the killed writer's own, which the
next save removes. The run is bounded by counts; only pytest's timeout guards against a hang.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.store.store import LOCK_FILE, STORE_FILE, StoreError, parse, serialize
from tests.faults.store_guard import StoreGuard
from tests.support.project import PROJECT

pytestmark = pytest.mark.timeout(600)  # a hang guard only: the run ends by counts

SAVES = 1000
SEED = 20261201
MIN_LIFE = 2  # saves a writer is given: it acknowledges one before the kill, so its cleanup has run

# Each save appends root `s{n}` (n: the revision it makes), so the store shows which saves it holds.
# Given `budget` saves, the writer makes them and then waits, so it never saves more than it is told.
WRITER = """
import sys
from pathlib import Path
from app.core.model import Root
from app.core.store.store import Store

store = Store(Path(sys.argv[1]))

def edit(data):
    n = data.revision + 1
    data.roots.append(Root(id=f"r{n}", name=f"s{n}", entered_path=f"/v/{n}", path=f"/v/{n}", uri=f"file:///v/{n}"))

print("ready", flush=True)
for _ in range(int(sys.argv[2])):
    print(store.update(edit).revision, flush=True)
print("idle", flush=True)
sys.stdin.read()
"""


def _whole(raw: bytes, acknowledged: int) -> tuple[int | None, list[str]]:
    """The revision `raw` holds and what is wrong with it: unreadable, an acknowledged save missing, a save cut."""
    try:
        data = parse(raw.decode("utf-8"))
    except (ValueError, StoreError) as exc:
        return None, [f"the store cannot be read back: {exc!r}"]
    problems = []
    if data.revision not in (acknowledged, acknowledged + 1):  # the one being written may have landed
        problems.append(f"revision {data.revision} after {acknowledged} acknowledged saves")
    expected = [(f"r{n}", f"s{n}", f"/v/{n}", f"file:///v/{n}") for n in range(1, data.revision + 1)]
    if [(root.id, root.name, root.path, root.uri) for root in data.roots] != expected:
        problems.append(f"revision {data.revision} does not hold exactly the saves s1..s{data.revision}")
    if serialize(data) != raw:
        problems.append("the file is not one whole save")
    return data.revision, problems


def _leftovers(home: Path, killed: int) -> list[str]:
    """Files beside the store other than the lock and the killed writer's own temporary file."""
    allowed = {STORE_FILE, LOCK_FILE, f".{STORE_FILE}.{killed}.tmp"}
    return sorted(name for name in os.listdir(home) if name not in allowed)


class _Writer:
    def __init__(self, home: Path, budget: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(PROJECT))
        self.process = subprocess.Popen([sys.executable, "-c", WRITER, str(home), str(budget)], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.out = self.process.stdout
        assert self.out.readline() == "ready\n"
        self.acknowledged: list[int] = []

    def read_acknowledgements(self, count: int) -> None:
        while len(self.acknowledged) < count:
            line = self.out.readline()
            assert line.strip().isdigit(), f"the writer ended or said {line!r}"
            self.acknowledged.append(int(line))

    def kill(self) -> int:
        self.process.kill()
        rest = self.process.communicate()[0].split()
        self.acknowledged += [int(word) for word in rest if word.isdigit()]
        return self.process.returncode

    def finish(self) -> int:
        while (line := self.out.readline()) != "idle\n":
            assert line.strip().isdigit(), f"the writer ended or said {line!r}"
        self.process.communicate("")
        return self.process.returncode


def test_sigkill_at_random_moments_of_1000_saves(tmp_path: Path, store_guard: StoreGuard,
                                                 record_property: Callable[[str, object], None]) -> None:
    home = tmp_path / "home"
    path = home / STORE_FILE
    rng = random.Random(SEED)
    kills = rng.randint(40, 60)
    revision = killed = 0
    failed: dict[int, list[str]] = {}  # per kill, what was wrong after it
    save_time, timed = 0.0, 0  # what saves took so far: a kill lands within one mean save after the last ack
    while killed < kills:
        lives_left = kills - killed + 1
        remaining = SAVES - revision
        budget = min(remaining - MIN_LIFE * (lives_left - 1),
                     rng.randint(MIN_LIFE, max(MIN_LIFE, 2 * remaining // lives_left - MIN_LIFE)))
        writer = _Writer(home, budget)
        started = time.monotonic()
        writer.read_acknowledgements(budget - 1)  # now in its last save, or just past it
        save_time, timed = save_time + time.monotonic() - started, timed + budget - 1
        time.sleep(rng.uniform(0, save_time / timed))  # a random moment, not a synchronisation
        code = writer.kill()
        killed += 1
        acknowledged = writer.acknowledged[-1] if writer.acknowledged else revision
        now, problems = _whole(path.read_bytes(), acknowledged)
        problems += [f"left behind: {name}" for name in _leftovers(home, writer.process.pid)]
        if code != -signal.SIGKILL:
            problems.append(f"the writer ended with {code}, not by the kill")
        if now is None or now < acknowledged:
            store_guard.lost()
        if problems:
            failed[killed] = [f"after save {acknowledged}: {problem}" for problem in problems]
        revision = now if now is not None else revision
    writer = _Writer(home, SAVES - revision)
    assert writer.finish() == 0
    record_property("cases_tried", kills)
    record_property("cases_handled", kills - len(failed))
    store_guard.watch(home, unchanged=False)
    assert failed == {}
    final, problems = _whole(path.read_bytes(), SAVES)
    assert (final, problems) == (SAVES, [])
    assert _leftovers(home, 0) == []  # the last writer's first save removed the killed one's file
