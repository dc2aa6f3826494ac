"""Who was given each folder, and when, kept up to date from the history file at the cost of what changed.

The window's "Seen by" column and each server's details read this index. It remembers the number
of the last record it read; `update` asks the history only for records after it (grouped by server
and list in SQLite, so a server re-listing the same folders is one run), then folds them in. A
refresh thus costs what was appended since, never the whole history again.

`update` blocks on the file: call it off the GUI thread, one call at a time. Reads may come from
another thread meanwhile: they take a short lock, and `audiences` is replaced, never changed in
place, so a reader holding it sees one consistent state. Equal audiences are one tuple object
(from update to update too), so a caller comparing audiences by identity does work only where
they changed. No file is created: until something is recorded there is nothing to read.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from app.core.history.history import GivenRun, History, history_path

_KEPT_LISTS = 64
"""Decoded lists remembered by number: the usual run gives again a list given a moment ago."""


class Given(NamedTuple):
    """The last time one server was given one folder (or any folder), and how."""

    at: float
    via: str
    """`hub`, `call` or `bridge`."""
    host: str | None
    """The AI host a bridge session served, if any."""


class SeenIndex:
    def __init__(self, state_dir: Path) -> None:
        self.path = history_path(state_dir)
        self.last_id = 0
        """The number of the newest record folded in."""
        self._last_at: float | None = None
        """Its time: a record of that number with another time means another file (read afresh)."""
        self.version = 0
        """Counts the updates that changed some folder's audience (who was ever given it)."""
        self.stamp = 0
        """Counts the updates that read any new record (times move even when audiences do not)."""
        self.audiences: Mapping[str, tuple[str, ...]] = {}
        """Each folder URI (as given) -> the servers ever given it, sorted; replaced on change, never edited."""
        self._given: dict[str, dict[str, Given]] = {}
        self._by_server: dict[str, dict[str, float]] = {}
        self._last: dict[str, Given] = {}
        self._last_bridge: dict[tuple[str, str | None], tuple[float, tuple[str, ...]]] = {}
        """(server, host) -> the time and list of its newest bridge record (for sessions that do not say)."""
        self._interned: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._lists: dict[int, tuple[str, ...]] = {}
        self._summaries: dict[tuple[str, float], tuple[int, int, Given | None]] = {}
        self._history: History | None = None
        self._file: tuple[int, int] | None = None
        self._lock = threading.Lock()
        """Held while the maps change and while they are read."""
        self._updating = threading.Lock()

    # -- reading (any thread) ---------------------------------------------------------------------

    def given_to(self, uri: str) -> dict[str, Given]:
        """Each server that was given the folder `uri` (as given), and when it last was."""
        with self._lock:
            return dict(self._given.get(uri, {}))

    def last_given(self, server: str) -> Given | None:
        with self._lock:
            return self._last.get(server)

    def bridge_list(self, server: str, host: str | None, since: float) -> tuple[str, ...] | None:
        """What the newest bridge record for `server` and `host` at or after `since` gave (None: no such record).

        For a live bridge session whose status file does not carry its last list (an older bridge): the
        records do not name the session, so the newest one of its server and host since it started stands in.
        """
        with self._lock:
            found = self._last_bridge.get((server, host))
        return found[1] if found is not None and found[0] >= since else None

    def server_summary(self, server: str, since: float) -> tuple[int, Given | None]:
        """How many folders `server` was given at or after `since`, and its last record."""
        key = (server, since)
        with self._lock:
            cached = self._summaries.get(key)
            if cached is not None and cached[0] == self.stamp:
                return cached[1], cached[2]
            times = self._by_server.get(server, {})
            count = sum(1 for at in times.values() if at >= since)
            last = self._last.get(server)
            if len(self._summaries) > 64:
                self._summaries.clear()
            self._summaries[key] = (self.stamp, count, last)
            return count, last

    # -- updating (one thread at a time, off the GUI thread) ----------------------------------------

    def update(self) -> bool:
        """Fold in the records appended since the last call; True when there were any."""
        with self._updating:
            history = self._open()
            if history is None:
                return False
            top = history.latest_id()
            if self.last_id and (top < self.last_id or history.time_of(self.last_id) not in (None, self._last_at)):
                self._forget()  # numbering restarted (every record rotated away, or another file): read afresh
            if top == self.last_id:
                return False
            runs = history.given_after(self.last_id, top)
            wanted = [run.list_id for run in runs if run.list_id not in self._lists]
            if wanted:
                if len(self._lists) + len(wanted) > _KEPT_LISTS:
                    self._lists.clear()
                self._lists.update(history.folders_of(sorted(set(wanted))))
            self._fold(runs)
            self.last_id, self._last_at = top, history.time_of(top)
            return True

    def close(self) -> None:
        with self._updating:
            if self._history is not None:
                self._history.close()
                self._history = None

    def _open(self) -> History | None:
        """The open history, reopened (and read afresh) when the file was replaced; None while there is none."""
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        identity = (info.st_dev, info.st_ino)
        if self._file is not None and identity != self._file:  # another file now: what was read is not in it
            if self._history is not None:
                self._history.close()
                self._history = None
            self._forget()
        if self._history is None:
            self._history = History(self.path)
            self._file = identity
        return self._history

    def _forget(self) -> None:
        with self._lock:
            self._given, self._by_server, self._last, self._last_bridge = {}, {}, {}, {}
            self._summaries.clear()
            if self.audiences:
                self.audiences = {}
                self.version += 1
        self._lists.clear()
        self.last_id, self._last_at = 0, None

    def _fold(self, runs: list[GivenRun]) -> None:
        lists = self._lists
        changed: set[str] = set()
        with self._lock:
            given_map, by_server, last, bridges = self._given, self._by_server, self._last, self._last_bridge
            for run in sorted(runs, key=lambda run: run.at):  # oldest first: the latest time wins
                folders = lists.get(run.list_id)
                if folders is None:  # rotated away between the two reads: nothing to say
                    continue
                server, at = run.server, run.at
                given = Given(at, run.via, run.host)
                previous = last.get(server)
                if previous is None or at >= previous.at:
                    last[server] = given
                if run.via == "bridge":
                    newest = bridges.get((server, run.host))
                    if newest is None or at >= newest[0]:
                        bridges[(server, run.host)] = (at, folders)
                times = by_server.setdefault(server, {})
                for uri in folders:
                    before = times.get(uri)
                    if before is not None and before > at:
                        continue
                    times[uri] = at
                    entry = given_map.get(uri)
                    if entry is None:
                        given_map[uri] = {server: given}
                        changed.add(uri)
                    else:
                        if server not in entry:
                            changed.add(uri)
                        entry[server] = given
            if changed:
                audiences = dict(self.audiences)
                interned = self._interned
                for uri in changed:
                    names = tuple(sorted(given_map[uri]))
                    audiences[uri] = interned.setdefault(names, names)
                self.audiences = audiences
                self.version += 1
            self.stamp += 1
