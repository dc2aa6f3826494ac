"""The frozen folder itself: only the parts Rootkeeper uses (packaging/bundle.py), and still a working client.

The build leaves out `cryptography`, which `import mcp` pulls in through the SDK's server side; a
real call from the frozen binary to a real server shows the stand-in is enough for a client.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.build import BUILD_TIMEOUT
from tests.support.project import PROJECT

pytestmark = pytest.mark.timeout(BUILD_TIMEOUT + 120)


def inside(frozen: Path) -> set[str]:
    internal = frozen / "_internal"
    return {path.relative_to(internal).as_posix() for path in internal.rglob("*")}


def test_frozen_folder_leaves_out_what_the_app_never_loads(frozen: Path) -> None:
    files = inside(frozen)
    plugins = {name.split("PySide6/Qt/plugins/")[1] for name in files if "PySide6/Qt/plugins/" in name
               and name.endswith(".so")}
    assert "platforms/libqxcb.so" in plugins and "platforms/libqoffscreen.so" in plugins
    assert "iconengines/libqsvgicon.so" in plugins
    assert not {p for p in plugins if "wayland" in p or "gtk3" in p or p.startswith(("egl", "generic/", "tls/"))}
    translations = {name.rsplit("/", 1)[1] for name in files if name.startswith("PySide6/Qt/translations/")
                    and name.endswith(".qm")}
    assert translations == {"qtbase_zh_CN.qm", "qtbase_zh_TW.qm"}
    assert not any(name.split("/")[0].startswith(("cryptography", "jwt", "_cffi_backend")) for name in files)
    # What only the GTK 3 theme plugin linked (the system's GTK against bundled copies) is gone with it.
    assert not any(name.startswith(("libcairo", "libpango", "libatk", "libgdk")) for name in files)
    sections = subprocess.run(["readelf", "-S", str(frozen / "_internal" / "libpython3.11.so.1.0")],
                              capture_output=True, text=True, check=True).stdout
    assert ".debug_info" not in sections, "libpython was not stripped"


def test_frozen_binary_calls_a_real_server(frozen: Path, tmp_path: Path) -> None:
    shared = tmp_path / "Projects"
    shared.mkdir()
    env = dict(os.environ, ROOTKEEPER_HOME=str(tmp_path / "rk"))
    env.pop("PYTHONPATH", None)  # the frozen binary must not lean on the project's sources

    def rootkeeper(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(frozen / "rootkeeper"), *args], env=env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=90, check=False)

    assert rootkeeper("roots", "add", str(shared)).returncode == 0
    added = rootkeeper("servers", "add", "tool", "--share", "all", "--env", f"PYTHONPATH={PROJECT}",
                       "--cwd", str(PROJECT), "--", sys.executable, "-m", "tests.servers.roots_tool")
    assert added.returncode == 0, added.stderr
    called = rootkeeper("call", "tool", "show_roots")
    assert called.returncode == 0, called.stderr
    assert json.loads(called.stdout)["structuredContent"]["uris"] == [shared.as_uri()]


def test_deb_depends_on_what_the_bundle_links_but_does_not_carry(deb: Path, frozen: Path) -> None:
    field = subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True,
                           check=True).stdout
    names = {clause.strip().split(" ")[0] for clause in field.split(",")}
    # The X connection and OpenGL come from the system (PyInstaller never bundles them) ...
    assert {"libc6", "libxcb1", "libgl1", "libegl1"} <= names, field
    # ... while the xcb helpers, xkbcommon, D-Bus and fontconfig libraries travel in the bundle.
    carried = {"libxcb-cursor0": "libxcb-cursor.so.0", "libxkbcommon0": "libxkbcommon.so.0",
               "libdbus-1-3": "libdbus-1.so.3", "libfontconfig1": "libfontconfig.so.1"}
    for package, library in carried.items():
        assert (frozen / "_internal" / library).exists(), library
        assert package not in names, f"{package} is declared although the bundle carries {library}"


def test_frozen_app_asked_for_wayland_falls_back_to_x11(frozen: Path, x_display: str, tmp_path: Path) -> None:
    """No Wayland plugin is bundled: a session that sets QT_QPA_PLATFORM=wayland still gets a window."""
    env = dict(os.environ, ROOTKEEPER_HOME=str(tmp_path / "rk"), DISPLAY=x_display, QT_QPA_PLATFORM="wayland",
               WAYLAND_DISPLAY="wayland-missing", XDG_SESSION_TYPE="wayland")
    done = subprocess.run([str(frozen / "rootkeeper"), "--self-test"], env=env, capture_output=True, text=True,
                          timeout=90, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("on xcb."), done.stdout
