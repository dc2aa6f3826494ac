"""The confining launcher under real Landlock: a ruleset from `boundary`, then `exec` (`app.core.confine.launch`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.confine import landlock
from app.core.confine.boundary import boundary
from app.core.confine.launch import REFUSED, refusal
from app.core.confine.wrap import LAUNCHER, launcher_args

pytestmark = pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")


def _confined(tmp_path: Path, command: list[str], *, folders: tuple[str, ...] = (), read_only: tuple[str, ...] = (),
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    limits = boundary(command[0], command[1:], cwd=None, env=dict(os.environ), folders=folders, read_only=read_only,
                      temp=str(tmp_path / "private-tmp"), home=str(tmp_path / "home"))
    argv = [sys.executable, "-I", "-S", LAUNCHER, *launcher_args(limits), "--", *command]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, check=False)


@pytest.fixture
def places(tmp_path: Path) -> dict[str, Path]:
    shared, sibling, ssh = tmp_path / "shared", tmp_path / "sibling", tmp_path / "home" / ".ssh"
    for folder in (shared, sibling, ssh):
        folder.mkdir(parents=True)
    (shared / "note.txt").write_text("shared text")
    (sibling / "secret.txt").write_text("sibling text")
    (ssh / "id_ed25519").write_text("PRIVATE KEY")
    return {"shared": shared, "sibling": sibling, "key": ssh / "id_ed25519"}


def test_a_confined_child_reads_and_writes_only_its_folders(tmp_path: Path, places: dict[str, Path]) -> None:
    shared = places["shared"]
    script = (
        "import os, sys\n"
        "for path in sys.argv[1:]:\n"
        "    try:\n"
        "        print(path, 'read', open(path).read())\n"
        "    except OSError as error:\n"
        "        print(path, 'refused', error.errno)\n"
        f"open({str(shared / 'new.txt')!r}, 'w').write('written')\n"
        "print('tmp', os.environ['TMPDIR'])\n"
        "open(os.path.join(os.environ['TMPDIR'], 'scratch'), 'w').write('x')\n"
    )
    result = _confined(tmp_path, [sys.executable, "-c", script, str(shared / "note.txt"), str(places["sibling"] /
                                  "secret.txt"), str(places["key"]), "/root/.bashrc"], folders=(str(shared),))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"{shared / 'note.txt'} read shared text"
    assert lines[1] == f"{places['sibling'] / 'secret.txt'} refused 13"
    assert lines[2] == f"{places['key']} refused 13"
    assert lines[3] == "/root/.bashrc refused 13"
    assert lines[4] == f"tmp {tmp_path / 'private-tmp'}"
    assert (shared / "new.txt").read_text() == "written"
    assert (tmp_path / "private-tmp").stat().st_mode & 0o777 == 0o700


def test_a_grandchild_inherits_the_ruleset(tmp_path: Path, places: dict[str, Path]) -> None:
    result = _confined(tmp_path, ["sh", "-c", f"cat {places['shared'] / 'note.txt'}; cat {places['key']}"],
                       folders=(str(places["shared"]),))
    assert "shared text" in result.stdout
    assert "PRIVATE KEY" not in result.stdout
    assert "Permission denied" in result.stderr


def test_a_read_only_folder_can_be_read_not_changed(tmp_path: Path, places: dict[str, Path]) -> None:
    shared = places["shared"]
    result = _confined(tmp_path, ["sh", "-c", f"cat {shared / 'note.txt'}; echo x > {shared / 'new'}; "
                                              f"rm {shared / 'note.txt'}; : > {shared / 'note.txt'}"],
                       folders=(str(shared),), read_only=(str(shared),))
    assert result.stdout == "shared text"
    assert result.stderr.count("Permission denied") == 3
    assert (shared / "note.txt").read_text() == "shared text"


def test_without_landlock_nothing_starts_and_the_sentence_says_why(tmp_path: Path, places: dict[str, Path]) -> None:
    marker = tmp_path / "started"
    env = dict(os.environ, **{landlock.TEST_ABI_VARIABLE: "0"})
    result = _confined(tmp_path, ["touch", str(marker)], folders=(str(tmp_path),), env=env)
    assert result.returncode == REFUSED
    assert not marker.exists()
    assert "touch was not started: it is set to run confined, and this system's kernel offers no Landlock" in \
        result.stderr


def test_refusal_names_the_missing_or_old_landlock() -> None:
    argv = ["--rw", "/x", "--", "srv"]
    assert refusal(argv, abi=7) is None
    unavailable = refusal(argv, abi=0)
    assert unavailable is not None and unavailable.code == "confine.unavailable"
    old = refusal(["--ro", "/x", "--", "srv"], abi=2)
    assert old is not None and old.code == "confine.abi_too_old" and old.args["needed"] == "3"
