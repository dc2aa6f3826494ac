"""One tray app per settings folder: a second start asks the first to show its window, then exits.

A `QLockFile` decides who is first (the operating system frees it when that process dies, and Qt
clears a stale one left by a crash); a `QLocalServer` owned by the first process carries the
"show yourself" message. Both are keyed to the settings folder, so two `ROOTKEEPER_HOME`s are two
independent apps.
"""

from __future__ import annotations

import getpass
import hashlib
import time
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

SHOW = b"show\n"
LOCK_FILE = "gui.lock"


def server_name(state_dir: Path) -> str:
    # A short hashed name: a socket path is limited to ~100 bytes, and a test's folder is long.
    digest = hashlib.sha256(str(state_dir.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return f"rootkeeper-{getpass.getuser()}-{digest}"


class SingleInstance(QObject):
    activationRequested = Signal()

    def __init__(self, state_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state_dir = state_dir
        self._lock = QLockFile(str(state_dir / LOCK_FILE))
        self._lock.setStaleLockTime(0)  # a live app holds it for days: only a dead owner makes it stale
        self._name = server_name(state_dir)
        self._server: QLocalServer | None = None

    def claim(self) -> bool:
        """Become the one instance; False when another process already is."""
        self._state_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not self._lock.tryLock(0):
            return False
        # Holding the lock proves no live instance owns the name, so a leftover socket is stale.
        QLocalServer.removeServer(self._name)
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self._name):
            raise RuntimeError(f"Cannot listen for a second start: {server.errorString()}")
        server.newConnection.connect(self._accept)
        self._server = server
        return True

    def notify_primary(self, timeout: float = 3.0) -> bool:
        """Ask the running instance to show its window; retries while it is still starting up."""
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
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _accept(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.setParent(self)
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        while socket.canReadLine():
            if bytes(socket.readLine().data()) == SHOW:
                self.activationRequested.emit()
