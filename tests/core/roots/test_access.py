from __future__ import annotations

import json
import os
import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from app.core.roots.access import AccessChecker, AccessResult, AccessStatus, check, check_many, check_now
from tests.support.access import HangingCheck, stuck_and_fine
from tests.support.cli import run_unprivileged
from tests.support.waiting import eventually_sync


def test_ok_folder_and_file(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_text("x")
    assert check(str(tmp_path)).status is AccessStatus.OK
    assert check(str(tmp_path / "f.txt"), expect_file=True).status is AccessStatus.OK


def test_missing_and_wrong_kind(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_text("x")
    missing = check(str(tmp_path / "gone"))
    assert missing.status is AccessStatus.MISSING and "does not exist" in missing.detail
    assert check(str(tmp_path / "f.txt")).status is AccessStatus.NOT_A_DIRECTORY
    assert check(str(tmp_path), expect_file=True).status is AccessStatus.NOT_A_FILE


def test_fifo_is_not_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert check(str(fifo), expect_file=True, timeout=5).status is AccessStatus.UNREADABLE


def test_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert check(str(tmp_path / "a")).status is AccessStatus.LOOP


UNPRIVILEGED_CHECK = textwrap.dedent(
    """
    import json, sys
    from app.core.roots.access import check
    pairs = zip(sys.argv[1::2], sys.argv[2::2])
    print(json.dumps([[p, check(p, expect_file=kind == "file").status.value] for p, kind in pairs]))
    """
)


def test_permission_states_seen_by_an_unprivileged_process(tmp_path: Path) -> None:
    base = tmp_path / "perm"
    base.mkdir()
    no_read = base / "no-read"  # can be entered but not listed
    no_read.mkdir(mode=0o711)
    no_traverse = base / "no-traverse"  # can be listed but not entered
    no_traverse.mkdir()
    locked_parent = base / "locked"
    (locked_parent / "inside").mkdir(parents=True)
    secret = base / "secret.txt"
    secret.write_text("x")
    readable = base / "fine"
    readable.mkdir()
    os.chmod(no_read, 0o311)
    os.chmod(no_traverse, 0o644)
    os.chmod(locked_parent, 0o000)
    os.chmod(secret, 0o000)
    try:
        proc = run_unprivileged(
            UNPRIVILEGED_CHECK,
            str(no_read), "dir", str(no_traverse), "dir", str(locked_parent / "inside"), "dir",
            str(secret), "file", str(readable), "dir",
        )
    finally:
        for path in (no_read, no_traverse, locked_parent):
            os.chmod(path, 0o755)
        os.chmod(secret, 0o644)
    assert proc.returncode == 0, proc.stderr
    statuses = dict(json.loads(proc.stdout))
    assert statuses == {
        str(no_read): "permission_denied",
        str(no_traverse): "permission_denied",
        str(locked_parent / "inside"): "permission_denied",
        str(secret): "permission_denied",
        str(readable): "ok",
    }
    # The same paths are fine for root: proof that the unprivileged process made the difference.
    assert check(str(no_read)).ok


def test_a_hanging_path_never_marks_another_offline(tmp_path: Path) -> None:
    hung, others = stuck_and_fine(tmp_path, "dead-mount", 6)
    stand_in = HangingCheck(str(hung))
    # One worker and the hung path first in the queue: the others are checked all the same.
    checker = AccessChecker(timeout=2.0, workers=1, check=stand_in)
    try:
        results = checker.check_many([(str(p), str(p), False) for p in (hung, *others)])
        assert results[str(hung)].status is AccessStatus.OFFLINE
        assert "did not answer within 2 s" in results[str(hung)].detail
        assert all(results[str(p)].ok for p in others), results
        # While the call is stuck, the path answers at once and no second call piles up behind it.
        again = checker.check(str(hung))
        assert again.status is AccessStatus.OFFLINE and "still not answering" in again.detail
        assert stand_in.calls.count(str(hung)) == 1
        assert all(checker.check(str(p)).ok for p in others)
        stand_in.release.set()
        eventually_sync(lambda: checker.check(str(hung)).detail == "late", "the released check's late answer")
    finally:
        stand_in.release.set()
        checker.close()


def test_the_deadline_runs_from_the_start_of_a_check_not_from_the_queue(tmp_path: Path) -> None:
    folders = [tmp_path / f"slow-{n}" for n in range(12)]
    for folder in folders:
        folder.mkdir()

    def slow(path: str, expect_file: bool) -> AccessResult:
        time.sleep(0.3)  # each well inside the deadline; all of them together well past it
        return check_now(path, expect_file=expect_file)

    checker = AccessChecker(timeout=3.0, workers=1, check=slow)
    try:
        results = checker.check_many([(str(p), str(p), False) for p in folders])
    finally:
        checker.close()
    assert all(result.ok for result in results.values()), results


def test_checkers_share_nothing(tmp_path: Path) -> None:
    hung = tmp_path / "dead-mount"
    hung.mkdir()
    stand_in = HangingCheck(str(hung))
    stuck = AccessChecker(timeout=0.2, workers=1, check=stand_in)
    fresh = AccessChecker(timeout=5.0)
    try:
        assert stuck.check(str(hung)).status is AccessStatus.OFFLINE
        assert fresh.check(str(hung)).ok  # no module-level "stuck" set leaks from one checker to another
        assert check(str(hung)).ok
    finally:
        stand_in.release.set()
        stuck.close()
        fresh.close()


@pytest.fixture
def tmpfs(tmp_path: Path):  # type: ignore[no-untyped-def]
    point = tmp_path / "drive"
    point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(point)], check=False)
    # Root on this kind of machine mounts a small tmpfs; a machine that cannot is a failure, not a skip.
    assert mounted.returncode == 0, "cannot mount a tmpfs here"
    try:
        yield point
    finally:
        subprocess.run(["umount", str(point)], check=False)


def test_an_unmounted_drive_is_offline_not_its_empty_folder(tmpfs: Path) -> None:
    checker = AccessChecker()
    try:
        assert checker.check(str(tmpfs)).ok
        subprocess.run(["umount", str(tmpfs)], check=True)
        assert tmpfs.is_dir()  # the bare folder under the mount is still there, and readable
        result = checker.check(str(tmpfs))
        assert result.status is AccessStatus.OFFLINE and "not mounted" in result.detail
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(tmpfs)], check=True)
        assert checker.check(str(tmpfs)).ok
    finally:
        checker.close()


def test_an_unmounted_drive_among_its_siblings_is_offline_and_they_are_not(tmpfs: Path) -> None:
    # One batch of folders under the same parent: each is opened from the held parent, whose own
    # stat stands for every folder's "..", so the mount-point test must still single out the drive.
    siblings = [tmpfs.parent / f"sibling-{n}" for n in range(5)]
    for folder in siblings:
        folder.mkdir()
    items = [(str(path), str(path), False) for path in [*siblings[:2], tmpfs, *siblings[2:]]]
    checker = AccessChecker()
    try:
        assert all(result.ok for result in checker.check_many(items).values())
        subprocess.run(["umount", str(tmpfs)], check=True)
        results = checker.check_many(items)
        assert results[str(tmpfs)].status is AccessStatus.OFFLINE
        assert all(results[str(path)].ok for path in siblings)
    finally:
        checker.close()


def test_check_many_covers_every_item(tmp_path: Path) -> None:
    items = []
    for n in range(50):
        folder = tmp_path / str(n)
        if n % 2:
            folder.mkdir()
        items.append((str(n), str(folder), False))
    results = check_many(items, workers=4)
    assert len(results) == 50
    assert all(results[str(n)].ok == bool(n % 2) for n in range(50))
