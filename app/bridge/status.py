"""This bridge's live session file (see `app.core.servers.sessions`, which reads them): written off the loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.core.history.recorder import HistoryRecorder, era_of
from app.core.servers.sessions import SESSIONS_DIR
from app.core.system.fileio import atomic_write, private_dir
from app.core.system.processes import process_started

log = logging.getLogger(__name__)

KEPT_FETCHES = 20


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class SessionStatus:
    """This bridge's status file; writes are coalesced and done off the event loop."""

    def __init__(self, state_dir: Path, server: str, transport: str) -> None:
        self.path = state_dir / SESSIONS_DIR / f"{os.getpid()}.json"
        self.history = HistoryRecorder(state_dir)
        self.document: dict[str, Any] = {
            "pid": os.getpid(),
            "process_started": process_started(os.getpid()),  # a reader tells a pid reused since by it
            "server": server,
            "transport": transport,
            "started_at": _now(),
            "host": None,
            "era": None,
            "roots_fetch_count": 0,
            "last_roots_fetch_at": None,
            "roots_fetches": [],
            "roots_given": None,
        }
        self._dirty = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._write()
        self._writer = asyncio.create_task(self._write_when_dirty(), name="bridge-status")

    def update(self, **fields: Any) -> None:
        self.document.update(fields)
        self._dirty.set()

    def host_name(self) -> str | None:
        """The host's name as its `initialize` gave it; None before that, or when it gave none."""
        host = self.document["host"]
        name = host.get("name") if isinstance(host, dict) else None
        return name if isinstance(name, str) else None

    def roots_fetched(self, uris: list[str]) -> None:
        """The server was just given `uris`: recorded in the history, then counted in the status file.

        In that order, so a reader who sees the count grow (the window) finds the record in the history.
        """
        loop = asyncio.get_running_loop()
        at = _now()
        host_name = self.host_name()

        def count() -> None:
            fetches = [*self.document["roots_fetches"], {"at": at, "count": len(uris)}][-KEPT_FETCHES:]
            self.update(
                roots_fetches=fetches, last_roots_fetch_at=at, roots_fetch_count=self.document["roots_fetch_count"] + 1,
                roots_given=uris,  # what the server holds now: the window's "Seen by" counts it while this lives
            )

        def written() -> None:  # on the recorder's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: the bridge is ending
                loop.call_soon_threadsafe(count)

        self.history.given(self.document["server"], uris, era=era_of(None, self.document["era"]), via="bridge",
                           host=host_name, then=written)

    async def _write_when_dirty(self) -> None:
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            await asyncio.to_thread(self._write)

    def _write(self) -> None:
        try:
            private_dir(self.path.parent)
            payload = json.dumps(self.document, ensure_ascii=True).encode("ascii")
            atomic_write(self.path, payload)
        except OSError as exc:
            log.warning("cannot write the session status %s: %s", self.path, exc)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        await asyncio.to_thread(self.history.close)
        with contextlib.suppress(OSError):
            self.path.unlink()
