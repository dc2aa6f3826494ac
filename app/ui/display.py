"""Whether the X display the desktop variables name can actually be opened, before Qt tries.

With `DISPLAY` naming a display that is gone (an X server that stopped, a stale SSH forwarding),
Qt's xcb plugin fails to connect, then says that "xcb-cursor0 is needed" and aborts the process
(exit 134): no chance to fall back. Asking libxcb first, as Qt would, costs a millisecond and lets
Rootkeeper say one true sentence and run without a window, as it does with no display at all.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes


def unreachable_display(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """The `DISPLAY` value when Qt would try X11 on it and it cannot be opened; else None."""
    if not platform.startswith("linux"):
        return None
    display = environ.get("DISPLAY", "")
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if not display or (chosen and not chosen.startswith("xcb")):
        return None  # no X at all (handled elsewhere), or another platform was chosen explicitly
    if environ.get("WAYLAND_DISPLAY") and not chosen:
        return None  # Qt prefers Wayland here; X is only its fallback
    return None if _xcb_connects(display) else display


def _xcb_connects(display: str) -> bool:
    import ctypes  # only with an X display to ask: the offscreen and Wayland starts skip loading it

    try:
        xcb = _libxcb()
    except OSError:
        return True  # cannot tell without libxcb: leave it to Qt, as before
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(os.fsencode(display), None)
    try:
        return connection is not None and xcb.xcb_connection_has_error(connection) == 0
    finally:
        if connection is not None:
            xcb.xcb_disconnect(connection)  # an errored connection must be freed the same way


def _libxcb() -> ctypes.CDLL:
    """libxcb by its soname, the one Qt's xcb plugin is linked against; searched for only where that fails
    (`ctypes.util.find_library` runs `ldconfig -p` in a child process: milliseconds before the first frame)."""
    import ctypes

    try:
        return ctypes.CDLL("libxcb.so.1")
    except OSError:
        import ctypes.util

        return ctypes.CDLL(ctypes.util.find_library("xcb") or "libxcb.so")
