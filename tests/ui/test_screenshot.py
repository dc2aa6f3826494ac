"""The real app on a real X server (Xvfb): its main window, with sample data and live servers, as a PNG.

The picture lands in the test's output folder; docs/screenshot.png in the README is a copy of one.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.conftest import PROJECT


@pytest.fixture
def x_display() -> Iterator[str]:
    """A private Xvfb server on a display number it picks itself (-displayfd), stopped afterwards."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_main_window_screenshot_under_xvfb(x_display: str, tmp_path: Path) -> None:
    out = tmp_path / "screenshot.png"
    user_home = tmp_path / "alex"
    user_home.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("WAYLAND_DISPLAY",)}
    env |= {"DISPLAY": x_display, "QT_QPA_PLATFORM": "xcb", "ROOTKEEPER_HOME": str(tmp_path / "rk"),
            "HOME": str(user_home), "PYTHONPATH": str(PROJECT)}
    done = subprocess.run(
        [sys.executable, "-c", "from tests.ui_helpers import screenshot_main; screenshot_main()", str(out)],
        env=env, cwd=PROJECT, capture_output=True, text=True, timeout=90, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(out), "xcb"]  # drawn by the X11 platform plugin, not offscreen

    image = QImage(str(out))
    assert (image.width(), image.height()) == (1060, 580)
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 20, "the screenshot is blank"
