"""Every folder Rootkeeper creates is 0700, parents included, whatever the umask (issue 36, #6): real `servers
add`, `call` and `bridge` processes under umask 022 and 000, from a home with nothing of Rootkeeper's yet."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.project import PROJECT

SERVER = [sys.executable, "-m", "tests.servers.roots_tool"]


def _run(env: dict[str, str], mask: int, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    def masked() -> None:
        os.umask(mask)

    return subprocess.run([sys.executable, "-m", "app", *args], input=stdin, capture_output=True, env=env,
                          cwd=PROJECT, timeout=120, check=False, preexec_fn=masked)


def _open_folders(top: Path) -> list[str]:
    return [f"{path.relative_to(top)} {stat.S_IMODE(path.stat().st_mode):o}"
            for path in sorted(top.rglob("*")) if path.is_dir() and stat.S_IMODE(path.stat().st_mode) != 0o700]


def _exercise(env: dict[str, str], mask: int) -> None:
    added = _run(env, mask, "servers", "add", "s", "--share", "none", "--cwd", str(PROJECT), "--", *SERVER)
    assert added.returncode == 0, added.stderr
    called = _run(env, mask, "call", "s", "show_roots", "--timeout", "30")  # the server's refusal is fine here
    assert b"unexpected" not in called.stderr.lower(), called.stderr
    _run(env, mask, "bridge", "s")  # the host closes at once: the bridge has made its folders by then


@pytest.mark.parametrize("mask", [0o022, 0o000])
def test_a_first_run_from_an_empty_home_makes_private_folders(tmp_path: Path, mask: int) -> None:
    home = tmp_path / "home"
    home.mkdir(mode=0o755)
    env = {key: value for key, value in os.environ.items()
           if key not in {"ROOTKEEPER_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"}}
    env.update(HOME=str(home), PYTHONPATH=str(PROJECT))
    _exercise(env, mask)
    assert (home / ".local" / "state").is_dir()
    assert _open_folders(home) == []


@pytest.mark.parametrize("mask", [0o022, 0o000])
def test_a_named_home_gets_private_folders_inside(tmp_path: Path, mask: int) -> None:
    rk_home = tmp_path / "deep" / "rk-home"
    env = dict(os.environ, ROOTKEEPER_HOME=str(rk_home), PYTHONPATH=str(PROJECT), HOME=str(tmp_path / "user"))
    _exercise(env, mask)
    assert (rk_home / "state").is_dir()
    assert _open_folders(rk_home) == []
