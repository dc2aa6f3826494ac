"""Path aliases: a server in a container, a VM or WSL sees a shared folder under another path.

An alias maps a local folder prefix (canonical, symlinks resolved, like every root's path) to the
path the server sees it as: `~/projects` -> `/workspace` sends `/home/me/projects/app` as
`file:///workspace/app`. A server with aliases is sent only what falls inside one of them: a folder
outside every mapped prefix does not exist where the server runs. The longest matching prefix wins.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import PurePosixPath, PureWindowsPath

_WINDOWS_ABSOLUTE = re.compile(r"^[A-Za-z]:[\\/]")


def is_remote_absolute(path: str) -> bool:
    """An absolute path as the server sees it: POSIX (`/workspace`) or a Windows drive (`C:\\proj`)."""
    return path.startswith("/") or bool(_WINDOWS_ABSOLUTE.match(path))


def clean_remote(path: str) -> str:
    """The server-side path without surrounding whitespace or a trailing separator (the root `/` stays)."""
    cleaned = path.strip()
    if _WINDOWS_ABSOLUTE.match(cleaned):
        return str(PureWindowsPath(cleaned))
    return str(PurePosixPath(cleaned))


def _inside(path: str, prefix: str) -> str | None:
    """The part of `path` below `prefix` ("" for the prefix itself), or None when it is not inside."""
    if path == prefix:
        return ""
    head = prefix if prefix.endswith(os.sep) else prefix + os.sep
    return path[len(head) :] if path.startswith(head) else None


def map_path(path: str, aliases: Mapping[str, str]) -> str | None:
    """`path` as the server sees it; itself without aliases, None when outside every mapped prefix."""
    if not aliases:
        return path
    best: tuple[str, str] | None = None
    for local in aliases:
        rest = _inside(path, local)
        if rest is not None and (best is None or len(local) > len(best[0])):
            best = (local, rest)
    if best is None:
        return None
    remote = aliases[best[0]]
    parts = [part for part in best[1].split(os.sep) if part]
    flavour = PureWindowsPath if _WINDOWS_ABSOLUTE.match(remote) else PurePosixPath
    return str(flavour(remote, *parts))


def remote_uri(path: str) -> str:
    """The `file://` URI of a server-side path, percent-encoded like every root URI."""
    if _WINDOWS_ABSOLUTE.match(path):
        return PureWindowsPath(path).as_uri()
    return PurePosixPath(path).as_uri()
