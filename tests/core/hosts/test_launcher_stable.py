"""The command written into a host's config outlives the folder Rootkeeper was run from.

Run from a development copy (a checkout: `make run`, an editable install), an installed `rootkeeper` on PATH
is written instead when there is one; when there is none the user is told the entries depend on the copy.
Installed (no checkout around the package), nothing is said. Real processes, real PATH lookups.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.hosts import HOSTS
from tests.support.cli import run_cli
from tests.support.host_samples import CURSOR
from tests.support.project import PROJECT

SHOW = ("import json; from app.core.hosts.bridgecmd import bridge_command, launcher_note; "
        "note = launcher_note(); print(json.dumps([bridge_command('fs'), note and note.text]))")


def shown(pythonpath: Path, path: str) -> tuple[list[str], str | None]:
    env = dict(os.environ, PYTHONPATH=str(pythonpath), PATH=path)
    env.pop("ROOTKEEPER_HOME", None)
    out = subprocess.run([sys.executable, "-c", SHOW], capture_output=True, text=True, env=env, cwd="/",
                         timeout=60, check=True).stdout
    command, note = json.loads(out)
    return command, note


def installed_script(folder: Path) -> Path:
    """A `rootkeeper` installed outside the checkout, as pipx or the package puts one on PATH."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "rootkeeper"
    script.write_text(f"#!{sys.executable}\nfrom app.cli.main import main\nraise SystemExit(main())\n")
    script.chmod(0o755)
    return script


def test_from_a_checkout_an_installed_rootkeeper_on_path_is_written(tmp_path: Path) -> None:
    script = installed_script(tmp_path / "bin")
    command, note = shown(PROJECT, os.pathsep.join([str(tmp_path / "bin"), "/usr/bin", "/bin"]))
    assert command == [str(script), "bridge", "fs"] and note is None


def test_from_a_checkout_with_nothing_installed_the_user_is_told(tmp_path: Path) -> None:
    checkout_bin = PROJECT / ".venv" / "bin"  # the checkout's own console script does not count
    command, note = shown(PROJECT, os.pathsep.join([str(checkout_bin), "/usr/bin", "/bin"]))
    assert Path(command[0]).resolve().is_relative_to(PROJECT) or command[1:3] == ["-m", "app"]
    assert note == (f"The entries written start Rootkeeper from the development copy in {PROJECT}; they stop "
                    "working if it is moved or deleted. Install Rootkeeper (its package, or pipx) for entries "
                    "that last.")


def test_the_cli_says_it_after_routing_a_host(rk_home: Path, host_home: Path, data_dir: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = host_home / CURSOR.relative
    path.parent.mkdir(parents=True)
    path.write_text(CURSOR.written(data_dir), encoding="utf-8")
    monkeypatch.setenv("PATH", os.pathsep.join(["/usr/bin", "/bin"]))
    result = run_cli(rk_home, "hosts", "install", "cursor")
    assert result.code == 0, result
    assert f"development copy in {PROJECT}; they stop working if it is moved or deleted" in result.out
    assert HOSTS["cursor"].read(path, path.read_text())[0].bridged_as == "filesystem"


def test_installed_outside_a_checkout_nothing_is_said(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    shutil.copytree(PROJECT / "app", site / "app", ignore=shutil.ignore_patterns("__pycache__"))
    command, note = shown(site, os.pathsep.join(["/usr/bin", "/bin"]))
    assert note is None and command[1:] == ["-m", "app", "bridge", "fs"]
