"""The checker's batches: a hung path holds up no other caller; the one-open quick check agrees with the full one."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from app.core.roots.access import AccessChecker, AccessResult, AccessStatus, check_now
from tests.support.access import HangingCheck, stuck_and_fine
from tests.support.waiting import eventually_sync


def test_a_hung_check_never_delays_another_callers_results(tmp_path: Path) -> None:
    hung, others = stuck_and_fine(tmp_path, "dead-mount", 20)
    stand_in = HangingCheck(str(hung))
    # A deadline far away: the others must be answered long before it, while the hung call is still stuck.
    checker = AccessChecker(timeout=120.0, workers=2, check=stand_in)
    answered: dict[str, AccessResult] = {}
    waiting = threading.Thread(target=lambda: answered.update(checker.check_many([(str(hung), str(hung), False)])))
    try:
        waiting.start()
        eventually_sync(lambda: str(hung) in stand_in.calls, "the hung path's check to start")
        results = checker.check_many([(str(p), str(p), False) for p in others])
        assert all(results[str(p)].ok for p in others), results
        assert waiting.is_alive() and not answered  # the hung one is still unanswered: nobody waited for it
    finally:
        stand_in.release.set()
        waiting.join(30)
        checker.close()
    assert answered[str(hung)].detail == "late"


def test_a_batch_asking_for_a_stuck_path_again_is_answered_at_once(tmp_path: Path) -> None:
    hung = tmp_path / "dead-mount"
    hung.mkdir()
    stand_in = HangingCheck(str(hung))
    checker = AccessChecker(timeout=0.2, workers=1, check=stand_in)
    try:
        first = checker.check(str(hung))
        assert first.status is AccessStatus.OFFLINE and "did not answer within 0.2 s" in first.detail
        many = checker.check_many([(f"k{n}", str(hung), False) for n in range(3)])
        assert {result.detail for result in many.values()} == {f"{hung} is still not answering."}
        assert stand_in.calls.count(str(hung)) == 1
    finally:
        stand_in.release.set()
        checker.close()


def test_the_quick_check_agrees_with_the_full_one(tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "inside").mkdir(parents=True)
    (tmp_path / "file.txt").write_text("x")
    (tmp_path / "link").symlink_to(real)
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    swapped = tmp_path / "swapped"
    swapped.mkdir()
    paths = [str(real), str(real / "inside"), str(tmp_path / "link"), str(tmp_path / "file.txt"),
             str(tmp_path / "gone"), str(tmp_path / "loop"), "/", str(swapped)]
    quick = AccessChecker()  # the default check takes the one-open path for folders
    full = AccessChecker(check=lambda path, expect_file: check_now(path, expect_file=expect_file))
    try:
        swapped.rmdir()
        os.symlink(real, swapped)  # a folder replaced by a link: `moved`, not the link's target
        fast = quick.check_many([(p, p, False) for p in paths])
        slow = full.check_many([(p, p, False) for p in paths])
    finally:
        quick.close()
        full.close()
    assert {p: (r.status, r.detail) for p, r in fast.items()} == {p: (r.status, r.detail) for p, r in slow.items()}
    assert fast[str(swapped)].status is AccessStatus.MOVED
    assert fast[str(real)].ok and fast["/"].ok


def test_closing_answers_what_is_still_queued(tmp_path: Path) -> None:
    hung = tmp_path / "dead-mount"
    queued = tmp_path / "queued"
    for folder in (hung, queued):
        folder.mkdir()
    stand_in = HangingCheck(str(hung))
    checker = AccessChecker(timeout=120.0, workers=1, check=stand_in)
    answered: dict[str, AccessResult] = {}
    items = [(str(hung), str(hung), False), (str(queued), str(queued), False)]
    waiting = threading.Thread(target=lambda: answered.update(checker.check_many(items)))
    try:
        waiting.start()
        eventually_sync(lambda: str(hung) in stand_in.calls, "the hung path's check to start")
        checker.close()
        stand_in.release.set()
        waiting.join(30)
    finally:
        stand_in.release.set()
    assert not waiting.is_alive()
    assert answered[str(queued)].status is AccessStatus.OFFLINE and "checking stopped" in answered[str(queued)].detail
    assert answered[str(hung)].detail == "late"


def test_the_workers_a_slow_check_brought_in_leave_once_the_queue_is_drained(tmp_path: Path) -> None:
    slow, others = stuck_and_fine(tmp_path, "slow-mount", 40)
    release = threading.Event()
    before = set(threading.enumerate())
    peak = [0]

    def workers() -> list[threading.Thread]:
        return [thread for thread in set(threading.enumerate()) - before
                if thread.name == "rootkeeper-access-check" and thread.is_alive()]

    def stand_in(path: str, expect_file: bool) -> AccessResult:
        if path == str(slow):
            assert release.wait(60), "the test never released the slow check"
        else:
            peak[0] = max(peak[0], len(workers()))
            time.sleep(0.01)  # long enough for the queue to stay while the pool grows
        return check_now(path, expect_file=expect_file)

    checker = AccessChecker(timeout=120.0, workers=4, check=stand_in)

    waiting = threading.Thread(target=lambda: checker.check_many([(str(slow), str(slow), False)]))
    try:
        waiting.start()
        eventually_sync(lambda: len(workers()) == 1, "one worker")  # the slow check has its worker
        # The slow check holds its worker: the pool grows to its size for the checks behind it.
        results = checker.check_many([(str(p), str(p), False) for p in others])
        assert all(result.ok for result in results.values())
        assert peak[0] >= 2
        release.set()
        waiting.join(30)
        # Nothing is queued any more: one worker stays for the next round and the others leave (on a
        # local disk, more threads only contend for the interpreter, the GUI's thread included).
        eventually_sync(lambda: len(workers()) == 1, "the pool to shrink back to one worker")
        assert all(checker.check(str(p)).ok for p in others[:5])
    finally:
        release.set()
        waiting.join(30)
        checker.close()


def test_a_slow_first_check_brings_in_more_workers_for_the_rest_of_its_own_batch(tmp_path: Path) -> None:
    slow, others = stuck_and_fine(tmp_path, "slow-mount", 5)
    stand_in = HangingCheck(str(slow))
    # One caller, the slow path first: its other paths must not wait for the slow one's far deadline.
    checker = AccessChecker(timeout=120.0, workers=2, check=stand_in)
    answered: dict[str, AccessResult] = {}
    waiting = threading.Thread(
        target=lambda: answered.update(checker.check_many([(str(p), str(p), False) for p in (slow, *others)])))
    try:
        waiting.start()
        eventually_sync(lambda: all(str(p) in stand_in.calls for p in others), "every other path's check to start")
        assert waiting.is_alive()  # the slow one is still being checked
    finally:
        stand_in.release.set()
        waiting.join(30)
        checker.close()
    assert answered[str(slow)].detail == "late" and all(answered[str(p)].ok for p in others)


def test_a_round_whose_first_slice_another_rounds_worker_answered_still_waits_for_its_last(tmp_path: Path) -> None:
    hung, folders = stuck_and_fine(tmp_path, "slow-mount", 6)
    first, rest = folders[:3], folders[3:]
    stand_in = HangingCheck(str(hung))
    checker = AccessChecker(timeout=120.0, workers=1, check=stand_in)
    other = threading.Thread(target=lambda: checker.check_many([(str(hung), str(hung), False)]))
    try:
        other.start()
        eventually_sync(lambda: str(hung) in stand_in.calls, "the hung path's check to start")
        checks = checker.round()
        checks.add([(str(p), str(p), False) for p in first])
        stand_in.release.set()  # the other round's worker, free again, takes the slice queued meanwhile
        eventually_sync(lambda: all(str(p) in stand_in.calls for p in first), "the first slice's checks")
        checks.add((str(p), str(p), False) for p in rest)
        results = checks.wait()  # every check of the first slice answered long before: the round is not over
    finally:
        stand_in.release.set()
        other.join(30)
        checker.close()
    assert sorted(results) == sorted(str(p) for p in folders)
    assert all(result.ok for result in results.values()), results
