"""A `DISPLAY` that names no running X server: one sentence and the headless hub, not Qt's abort."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from app.ui.display import unreachable_display
from tests.conftest import PROJECT
from tests.ui.test_process import environment


def free_display() -> str:
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


def test_a_dead_display_falls_back_to_the_headless_hub_with_one_sentence(tmp_path: Path) -> None:
    dead = free_display()
    process = subprocess.Popen([sys.executable, "-m", "app"], env=environment(tmp_path / "home", DISPLAY=dead),
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


def test_a_running_x_server_is_reachable() -> None:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as announced:
            number = announced.readline().strip()  # written once the server accepts connections
        assert number.isdigit()
        assert unreachable_display({"DISPLAY": f":{number}"}, "linux") is None
    finally:
        server.terminate()
        server.wait(timeout=20)
