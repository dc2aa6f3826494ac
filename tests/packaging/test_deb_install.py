"""The .deb installed on this machine like a user would (`apt-get install ./rootkeeper_*.deb`), used, removed.

The installed command must work from /usr/bin with none of the project's Python around, its menu
entry and icons must be where desktops look, and `apt-get remove` must leave nothing of the
package behind while not touching the user's own state.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from app import __version__
from tests.packaging.build import BUILD_TIMEOUT
from tests.support.project import PROJECT

APT_TIMEOUT = 600
# Waiting for dpkg's lock instead of failing when another install is running on the machine.
APT = ["apt-get", "-y", "-q", "-o", "DPkg::Lock::Timeout=300"]
INSTALLED = ("/usr/bin/rootkeeper", "/opt/rootkeeper/rootkeeper", "/usr/share/applications/rootkeeper.desktop",
             "/usr/share/icons/hicolor/scalable/apps/rootkeeper.svg")
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)

pytestmark = pytest.mark.timeout(BUILD_TIMEOUT + 2 * APT_TIMEOUT)


def as_root(command: list[str]) -> list[str]:
    return command if os.geteuid() == 0 else ["sudo", *command]


def apt(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return subprocess.run(as_root([*APT, *args]), capture_output=True, text=True, env=env, timeout=APT_TIMEOUT,
                          check=False)


def snapshot(folder: Path) -> dict[str, tuple[int, bytes | str]]:
    """Every entry under `folder`: its mode and its bytes (or a symlink's target)."""
    taken: dict[str, tuple[int, bytes | str]] = {}
    for path in sorted([folder, *folder.rglob("*")]):
        info = path.lstat()
        content: bytes | str = b""
        if stat.S_ISLNK(info.st_mode):
            content = os.readlink(path)
        elif stat.S_ISREG(info.st_mode):
            content = path.read_bytes()
        taken[str(path.relative_to(folder))] = (info.st_mode, content)
    return taken


def package_installed() -> bool:
    shown = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "rootkeeper"], capture_output=True, text=True,
                           check=False)
    return shown.stdout.strip() == "install ok installed"


def user_env(home: Path) -> dict[str, str]:
    """A login's environment: XDG defaults under `home`, no ROOTKEEPER_HOME, no PYTHONPATH, no venv."""
    return {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": str(home),
            "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen"}


def run_project_cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The project's own CLI (not the package): how the state existed before the package arrived."""
    return subprocess.run([sys.executable, "-m", "app", *args], env=user_env(home) | {"PYTHONPATH": str(PROJECT)},
                          cwd=PROJECT, capture_output=True, text=True, timeout=120, check=False)


def run_installed(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed command, found on PATH as a user would."""
    return subprocess.run(["rootkeeper", *args], env=user_env(home), cwd=home, capture_output=True, text=True,
                          timeout=120, check=False)


def test_deb_installs_runs_and_removes_cleanly(tmp_path: Path, deb: Path) -> None:
    # The user's state before the package ever arrives: a store with one shared folder, in the XDG places.
    user_home = tmp_path / "alex"
    (user_home / "Projects").mkdir(parents=True)
    made = run_project_cli(user_home, "roots", "add", str(user_home / "Projects"))
    assert made.returncode == 0, made.stderr
    state_before = snapshot(user_home)

    done = apt("install", "--no-install-recommends", str(deb))
    try:
        assert done.returncode == 0, done.stdout + done.stderr
        for path in INSTALLED:
            assert Path(path).exists(), f"{path} is not installed"
        assert os.path.realpath("/usr/bin/rootkeeper") == "/opt/rootkeeper/rootkeeper"

        version = run_installed(user_home, "--version")
        assert (version.returncode, version.stdout.strip()) == (0, f"rootkeeper {__version__}"), version.stderr
        # The self-test loads the user's store (read only: the snapshot below includes this run).
        tested = run_installed(user_home, "--self-test")
        assert tested.returncode == 0, tested.stderr
        assert tested.stdout.startswith(f"rootkeeper {__version__} self-test passed: 1 shared folder(s)"), tested.stdout

        checked = subprocess.run(["desktop-file-validate", "/usr/share/applications/rootkeeper.desktop"],
                                 capture_output=True, text=True, check=False)
        assert (checked.returncode, checked.stdout + checked.stderr) == (0, "")
        for size in PNG_SIZES:
            png = Path(f"/usr/share/icons/hicolor/{size}x{size}/apps/rootkeeper.png")
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{png} is not a PNG"
            assert int.from_bytes(png.read_bytes()[16:20], "big") == size, f"{png} is not {size} px wide"
        assert b"<svg" in Path("/usr/share/icons/hicolor/scalable/apps/rootkeeper.svg").read_bytes()
    finally:
        removed = apt("remove", "rootkeeper")
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not package_installed()
    for path in INSTALLED:
        assert not os.path.lexists(path), f"{path} is still there after apt-get remove"
    assert not Path("/opt/rootkeeper").exists()
    assert snapshot(user_home) == state_before, "installing or removing the package changed the user's state"
