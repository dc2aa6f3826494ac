"""The small tmpfs of the `small_disk` fixture, filled to the last byte or remounted read-only."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path


def fill(disk: Path) -> None:
    """Fill `disk` to the last byte (a file is still creatable on tmpfs: inodes are not the limit)."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 16, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)


def remount(disk: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(disk)], check=True, capture_output=True)
