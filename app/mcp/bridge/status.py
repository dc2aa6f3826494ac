"""Live bridge sessions: one private status file per running bridge, read by `rootkeeper sessions` (and the tray).

`state_home()/sessions/<pid>.json` holds the host's clientInfo, the server, the era, each roots
fetch and the last list given (`roots_given`, null until the first: the window counts the server
as holding those folders while the session lives). It is replaced atomically on every change and
removed when the bridge exits; a file whose process is gone (a bridge that was killed) is ignored
by readers.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.fileio import atomic_write

if TYPE_CHECKING:  # `live_sessions` is read by short commands, which never load asyncio
    import asyncio

log = logging.getLogger(__name__)

SESSIONS_DIR = "sessions"
KEPT_FETCHES = 20


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SessionStatus:
    """This bridge's status file; writes are coalesced and done off the event loop."""

    def __init__(self, state_dir: Path, server: str, transport: str) -> None:
        from app.core.history_recorder import HistoryRecorder

        self.path = state_dir / SESSIONS_DIR / f"{os.getpid()}.json"
        self.history = HistoryRecorder(state_dir)
        self.document: dict[str, Any] = {
            "pid": os.getpid(),
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
        import asyncio

        self._dirty = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        import asyncio

        self._write()
        self._writer = asyncio.create_task(self._write_when_dirty(), name="bridge-status")

    def update(self, **fields: Any) -> None:
        self.document.update(fields)
        self._dirty.set()

    def roots_fetched(self, uris: list[str]) -> None:
        """The server was just given `uris`: recorded in the history, then counted in the status file.

        In that order, so a reader who sees the count grow (the window) finds the record in the history.
        """
        import asyncio

        from app.core.history_recorder import era_of

        loop = asyncio.get_running_loop()
        at = _now()
        host = self.document["host"]
        name = host.get("name") if isinstance(host, dict) else None
        host_name = name if isinstance(name, str) else None

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
        import asyncio

        while True:
            await self._dirty.wait()
            self._dirty.clear()
            await asyncio.to_thread(self._write)

    def _write(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            payload = json.dumps(self.document, ensure_ascii=True).encode("ascii")
            atomic_write(self.path, payload)
        except OSError as exc:
            log.warning("cannot write the session status %s: %s", self.path, exc)

    async def close(self) -> None:
        import asyncio

        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        await asyncio.to_thread(self.history.close)
        with contextlib.suppress(OSError):
            self.path.unlink()


def live_sessions(state_dir: Path) -> list[dict[str, Any]]:
    """Every running bridge's status, oldest first; files of bridges that are gone are ignored."""
    sessions = []
    for path in sorted((state_dir / SESSIONS_DIR).glob("*.json")):
        try:
            document = json.loads(path.read_text("ascii"))
            pid = int(document["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if isinstance(document, dict) and _alive(pid):
            sessions.append(document)
    return sorted(sessions, key=lambda doc: str(doc.get("started_at")))
