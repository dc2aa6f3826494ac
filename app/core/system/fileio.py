"""Crash-safe file replacement: a reader or a crash sees the old content or the new, never a mix."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path


def atomic_write(
    path: Path,
    payload: bytes,
    *,
    mode: int = 0o600,
    durable: bool = True,
    owner: tuple[int, int] | None = None,
    before_replace: Callable[[], None] | None = None,
) -> None:
    """Write a private temporary file beside `path`, fsync it, rename it over `path`, fsync the folder.

    `durable=False` leaves out both fsyncs, for a file that only describes this running process
    (a status file): readers still see the old content or the new, never a mix, and after a
    crash, which ends that process anyway, its content no longer matters. `owner` (uid, gid) is
    given to the new file (a file of another user's edited as root stays theirs). `before_replace`
    runs once the new content is on disk, immediately before the rename: whatever it raises leaves
    `path` untouched.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            if owner is not None and hasattr(os, "fchown"):
                os.fchown(handle.fileno(), *owner)  # before the mode: a change of owner may clear set-id bits
            _set_mode(handle.fileno(), mode)  # `open` left out what the umask took away
            if durable:
                os.fsync(handle.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    # The new content is in place; a folder that cannot be synced (a full or failing disk) must not
    # make the caller report a change that happened as one that did not.
    if durable:
        with contextlib.suppress(OSError):
            sync_dir(path.parent)


def private_dir(folder: Path, *, tighten_existing: bool = True) -> None:
    """Make `folder` (Rootkeeper's own) and each missing parent 0700, whatever the umask.

    `Path.mkdir(parents=True, mode=...)` gives the mode to the last folder only; the parents it
    creates (`~/.local/state`) would get the umask's 0777. Parents that already exist are the
    user's and keep their mode; `folder` itself is ours and is made private even when it exists,
    unless `tighten_existing` is False (a folder the user named, such as ROOTKEEPER_HOME=/tmp).
    """
    missing: list[Path] = []
    current = folder
    while not current.exists() and current != current.parent:
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it meanwhile
            path.mkdir(mode=0o700)
        os.chmod(path, 0o700)
    if tighten_existing and not missing and os.name != "nt" and stat.S_IMODE(os.stat(folder).st_mode) != 0o700:
        os.chmod(folder, 0o700)  # only when needed: each change of mode wakes whoever watches the folder


def _set_mode(fd: int, mode: int) -> None:
    if hasattr(os, "fchmod") and stat.S_IMODE(os.fstat(fd).st_mode) != mode:
        os.fchmod(fd, mode)


def sync_dir(folder: Path) -> None:
    if os.name == "nt":  # pragma: no cover - directories cannot be fsynced on Windows
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_stale_temporaries(path: Path) -> None:
    """Remove what a writer killed between creating its temporary file and renaming it left behind."""
    prefix = f".{path.name}."
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        for entry in entries:
            if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
