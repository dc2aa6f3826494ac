"""`moved`: a root whose path no longer resolves to the canonical target it was added as (issue 10, #2)."""

from __future__ import annotations

from pathlib import Path

from app.core.access import AccessChecker, AccessStatus, CheckItem, check_now


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
