"""What the operating system tells the roots watcher: folder entries that changed, and mount changes.

`FolderEvents` watches folders non-recursively (entries created, deleted, moved, or with changed
attributes such as permissions) and hands the changed paths to a callback on the event loop. On
Linux it reads an inotify descriptor through the loop's selector, so an idle process does not wake
up at all; elsewhere it uses the `watchfiles` library (FSEvents, ReadDirectoryChangesW). `MountTable`
blocks a thread in `poll()` on `/proc/self/mountinfo`, which the kernel marks with POLLPRI on every
mount or unmount, and reports the mount points that appeared or went away.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import select
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any

log = logging.getLogger(__name__)

PathsCallback = Callable[[set[str] | None], None]
"""Called on the loop with the changed paths; None means events were lost, so anything may have changed."""

MOUNTINFO = "/proc/self/mountinfo"


def preload_folder_events(*, portable: bool | None = None) -> None:
    """Import `FolderEvents`' backend now: called on a thread, so the event loop does not spend the
    import's 5-10 ms (ctypes and friends, with the GUI on the same loop) in the turn that starts watching."""
    if portable is None:
        portable = sys.platform != "linux"
    if portable:
        import watchfiles  # noqa: F401
    else:
        import inotify_simple  # noqa: F401


class FolderEvents:
    """Non-recursive watches on a set of folders, replaced as a whole by `watch()`."""

    def __init__(self, on_change: PathsCallback, *, portable: bool | None = None) -> None:
        """`portable` forces the `watchfiles` path (the default off Linux)."""
        self._on_change = on_change
        self._loop = asyncio.get_running_loop()
        if portable is None:
            portable = sys.platform != "linux"
        self._impl: _Inotify | _Watchfiles = _Watchfiles(on_change) if portable else _Inotify(self._loop, on_change)

    def watch(self, folders: Iterable[str], *, contents: Iterable[str] = ()) -> set[str]:
        """Watch exactly `folders`; return those that could not be watched (missing, refused).

        Entries coming and going are reported for every folder; a file's content rewritten in place
        only for the folders in `contents` (each write to a busy folder would otherwise wake us).
        """
        return self._impl.watch(set(folders), set(contents))

    def close(self) -> None:
        self._impl.close()


class _Inotify:
    def __init__(self, loop: asyncio.AbstractEventLoop, on_change: PathsCallback) -> None:
        from inotify_simple import INotify, flags

        self._loop = loop
        self._on_change = on_change
        self._notify = INotify(nonblocking=True)
        self._mask = (
            flags.ATTRIB | flags.CREATE | flags.DELETE | flags.MOVED_FROM | flags.MOVED_TO
            | flags.DELETE_SELF | flags.MOVE_SELF | flags.ONLYDIR
        )
        self._written = flags.CLOSE_WRITE
        self._content: set[str] = set()
        self._overflow = flags.Q_OVERFLOW
        self._ignored = flags.IGNORED
        self._by_folder: dict[str, int] = {}
        self._by_wd: dict[int, str] = {}
        loop.add_reader(self._notify.fileno(), self._readable)

    def watch(self, folders: set[str], contents: set[str]) -> set[str]:
        changed_masks = (contents ^ self._content) & set(self._by_folder)
        self._content = contents
        for folder in (set(self._by_folder) - folders) | changed_masks:
            wd = self._by_folder.pop(folder)
            if self._by_wd.pop(wd, None) is not None:
                with contextlib.suppress(OSError):
                    self._notify.rm_watch(wd)
        failed = set()
        for folder in folders - set(self._by_folder):
            try:
                wd = self._notify.add_watch(folder, self._mask | (self._written if folder in contents else 0))
            except OSError:
                failed.add(folder)
                continue
            self._by_folder[folder] = wd
            self._by_wd[wd] = folder
        return failed

    def _readable(self) -> None:
        try:
            events = self._notify.read(timeout=0)
        except BlockingIOError:
            return
        except OSError:
            log.exception("Reading folder events failed")
            self._on_change(None)
            return
        changed: set[str] = set()
        for event in events:
            if event.mask & self._overflow:
                self._on_change(None)
                return
            folder = self._by_wd.get(event.wd)
            if folder is None:
                continue
            if event.mask & self._ignored:  # the folder itself went away; the watch is gone
                del self._by_wd[event.wd]
                if self._by_folder.get(folder) == event.wd:
                    del self._by_folder[folder]
            changed.add(os.path.join(folder, event.name) if event.name else folder)
        if changed:
            self._on_change(changed)

    def close(self) -> None:
        self._loop.remove_reader(self._notify.fileno())
        self._notify.close()


class _Watchfiles:
    """The portable path: one `watchfiles.awatch` over the current folders, restarted when they change."""

    def __init__(self, on_change: PathsCallback) -> None:
        self._on_change = on_change
        self._folders: set[str] = set()
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def watch(self, folders: set[str], contents: set[str]) -> set[str]:  # watchfiles reports every write
        existing = {folder for folder in folders if os.path.isdir(folder)}
        if existing != self._folders:
            self._folders = existing
            self._restart()
        return folders - existing

    def _restart(self) -> None:
        self._stop.set()
        self._stop = asyncio.Event()
        if self._folders:
            self._task = asyncio.create_task(self._run(sorted(self._folders), self._stop), name="rootkeeper-watchfiles")

    async def _run(self, folders: list[str], stop: asyncio.Event) -> None:
        import watchfiles

        try:
            async for changes in watchfiles.awatch(
                *folders, watch_filter=None, recursive=False, stop_event=stop, debounce=200, step=50
            ):
                self._on_change({path for _change, path in changes})
        except Exception:
            log.exception("Watching folders with watchfiles failed")
            self._on_change(None)

    def close(self) -> None:
        self._stop.set()


REMOTE_FILESYSTEMS = frozenset({
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "lustre", "gpfs", "ncpfs", "davfs",
    "virtiofs", "sshfs",
})


def is_remote_filesystem(fstype: str) -> bool:
    """Whether changes on this file system may happen elsewhere, where no local event reports them."""
    return fstype in REMOTE_FILESYSTEMS or fstype == "fuse" or fstype.startswith("fuse.")


def is_inside(path: str, folders: Iterable[str]) -> bool:
    """Whether `path` is one of `folders` or inside one of them."""
    return any(path == folder or path.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders)


def read_mount_points(text: str) -> set[tuple[str, str]]:
    """(mount point, filesystem type) of every line of a mountinfo file."""
    found = set()
    for line in text.splitlines():
        fields = line.split()
        if " - " not in line or len(fields) < 5:
            continue
        fstype = line.split(" - ", 1)[1].split()[0]
        found.add((_unescape(fields[4]), fstype))
    return found


def _unescape(field: str) -> str:
    # mountinfo writes space, tab, newline and backslash as three-digit octal escapes.
    if "\\" not in field:
        return field
    raw = field.encode("utf-8", "surrogateescape")
    out = bytearray()
    index = 0
    while index < len(raw):
        if raw[index] == 0x5C and index + 4 <= len(raw) and raw[index + 1 : index + 4].isdigit():
            out.append(int(raw[index + 1 : index + 4], 8))
            index += 4
        else:
            out.append(raw[index])
            index += 1
    return out.decode("utf-8", "surrogateescape")


class MountTable:
    """Reports mount points that appeared or went away, as soon as the kernel says the table changed."""

    def __init__(self, on_change: Callable[[set[str]], None]) -> None:
        self._loop = asyncio.get_running_loop()
        self._on_change = on_change
        self.mounts: set[tuple[str, str]] = set()
        self._wake_read, self._wake_write = os.pipe()
        self._thread: threading.Thread | None = None
        self._file: Any = None

    @staticmethod
    def available() -> bool:
        return sys.platform == "linux" and os.path.exists(MOUNTINFO)

    def start(self) -> None:
        self._file = open(MOUNTINFO, "rb")  # noqa: SIM115 - the thread owns it until close()
        self.mounts = read_mount_points(self._read())
        self._thread = threading.Thread(target=self._run, name="rootkeeper-mounts", daemon=True)
        self._thread.start()

    def _read(self) -> str:
        self._file.seek(0)
        text: str = self._file.read().decode("utf-8", "surrogateescape")
        return text

    def _run(self) -> None:
        poller = select.poll()
        poller.register(self._file.fileno(), select.POLLPRI | select.POLLERR)
        poller.register(self._wake_read, select.POLLIN)
        try:
            while True:
                ready = dict(poller.poll())  # no timeout: the kernel wakes this thread, nothing else does
                if self._wake_read in ready:
                    return
                # Reading the whole table again is what re-arms the notification.
                mounts = read_mount_points(self._read())
                self._loop.call_soon_threadsafe(self._changed, mounts)
        except Exception:
            log.exception("Watching the mount table failed; the periodic re-check still covers mounts")

    def _changed(self, mounts: set[tuple[str, str]]) -> None:
        before, self.mounts = self.mounts, mounts
        moved = {point for point, _fstype in before ^ mounts}
        if moved:
            self._on_change(moved)

    def close(self) -> None:
        os.write(self._wake_write, b"x")
        if self._thread is not None:
            self._thread.join(timeout=5)
        os.close(self._wake_read)
        os.close(self._wake_write)
        if self._file is not None:
            self._file.close()
