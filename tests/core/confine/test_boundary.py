"""What a confined server may touch, across the commands servers are started with (`app.core.confine.boundary`)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from app.core.confine.boundary import SYSTEM, Boundary, boundary, summary

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths")


def _program(path: Path, text: str = "#!/bin/sh\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _limits(home: Path, command: str, *args: str, path: str = "", cwd: Path | None = None,
            folders: tuple[str, ...] = (), read_only: tuple[str, ...] = ()) -> Boundary:
    env = {"PATH": path or "/usr/bin:/bin"}
    return boundary(command, list(args), cwd=str(cwd) if cwd else None, env=env, folders=folders,
                    read_only=read_only, temp=str(home / "tmp-private"), home=str(home))


def _nothing_of_home_but(limits: Boundary, home: Path, allowed: set[str]) -> None:
    """No place under the home outside `allowed`, and never the home itself or a folder above it."""
    places = [*limits.program, *limits.caches, *limits.read_write, *limits.read_only]
    for place in places:
        assert not str(home).startswith(place.rstrip("/") + "/") and place != str(home), place
        if place.startswith(str(home) + "/"):
            assert any(place == ok or place.startswith(ok + "/") for ok in allowed), place


def test_npx_from_an_nvm_node_gets_its_prefix_and_the_npm_cache(tmp_path: Path) -> None:
    home = tmp_path / "home"
    prefix = home / ".nvm" / "versions" / "node" / "v20"
    _program(prefix / "bin" / "node")
    cli = _program(prefix / "lib" / "node_modules" / "npm" / "bin" / "npx-cli.js", "#!/usr/bin/env node\n")
    (prefix / "bin" / "npx").symlink_to(cli)
    limits = _limits(home, "npx", "-y", "@modelcontextprotocol/server-filesystem", "{roots}",
                     path=f"{prefix / 'bin'}:/usr/bin")
    assert str(prefix) in limits.program
    assert str(home / ".npm") in limits.caches
    assert set(SYSTEM) <= set(limits.program)
    _nothing_of_home_but(limits, home, {str(prefix), str(home / ".npm")})


def test_node_with_a_script_gets_the_script_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    modules = tmp_path / "srv" / "node_modules"
    script = _program(modules / "@scope" / "server" / "dist" / "index.js", "console.log(1)\n")
    limits = _limits(home, "node", "--enable-source-maps", str(script), "/data")
    assert str(script.parent) in limits.program
    assert str(modules) in limits.program  # the packages it imports sit beside its own
    assert str(home / ".npm") in limits.caches  # node itself may run npm's code: its cache is the launcher's


def test_uvx_in_local_bin_gets_its_folder_and_uv_caches_but_not_local(tmp_path: Path) -> None:
    home = tmp_path / "home"
    uvx = _program(home / ".local" / "bin" / "uvx")
    limits = _limits(home, "uvx", "mcp-server-git", path=f"{uvx.parent}:/usr/bin")
    assert str(uvx.parent) in limits.program
    assert str(home / ".local") not in limits.program
    assert str(home / ".cache" / "uv") in limits.caches
    assert str(home / ".local" / "share" / "uv") in limits.caches
    _nothing_of_home_but(limits, home, {str(uvx.parent), str(home / ".cache" / "uv"),
                                        str(home / ".local" / "share" / "uv")})


def test_python_m_in_a_venv_gets_the_venv_its_base_interpreter_and_working_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    base = home / ".pyenv" / "versions" / "3.11.7"
    real = _program(base / "bin" / "python3.11")
    (base / "bin" / "python3").symlink_to(real)
    project = tmp_path / "work" / "project"
    venv = project / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(base / "bin" / "python3")
    (venv / "pyvenv.cfg").write_text(f"home = {base / 'bin'}\ninclude-system-site-packages = false\n")
    limits = _limits(home, str(venv / "bin" / "python"), "-m", "my_server", cwd=project)
    for place in (venv, venv / "bin", base, base / "bin", project):
        assert str(place) in limits.program, place
    assert limits.caches == ()
    _nothing_of_home_but(limits, home, {str(base)})


def test_python_script_gets_its_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    script = _program(tmp_path / "tools" / "mcp" / "server.py", "print(1)\n")
    limits = _limits(home, "python3", "-u", "server.py", cwd=script.parent)
    assert str(script.parent) in limits.program


def test_an_absolute_binary_gets_its_install_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    binary = _program(tmp_path / "opt" / "tool" / "bin" / "tool-server")
    limits = _limits(home, str(binary), "--stdio")
    assert str(binary.parent) in limits.program
    assert str(binary.parent.parent) in limits.program
    assert limits.caches == ()


def test_a_program_right_in_the_home_gets_nothing_of_the_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    binary = _program(home / "server")
    script = _program(home / "server.py", "print(1)\n")
    for limits in (_limits(home, str(binary)), _limits(home, "python3", str(script), cwd=home)):
        _nothing_of_home_but(limits, home, set())


def test_rootkeeper_own_folders_are_never_a_program_folder(tmp_path: Path, rk_home: Path) -> None:
    home = tmp_path / "home"
    binary = _program(rk_home / "state" / "bin" / "server")
    limits = _limits(home, str(binary))
    assert not any(place.startswith(str(rk_home)) for place in limits.program)


def test_folders_are_resolved_and_read_only_ones_kept_apart(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "a")
    limits = _limits(home, "/bin/true", folders=(str(tmp_path / "link"), str(tmp_path / "b")),
                     read_only=(str(tmp_path / "b"),))
    assert limits.read_write == (str(tmp_path / "a"),)
    assert limits.read_only == (str(tmp_path / "b"),)
    assert limits.temp == str(home / "tmp-private")
    assert "/proc/self" in limits.proc and "/proc" not in limits.proc
    assert "/dev/null" in limits.devices


def test_summary_says_what_it_may_touch(tmp_path: Path) -> None:
    home = tmp_path / "home"
    given = _limits(home, "/bin/true", folders=(str(tmp_path),))
    assert summary("fs", given).text == (
        f"fs can read and change: {tmp_path}; can read: the system and its own program; "
        "cannot see anything else in your home.")
    assert "cannot see any folder of yours" in summary("fs", _limits(home, "/bin/true")).text
    both = _limits(home, "/bin/true", folders=(str(tmp_path), os.path.dirname(tmp_path)),
                   read_only=(os.path.dirname(tmp_path),))
    assert f"can read: {os.path.dirname(tmp_path)}, the system" in summary("fs", both).text
