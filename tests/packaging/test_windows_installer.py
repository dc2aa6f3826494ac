"""The Windows installer script compiles with Debian's makensis around a stand-in for the frozen folder.

The real payload is frozen on a Windows runner (.github/workflows/windows.yml); here the script's
own correctness is checked: it compiles with warnings as errors, and the installer it makes asks
Windows for no elevation (its manifest says asInvoker, the mark of RequestExecutionLevel user).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from app import __version__
from tests.support.project import PROJECT

SCRIPT = PROJECT / "packaging" / "windows" / "rootkeeper.nsi"


def test_installer_compiles_for_a_per_user_install(tmp_path: Path) -> None:
    payload = tmp_path / "rootkeeper"
    (payload / "_internal").mkdir(parents=True)
    for program in ("rootkeeper.exe", "rootkeeperw.exe"):
        (payload / program).write_bytes(b"MZ stand-in for the frozen program")
    (payload / "_internal" / "python311.dll").write_bytes(b"stand-in library")
    out = tmp_path / f"rootkeeper-{__version__}-setup.exe"

    done = subprocess.run(
        ["makensis", "-V2", "-WX", f"-DPAYLOAD={payload}", f"-DVERSION={__version__}", f"-DOUTFILE={out}",
         str(SCRIPT)], capture_output=True, text=True, timeout=120, check=False)

    assert done.returncode == 0, done.stdout + done.stderr
    installer = out.read_bytes()
    assert installer[:2] == b"MZ"
    assert b'level="asInvoker"' in installer
    assert b"requireAdministrator" not in installer and b"highestAvailable" not in installer


def test_installer_writes_only_the_users_own_places() -> None:
    script = SCRIPT.read_text()
    assert "HKLM" not in script and "SetShellVarContext all" not in script
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP}"' in script
