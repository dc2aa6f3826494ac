"""A server connection's live status, and the file that publishes it for `servers list` in other processes."""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from app.core.servers.status_file import SHARED_LIST, STATUS_FILE, UNPUBLISHED, read_published
from app.core.system.fileio import atomic_write, private_dir
from app.core.system.processes import process_started

ConnectionState = Literal["connecting", "connected", "backoff", "stopped", "failed"]
Era = Literal["legacy", "modern"]
log = logging.getLogger(__name__)


class ConnectionStatus(BaseModel):
    """What one connection to one server looks like right now; immutable, replaced on every change."""

    model_config = ConfigDict(frozen=True)

    state: ConnectionState = "stopped"
    era: Era | None = None
    """Era of the current session, or of the last one until a new attempt starts."""
    protocol_version: str | None = None
    last_roots_fetch_at: datetime | None = None
    last_roots_fetch: list[str] | None = None
    """URIs sent at the last roots fetch (legacy `roots/list` or a modern input-required round)."""
    session_fetches: int = 0
    """Roots fetches in the current session: 0 until it is given its list (then `last_roots_fetch` is what it holds)."""
    roots_fetch_count: int = 0
    last_error: str | None = None
    """One sentence; kept while reconnecting, cleared once connected."""
    last_error_code: str | None = None
    """The stable code of `last_error` (see app/mcp/errors.py), so another interface can translate it."""
    last_error_args: dict[str, str] | None = None
    retry_in: float | None = None
    """Seconds from entering `backoff` to the next attempt."""
    settled_at: datetime | None = None
    """When the current session showed it works: it answered a request after any roots it asked for."""
    failed_sessions: int = 0
    """Sessions in a row that ended since the server last worked, counted from one that worked (see `count_failure`).

    1 is a break (news); more is the same outage going on (a crash loop); 0 while it has not
    worked since it was started, which is not news either. Kept while connected, until a session ends.
    """
    same_failures: int = 0
    """Attempts in a row that the server's own command failed with one cause (`app.core.servers.condition`); at
    the connection's limit it is not retried any more (`state` "failed")."""

    def replace(self, **changes: Any) -> ConnectionStatus:
        return self.model_copy(update=changes)

    @property
    def broke(self) -> bool:
        """Failing, and this is the start of the outage (not a crash loop going on, nor failing since the start)."""
        return self.state in ("backoff", "failed") and self.failed_sessions == 1

    def row(self) -> dict[str, Any]:
        """The published form (`servers list --json`)."""
        return self.model_dump(mode="json", exclude=_UNPUBLISHED)

def count_failure(ended: ConnectionStatus, *, stayed_up: bool) -> int:
    """`failed_sessions` once the session (or attempt) `ended` describes is over: the one rule for "a server broke".

    It worked if it settled (`settled_at`); `stayed_up`: it was up long enough to end any crash
    loop (`HEALTHY_AFTER`). A server that connects and dies each time is one outage, however
    often it restarts, and one that never worked since it was started counts nothing.
    """
    if stayed_up:
        return 1
    if ended.failed_sessions:
        return ended.failed_sessions + 1
    return 0 if ended.settled_at is None else 1


# The file's name and shape live with its reader that needs no pydantic (`servers list`).
_UNPUBLISHED = set(UNPUBLISHED)
_SHARED_LIST = SHARED_LIST


def model_row(row: object) -> dict[str, Any] | None:
    """`row` (as published) validated and published again by the model; None when it refuses it."""
    try:
        return ConnectionStatus.model_validate(row).row()
    except ValidationError:
        return None


class StatusBoard:
    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / STATUS_FILE
        self._unwritable = False
        self._started = process_started(os.getpid())
        """This process's start time, published beside its pid: a reader tells a pid reused since by it."""

    def publish(self, servers: dict[str, dict[str, Any]], lists: list[list[str]] | None = None) -> None:
        """Write the statuses; a folder that cannot take them (read-only, full) is said once, not each time."""
        document: dict[str, Any] = {"pid": os.getpid(), "process_started": self._started,
                                    "updated_at": datetime.now(UTC).isoformat(), "servers": servers}
        if lists:
            document["lists"] = lists
        try:
            private_dir(self.path.parent)
            # Not synced to disk: it describes this running process, and each roots fetch rewrites it.
            atomic_write(self.path, json.dumps(document, ensure_ascii=True).encode("ascii"), durable=False)
        except OSError as exc:
            if not self._unwritable:
                log.warning("Cannot publish the servers' status to %s (%s); other Rootkeeper commands will not "
                            "see it", self.path, exc.strerror or exc)
            self._unwritable = True
            return
        self._unwritable = False

    def publish_statuses(self, statuses: Mapping[str, ConnectionStatus]) -> None:
        """Publish `statuses` (as `row()` reads them back), each list of fetched URIs written once.

        Fifty servers sharing 100,000 roots write one list of 100,000 URIs, not fifty (a row refers
        to it by index); servers given the same list usually hold the very same list object.
        """
        lists: list[list[str]] = []
        index_of: dict[int, int] = {}
        rows: dict[str, dict[str, Any]] = {}
        for name, status in statuses.items():
            row = status.model_dump(mode="json", exclude=_UNPUBLISHED | {"last_roots_fetch"})
            fetched = status.last_roots_fetch
            if fetched is None:
                row["last_roots_fetch"] = None
            else:
                index = index_of.get(id(fetched))
                if index is None:  # a copy of a list seen already still shares it (equal lists compare fast)
                    index = next((n for n, known in enumerate(lists) if known == fetched), len(lists))
                    if index == len(lists):
                        lists.append(fetched)
                    index_of[id(fetched)] = index
                row[_SHARED_LIST] = index
            rows[name] = row
        self.publish(rows, lists)

    def clear(self) -> None:
        """Remove the file this process published; another process's file (and an unreadable one) stays."""
        try:
            document = json.loads(self.path.read_text("ascii"))
            pid = int(document["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            return
        if pid == os.getpid():
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    def read(self) -> tuple[dict[str, dict[str, Any]], bool]:
        """The last published statuses, and whether the process that published them still runs."""
        return read_published(self.path)

    def statuses(self) -> tuple[dict[str, ConnectionStatus], bool]:
        """`read()` validated through `ConnectionStatus`: a row it cannot read (older, damaged) is left out."""
        rows, running = self.read()
        statuses = {}
        for name, row in rows.items():
            try:
                statuses[str(name)] = ConnectionStatus.model_validate(row)
            except ValidationError:
                continue
        return statuses, running
