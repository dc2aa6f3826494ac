from __future__ import annotations

import json
import os
import textwrap
import threading
import time
from pathlib import Path

import pytest

from app.core import access
from app.core.access import AccessStatus, check, check_many
from tests.conftest import run_unprivileged


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
    from app.core.access import check
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


def test_a_hanging_check_is_abandoned_and_not_repeated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # No dead network mount can be made here; a check that blocks stands in for one.
    release = threading.Event()
    calls = []

    def stuck(path: str, *, expect_file: bool = False) -> access.AccessResult:
        calls.append(path)
        release.wait(10)
        return access.AccessResult(AccessStatus.OK, "late")

    monkeypatch.setattr(access, "check_now", stuck)
    started = time.monotonic()
    first = check(str(tmp_path), timeout=0.2)
    assert first.status is AccessStatus.OFFLINE and "did not answer within 0.2 s" in first.detail
    second = check(str(tmp_path), timeout=0.2)
    assert second.status is AccessStatus.OFFLINE and "still not answering" in second.detail
    assert time.monotonic() - started < 2
    assert calls == [str(tmp_path)]
    release.set()
    deadline = time.monotonic() + 5
    while str(tmp_path) in access._stuck and time.monotonic() < deadline:
        time.sleep(0.01)
    assert check(str(tmp_path), timeout=1).detail == "late"


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
