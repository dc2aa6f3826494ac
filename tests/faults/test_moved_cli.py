"""A shared folder swapped for a symbolic link after it was added is `moved`, not `ok` (issue 10, #2).

Real folders and real symlinks in tmp_path, checked by the CLI in its own process.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.cli import CliResult

pytestmark = pytest.mark.usefixtures("stores_at_end")  # whatever store a case leaves must parse

Cli = Callable[..., CliResult]


def _added(cli: Cli, folder: Path) -> dict[str, object]:
    added = cli("roots", "add", str(folder))
    assert added.code == 0, added
    listed = cli("roots", "check", "--json")
    assert listed.code == 0, listed
    [row] = listed.json()
    assert row["status"] == "ok", row
    return dict(row)


def _checked(cli: Cli) -> tuple[CliResult, dict[str, object]]:
    result = cli("roots", "check", "--json")
    [row] = result.json()
    return result, row


@pytest.mark.parametrize("target", ["/", "other"])
def test_folder_replaced_by_a_symlink_is_moved(cli: Cli, tmp_path: Path, target: str) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    other = tmp_path / "secret"
    other.mkdir()
    added = _added(cli, folder)
    folder.rename(tmp_path / "project.away")
    folder.symlink_to("/" if target == "/" else other, target_is_directory=True)

    result, row = _checked(cli)

    assert result.code == 1, result
    assert row["status"] == "moved", row
    assert row["uri"] == added["uri"] and row["path"] == str(folder)
    assert "not to the folder it was shared as" in str(row["detail"])


def test_parent_swapped_so_the_path_resolves_elsewhere_is_moved(cli: Cli, tmp_path: Path) -> None:
    """`work/project` stays a real folder name, but `work` now leads to a folder holding `.ssh`-like data."""
    work = tmp_path / "work"
    (work / "project").mkdir(parents=True)
    home = tmp_path / "home"
    (home / "project").mkdir(parents=True)  # what `work/project` resolves to once `work` is swapped
    (home / "project" / "id_ed25519").write_text("private key")
    _added(cli, work / "project")
    work.rename(tmp_path / "work.away")
    work.symlink_to(home, target_is_directory=True)

    result, row = _checked(cli)

    assert result.code == 1, result
    assert row["status"] == "moved", row


def test_symlink_retargeted_after_it_was_added_through_it_is_moved(cli: Cli, tmp_path: Path) -> None:
    """Added through a link (`entered_path` is the link): the link now pointing elsewhere is `moved` too."""
    real = tmp_path / "real"
    real.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    added = _added(cli, link)
    assert added["entered_path"] == str(link) and added["path"] == str(real)
    link.unlink()
    link.symlink_to(elsewhere, target_is_directory=True)

    result, row = _checked(cli)

    assert result.code == 1, result
    assert row["status"] == "moved", row


def test_unchanged_symlinked_root_and_a_deleted_folder_keep_their_statuses(cli: Cli, tmp_path: Path) -> None:
    """The new check only catches a different target: a link still leading there is `ok`, a gone folder `missing`."""
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    _added(cli, link)
    assert _checked(cli)[1]["status"] == "ok"
    real.rename(tmp_path / "gone")
    result, row = _checked(cli)
    assert result.code == 1 and row["status"] == "missing", row
    os.rename(tmp_path / "gone", real)
    assert _checked(cli)[1]["status"] == "ok"
