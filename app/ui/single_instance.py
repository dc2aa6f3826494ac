"""One tray app per settings folder: a second start asks the first to show its window, then exits.

A lock on `gui.lock` decides who is first (`app.core.system.filelock`, as the store's and the hub's do: the
operating system frees it when that process dies, however it dies; the file's first line is the
holder's pid, for `rootkeeper sessions`); a `QLocalServer` owned by the first process carries the
"show yourself" message. Both are keyed to the settings folder, so two `ROOTKEEPER_HOME`s are two
independent apps.

The socket lives in a private folder (`$XDG_RUNTIME_DIR/rootkeeper`, else the state folder, else
`rootkeeper-UID` in the temporary folder; see `core.locations.runtime_dir`), never under a
predictable name in a folder every user can write. When it cannot listen, the app still runs as the
one instance and `problem` says, in one sentence, that a second start cannot raise its window.
"""

from __future__ import annotations

import contextlib
import getpass
import logging
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCryptographicHash, QObject, Signal

from app.core.system import filelock
from app.core.system.fileio import private_dir
from app.core.system.locations import runtime_dir
from app.core.text import Message, message

if TYPE_CHECKING:  # QtNetwork loads once the app is on screen (`listen`), or for a second start's message
    from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

SHOW = b"show\n"
LOCK_FILE = "gui.lock"


def server_name(state_dir: Path) -> str:
    # A short hashed name: a socket path is limited to ~100 bytes, and a test's folder is long. Qt's SHA-256
    # (the same digest as hashlib's) spares the tray's start the OpenSSL library hashlib loads.
    key = str(state_dir.resolve()).encode("utf-8", "surrogateescape")
    digest = bytes(QCryptographicHash.hash(key, QCryptographicHash.Algorithm.Sha256).toHex().data()).decode()[:16]
    return f"rootkeeper-{getpass.getuser()}-{digest}"


class SingleInstance(QObject):
    activationRequested = Signal()

    def __init__(self, state_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state_dir = state_dir
        self._lock: int | None = None
        """The descriptor holding the lock, once `claim` took it."""
        self._key = server_name(state_dir).rsplit("-", 1)[-1]
        self._name = self._socket_name()
        self._server: QLocalServer | None = None
        self.problem: Message | None = None
        """Why a second start cannot raise this one's window (one sentence), once `claim` found out."""

    @property
    def socket_path(self) -> str:
        return self._name

    def _socket_name(self) -> str:
        name = server_name(self._state_dir)
        if sys.platform == "win32":  # pragma: no cover - a named pipe, private to the user by Qt's option
            return name
        # Inside a folder of our own the user need not be in the name; short, for the socket path limit.
        file_name = f"gui-{name.rsplit('-', 1)[-1]}.sock"
        folder = runtime_dir(self._state_dir, file_name)
        # No private folder at all: a name in our state folder, which listen() may then fail on.
        return str((folder or self._state_dir) / file_name)

    def claim(self, *, listen: bool = True) -> bool:
        """Become the one instance; False when another process already is (`listen=False`: `listen()` later)."""
        with contextlib.suppress(OSError):  # a read-only state folder: the lock below says what it can
            private_dir(self._state_dir)
        # Not a QLockFile: it syncs its file to disk before the tray can show (milliseconds; on a
        # spinning disk, tens of them), and the kernel's lock needs no record on disk.
        fd, _problem = filelock.open_lock(self._state_dir / LOCK_FILE)
        if fd is None:
            # The state folder cannot take the lock file (not ours, gone): lock in the private runtime
            # folder instead, keyed by the state folder like the socket, so one app per home still holds.
            folder = runtime_dir(Path(tempfile.gettempdir()), f"gui-{self._key}.lock")
            if folder is None:
                return False
            fd, _problem = filelock.open_lock(folder / f"gui-{self._key}.lock")
            if fd is None:
                return False
        if not filelock.try_acquire(fd):
            os.close(fd)
            return False
        self._lock = fd
        if hasattr(os, "fchmod"):  # an older lock file keeps its mode through the open
            with contextlib.suppress(OSError):
                os.fchmod(fd, 0o600)
        if listen:
            self.listen()
        return True

    def listen(self) -> None:
        """Answer a second start's request to show the window (holding the lock is checked by `claim`)."""
        from PySide6.QtNetwork import QLocalServer

        # Holding the lock proves no live instance owns the name, so a leftover socket is stale.
        QLocalServer.removeServer(self._name)
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self._name):
            self.problem = message("instance.no_socket", path=self._name, reason=server.errorString())
            log.warning("%s", self.problem.text)
            print(f"rootkeeper: {self.problem.text}", file=sys.stderr)
            return  # still the one instance (the lock says so); only raising its window is lost
        server.newConnection.connect(self._accept)
        self._server = server

    def notify_primary(self, timeout: float = 3.0) -> bool:
        """Ask the running instance to show its window; retries while it is still starting up."""
        from PySide6.QtNetwork import QLocalSocket

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            socket = QLocalSocket()
            socket.connectToServer(self._name)
            if socket.waitForConnected(500):
                socket.write(SHOW)
                sent = socket.waitForBytesWritten(1000)
                socket.disconnectFromServer()
                return sent
            time.sleep(0.1)
        return False

    def release(self) -> None:
        if self._server is not None:
            from PySide6.QtNetwork import QLocalSocket

            # Accepted connections go first, unhooked: a late `readyRead` must not reach a dying object.
            for socket in self._server.findChildren(QLocalSocket):
                socket.readyRead.disconnect()
                socket.abort()
            self._server.close()
            self._server = None
        fd, self._lock = self._lock, None
        if fd is not None:
            try:
                filelock.release(fd)  # its pid goes too: a reader must not take a pid reused later for this app
            finally:
                os.close(fd)

    def _accept(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            # Left a child of the server (its default parent), so `release` finds and closes it.
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        while socket.canReadLine():
            if bytes(socket.readLine().data()) == SHOW:
                self.activationRequested.emit()
