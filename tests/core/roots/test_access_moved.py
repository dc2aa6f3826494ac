"""`moved`: a root whose path no longer resolves to the canonical target it was added as (issue 10, #2)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

from app.core.roots.access import AccessChecker, AccessStatus, CheckItem, check_now
from app.core.roots.checks import HeldParent, _quick_folder


def _swap(folder: Path, target: Path) -> None:
    folder.rename(folder.with_name(folder.name + "-away"))
    folder.symlink_to(target, target_is_directory=True)


def test_a_folder_replaced_by_a_link_to_root_is_moved(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    assert check_now(str(folder)).status is AccessStatus.OK
    _swap(folder, Path("/"))
    result = check_now(str(folder))
    assert result.status is AccessStatus.MOVED and not result.ok
    assert "now leads to /," in result.detail


def test_a_swapped_parent_is_moved(tmp_path: Path) -> None:
    (tmp_path / "work" / "project").mkdir(parents=True)
    (tmp_path / "ssh" / "project").mkdir(parents=True)
    path = str(tmp_path / "work" / "project")
    _swap(tmp_path / "work", tmp_path / "ssh")
    assert check_now(path).status is AccessStatus.MOVED


def test_the_entered_link_retargeted_is_moved_and_a_dangling_one_is_not(tmp_path: Path) -> None:
    real, other = tmp_path / "real", tmp_path / "other"
    real.mkdir()
    other.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    assert check_now(str(real), entered=str(link)).status is AccessStatus.OK
    link.unlink()
    link.symlink_to(other)
    assert check_now(str(real), entered=str(link)).status is AccessStatus.MOVED
    link.unlink()  # the typed link is gone, the target it was shared as is still there: still that target
    assert check_now(str(real), entered=str(link)).status is AccessStatus.OK


def test_the_checker_checks_each_entered_path_apart(tmp_path: Path) -> None:
    """Two roots with one target but different typed paths are two checks, not one answer shared."""
    real, other = tmp_path / "real", tmp_path / "other"
    real.mkdir()
    other.mkdir()
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.symlink_to(real)
    bad.symlink_to(other)
    checker = AccessChecker(timeout=30)
    try:
        results = checker.check_many([
            CheckItem("a", str(real), False, str(good)), CheckItem("b", str(real), False, str(bad)),
            ("c", str(real), False),
        ])
    finally:
        checker.close()
    assert results["a"].status is AccessStatus.OK
    assert results["b"].status is AccessStatus.MOVED
    assert results["c"].status is AccessStatus.OK


@pytest.mark.parametrize("swapped", ["folder", "parent"])
def test_the_checker_finds_a_swap_between_two_rounds(tmp_path: Path, swapped: str) -> None:
    """The checker opens a folder from the one above it, held open by its worker; a swap is still found."""
    for side in ("work", "ssh"):
        for name in ("project", "other"):
            (tmp_path / side / name).mkdir(parents=True)
    paths = [str(tmp_path / "work" / name) for name in ("project", "other")]
    checker = AccessChecker(timeout=30)
    try:
        assert all(result.ok for result in checker.check_many((path, path, False) for path in paths).values())
        if swapped == "folder":
            _swap(tmp_path / "work" / "project", tmp_path / "ssh" / "project")
        else:
            _swap(tmp_path / "work", tmp_path / "ssh")
        results = checker.check_many((path, path, False) for path in paths)
    finally:
        checker.close()
    assert results[paths[0]].status is AccessStatus.MOVED
    assert results[paths[1]].status is (AccessStatus.MOVED if swapped == "parent" else AccessStatus.OK)


def test_a_held_folder_serves_only_the_checks_asked_for_before_it_was_proven(tmp_path: Path) -> None:
    """A check asked for after a swap (a rename event's re-check) never trusts a folder opened before it."""
    for side in ("work", "ssh"):
        for name in ("a", "b"):
            (tmp_path / side / name).mkdir(parents=True)
    held = HeldParent()
    try:
        assert _quick_folder(str(tmp_path / "work" / "a"), mount_test=False, held=held, since=1, now=1) is False
        first = held.fd
        assert _quick_folder(str(tmp_path / "work" / "b"), mount_test=False, held=held, since=1, now=1) is False
        assert held.fd == first and held.path == str(tmp_path / "work")  # one open of the folder above, shared
        _swap(tmp_path / "work", tmp_path / "ssh")
        # Asked for by call 2: the folder held since call 1 is not used, and the swap sends it to the full check.
        assert _quick_folder(str(tmp_path / "work" / "b"), mount_test=False, held=held, since=2, now=2) is None
    finally:
        held.close()


def test_no_checked_folder_is_held_open_once_a_round_is_answered(tmp_path: Path) -> None:
    """Nothing under a shared folder stays open between rounds, so its drive can be unmounted."""
    paths = [tmp_path / "drive" / f"f{index:02}" for index in range(40)]
    for path in paths:
        path.mkdir(parents=True)
    checker = AccessChecker(timeout=30)
    try:
        results = checker.check_many((str(path), str(path), False) for path in paths)
        held = [link for link in _fd_targets() if link.startswith(str(tmp_path))]
    finally:
        checker.close()
    assert all(result.ok for result in results.values())
    assert held == []


def _fd_targets() -> list[str]:
    targets = []
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # the listing's own fd is closed by now
            targets.append(os.readlink(f"/proc/self/fd/{fd}"))
    return targets
