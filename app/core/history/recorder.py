"""Appending to the history without ever holding up the caller: the hub's loop, a bridge, `call`.

Records go through a queue to one writer thread, so a slow disk, another process's rotation or a
full disk never delays a roots answer. A history that cannot be written is said once in the log
and otherwise ignored: the history is a record of what happened, never a reason for it not to.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from app.core.history.history import History, history_path

log = logging.getLogger(__name__)
SETTLE = 0.02
"""Seconds the writer lets a burst of records settle before it writes them: an edit told to many servers is
written once they all have their answers, not on their way (the writer would compete with them for the CPU)."""
_Given = tuple[str, tuple[str, ...], str, str, "str | None", float, "Callable[[], None] | None", str]


def era_of(protocol_version: str | None, era: str | None) -> str:
    """What a record says of the protocol: the version spoken when known, else the era, else `unknown`."""
    return protocol_version or era or "unknown"


class HistoryRecorder:
    def __init__(self, state_dir: Path) -> None:
        self.path = history_path(state_dir)
        self._queue: queue.SimpleQueue[_Given | None] = queue.SimpleQueue()  # None: stop
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._failed = False
        self._listeners: list[Callable[[], None]] = []
        self._closing = threading.Event()

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call `listener` after each record is committed, from the writer thread (it must only hand off)."""
        self._listeners.append(listener)

    def given(
        self,
        server: str,
        folders: Sequence[str],
        *,
        era: str,
        via: str,
        host: str | None = None,
        then: Callable[[], None] | None = None,
        how: str = "roots",
    ) -> None:
        """Record that `server` was just given `folders` (URIs, as sent; `how`: a roots answer or its arguments);
        `then` runs once it is written or skipped."""
        import time

        self._queue.put((server, tuple(folders), era, via, host, time.time(), then, how))
        with self._lock:
            if self._thread is None:
                self._closing.clear()
                self._thread = threading.Thread(target=self._write, name="rootkeeper-history", daemon=True)
                self._thread.start()

    def given_arguments(self, server: str, folders: Sequence[str], *, via: str, host: str | None = None) -> None:
        """Record that `server` was just started with `folders` (paths, as filled into its command line)."""
        from app.core.paths import path_to_uri

        self.given(server, [path_to_uri(folder) for folder in folders], era="", via=via, host=host, how="arguments")

    def close(self, timeout: float = 10.0) -> None:
        """Write what is queued, then stop (a short-lived process calls this before it exits)."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            self._closing.set()
            thread.join(timeout)

    def _items(self) -> Iterator[_Given]:
        """The records as they come, each burst after a pause: written after the answers it records went out."""
        while True:
            item = self._queue.get()
            self._closing.wait(SETTLE)
            while item is not None:
                yield item
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            if item is None:
                return

    def _write(self) -> None:
        history: History | None = None
        try:
            for item in self._items():
                server, folders, era, via, host, at, then, how = item
                try:
                    if history is None:
                        history = History(self.path)
                    history.append(server, folders, era=era, via=via, host=host, at=at, how=how)
                except Exception as error:  # any failure only costs the record
                    if not self._failed:
                        self._failed = True
                        log.warning("The history file %s cannot be written (%s); skipping records.", self.path, error)
                    if history is not None:
                        history.close()
                        history = None
                    _run(then)
                    continue
                _run(then)
                for listener in list(self._listeners):
                    try:
                        listener()
                    except Exception:  # a reader's mistake never stops the record
                        log.exception("a history listener failed")
        finally:
            if history is not None:
                history.close()


def _run(then: Callable[[], None] | None) -> None:
    if then is None:
        return
    try:
        then()
    except Exception:  # a caller's mistake never stops the records after it
        log.exception("a history callback failed")
