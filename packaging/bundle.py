"""What the frozen folder keeps: the spec's trimming rules, kept apart so tests can read them.

PyInstaller's Qt hooks collect every plugin and translation of the wheel and every library those
plugins link. Rootkeeper needs far less: the X11 (xcb) and offscreen platforms, SVG for its icons,
the input-method plugins (ibus for typing Chinese), the desktop-portal theme, and its own languages.
Dropped on purpose:
- Wayland: the tray is a StatusNotifierItem over D-Bus on every desktop, the window runs under
  XWayland (which also lets it restore its position, something Wayland forbids), and the .deb then
  needs no libwayland-*. entry.py keeps Qt falling back to xcb when Wayland is asked for.
- the GTK 3 theme: it links the system's GTK 3 against the bundle's own cairo/pango/glib copies,
  the classic source of crashes in frozen Qt apps, and pulls in 8 MB of them.
- eglfs/linuxfb/vnc/KMS platforms, evdev input, TLS and network-information plugins (no QtNetwork
  socket other than the local single-instance one), and every image format but SVG.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

QT = "PySide6/Qt/"

KEPT_PLUGINS = (
    "platforms/libqxcb.so",
    "platforms/libqoffscreen.so",
    "xcbglintegrations/*",
    "imageformats/libqsvg.so",
    "iconengines/libqsvgicon.so",
    "platforminputcontexts/*",
    "platformthemes/libqxdgdesktopportal.so",
)

# Qt libraries only the dropped plugins load.
DROPPED_QT_LIBRARIES = (
    "libQt6WaylandClient.so.6",
    "libQt6WlShellIntegration.so.6",
    "libQt6EglFSDeviceIntegration.so.6",
    "libQt6EglFsKmsSupport.so.6",
)

# Python packages never imported by the client side; `cryptography` is stood in for by
# rthook_no_cryptography.py (the SDK imports its server-side request sealing at `import mcp`).
EXCLUDED_MODULES = (
    "tkinter", "tests", "pytest", "hypothesis", "mypy", "mcp.cli",
    "cryptography", "cffi", "_cffi_backend", "jwt", "mcp.client.auth.extensions",
)


def qt_translations(languages: Iterable[str]) -> set[str]:
    """Qt's own catalogues for the app's languages (English needs none)."""
    return {f"qtbase_{language}.qm" for language in languages if language != "en"}


def keep_entry(dest: str, translations: set[str], linux: bool = True) -> bool:
    """Whether one collected file (by its path inside the frozen folder) stays.

    The plugin and library rules name Linux files; elsewhere only the translations are trimmed.
    """
    path = PurePosixPath(dest.replace("\\", "/"))
    text = path.as_posix()
    if text.startswith(QT + "translations/"):
        return path.name in translations
    if not linux:
        return True
    if text.startswith(QT + "plugins/"):
        inside = text[len(QT + "plugins/"):]
        return any(fnmatch.fnmatch(inside, pattern) for pattern in KEPT_PLUGINS)
    return path.name not in DROPPED_QT_LIBRARIES


def reachable_libraries(
    entries: list[tuple[str, str, str]], needed: Callable[[str], Iterable[str]],
) -> set[str]:
    """Names of the shared libraries some kept extension, plugin or the interpreter links, transitively.

    `entries` are PyInstaller TOC rows (dest, source, typecode); `needed(source)` lists the sonames a
    binary links. A library that only a dropped plugin linked is left out.
    """
    by_name = {PurePosixPath(dest).name: source for dest, source, kind in entries if kind == "BINARY"}
    roots = [
        source for dest, source, kind in entries
        if kind == "EXTENSION" or dest.startswith(QT + "plugins/") or PurePosixPath(dest).name.startswith("libpython")
    ]
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        for name in needed(todo.pop()):
            if name in by_name and name not in seen:
                seen.add(name)
                todo.append(by_name[name])
    return seen


def trim(
    entries: list[tuple[str, str, str]], translations: set[str], needed: Callable[[str], Iterable[str]],
) -> list[tuple[str, str, str]]:
    kept = [entry for entry in entries if keep_entry(entry[0], translations)]
    linked = reachable_libraries(kept, needed)
    return [
        (dest, source, kind) for dest, source, kind in kept
        if kind != "BINARY" or dest.startswith(QT + "plugins/") or PurePosixPath(dest).name in linked
        or PurePosixPath(dest).name.startswith("libpython")
    ]
