"""A private X server (Xvfb) and a real system tray (trayer) on it: for the GUI tests and the GUI benchmark rows.

Qt docks a tray icon in trayer by XEmbed when no session bus offers a notification service.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator


def available() -> bool:
    """Whether Xvfb and trayer are installed."""
    return shutil.which("Xvfb") is not None and shutil.which("trayer") is not None


@contextlib.contextmanager
def private_x_server() -> Iterator[str]:
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


def start_tray_host(display: str, colour: int, width: int = 96, height: int = 32) -> subprocess.Popen[bytes]:
    """trayer as a panel along the top edge, in one flat colour (tint at full opacity)."""
    return subprocess.Popen(
        ["trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel", "--width", str(width),
         "--height", str(height),
         "--SetDockType", "true", "--transparent", "true", "--alpha", "0", "--tint", f"0x{colour:06x}"],
        env=dict(os.environ, DISPLAY=display), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
