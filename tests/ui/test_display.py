"""A `DISPLAY` that names no running X server: one sentence and the headless hub, not Qt's abort."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from app.ui.display import unreachable_display
from tests.support.gui import no_desktop_env
from tests.support.project import PROJECT


def free_display() -> str:
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


def test_a_dead_display_falls_back_to_the_headless_hub_with_one_sentence(tmp_path: Path) -> None:
    dead = free_display()
    process = subprocess.Popen([sys.executable, "-m", "app"], env=no_desktop_env(tmp_path / "home", DISPLAY=dead),
                               cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stderr is not None
        announced = process.stdout.readline()
        assert "keeping 0 server(s) informed" in announced, process.stderr.read()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
        assert process.stderr.read().strip() == (
            f"rootkeeper: The display {dead} cannot be opened, so Rootkeeper runs without a window."
        )
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_only_a_display_qt_would_use_is_checked() -> None:
    dead = free_display()
    assert unreachable_display({"DISPLAY": dead}, "linux") == dead
    assert unreachable_display({"DISPLAY": dead, "QT_QPA_PLATFORM": "xcb"}, "linux") == dead
    assert unreachable_display({"DISPLAY": dead, "QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert unreachable_display({"DISPLAY": dead, "WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert unreachable_display({}, "linux") is None
    assert unreachable_display({"DISPLAY": dead}, "darwin") is None


def test_a_running_x_server_is_reachable(x_display: str) -> None:
    assert unreachable_display({"DISPLAY": x_display}, "linux") is None


# Asked before the first frame: finding libxcb by `ctypes.util.find_library` would run `ldconfig -p` (and import
# `subprocess`) on every start; libxcb is opened by its soname, the name Qt's own xcb plugin is linked against.
ASK = """
import sys
from app.ui.display import unreachable_display
print(unreachable_display({"DISPLAY": sys.argv[1]}, "linux") is None, "subprocess" in sys.modules)
"""


def test_asking_the_x_server_starts_no_other_process(x_display: str) -> None:
    done = subprocess.run([sys.executable, "-c", ASK, x_display], env=dict(os.environ, PYTHONPATH=str(PROJECT)),
                          cwd=PROJECT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]
