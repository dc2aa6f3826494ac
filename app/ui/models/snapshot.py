"""One consistent picture of everything the UI shows, taken from the hub after each change.

Widgets and models render a `Snapshot`; they never reach into the hub themselves, so a burst of hub
events becomes one refresh and every view agrees with every other. A snapshot is built from the
previous one: a root whose record, access result and audience are the very same objects keeps its
row object, so views compare rows by identity and the cost of a change follows what changed, even
with ten thousand roots (everything derived, like the roots needing attention, is computed once).

"Seen by" is what each server was actually given (see `app.core.history.seen_by`): every server the history
says was given the folder, and among them the ones holding it now (connected, and given it in their
current session's last roots answer, or given it last by a live bridge session; a server restarting
forever holds nothing, nor does one a one-off call gave it). The cell names the
holders only; the others are in its tooltip, or named as earlier ones when nobody holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from app.core.history.seen_by import NOBODY, SeenKey, SeenMap, same_key, seen_key, seen_map
from app.core.roots.standing import Standing, standing, turned_on
from app.core.servers.condition import Condition, condition_of

if TYPE_CHECKING:  # only types here: the tray can show before pydantic (or datetime) is imported
    from datetime import datetime

    from app.core.history.index import SeenIndex
    from app.core.model import Root, ServerEntry, StoreData
    from app.core.policy import Policy
    from app.core.roots.access import AccessResult
    from app.core.roots.sharing import SharedRoot
    from app.core.servers.status import ConnectionStatus
    from app.core.text import Message

class HubView(Protocol):
    """The part of the hub a snapshot reads (the real `Hub` satisfies it)."""

    @property
    def data(self) -> StoreData: ...

    @property
    def access(self) -> Mapping[str, AccessResult]: ...

    def server_status(self, name: str) -> ConnectionStatus | None: ...

    def visible_for(self, name: str) -> list[SharedRoot]: ...


class TrayState(StrEnum):
    OK = "ok"
    ATTENTION = "attention"
    PAUSED = "paused"


class RootRow(NamedTuple):
    root: Root
    access: AccessResult | None
    seen_by: tuple[str, ...]
    """Every server that was given it (the history, and the connected ones), those holding it now first."""
    holding: tuple[str, ...] = ()
    """The servers holding it now: connected ones whose last roots answer has it, and live bridges' ones."""

    def same_as(self, other: RootRow) -> bool:
        """Shows the same: compared by identity first, then field by field (never through pydantic's `==`)."""
        if self is other:
            return True
        mine, theirs = self.access, other.access
        if mine is not theirs and (mine is None or theirs is None or mine.checked_at != theirs.checked_at
                                   or mine != theirs):
            return False  # the usual difference (a new check round) is found by one comparison
        return (self.seen_by == other.seen_by and self.holding == other.holding
                and (self.root is other.root or self.root.__dict__ == other.root.__dict__))


@dataclass(frozen=True)
class SessionRow:
    """One running bridge for a server, as its status file says (values from a host: plain, bounded text)."""

    pid: int
    host: str | None
    era: str | None
    started_at: datetime | None
    last_roots_fetch_at: datetime | None
    roots_fetch_count: int
    given: list[str] | None = field(default=None, compare=False, repr=False)
    """The URIs its server was given last (the status file's own list, by identity; None: nothing yet)."""
    says_given: bool = field(default=True, compare=False, repr=False)
    """Whether the status file tells what was given (an older bridge's does not: the history stands in)."""
    read_given: object = field(default=None, compare=False, repr=False)
    """The list as read from the file: the same object again means the file was not read anew (no comparison)."""

    @classmethod
    def parse(cls, document: Mapping[str, Any], before: SessionRow | None = None) -> SessionRow:
        """`before`: this session's row in the previous snapshot, whose equal list is kept (compared by identity)."""
        read = given = document.get("roots_given")
        if not isinstance(given, list):
            given = None
        elif before is not None and before.given is not None and (before.read_given is read or before.given == given):
            given = before.given  # a rewritten file (a fetch) with the same list: the audiences need no rebuild
        host = document.get("host")
        name = host.get("name") if isinstance(host, Mapping) else None
        era = document.get("era")
        count = document.get("roots_fetch_count")
        return cls(
            pid=count_of(document.get("pid")),
            host=plain(name) or None,
            era=era if era in ("legacy", "modern") else None,
            started_at=moment(document.get("started_at")),
            last_roots_fetch_at=moment(document.get("last_roots_fetch_at")),
            roots_fetch_count=count_of(count),
            given=given,
            says_given="roots_given" in document,
            read_given=read,
        )


def plain(value: object, limit: int = 60) -> str:
    """Text from another program as one short line: no control or formatting characters."""
    text = value if isinstance(value, str) else ""
    return "".join(ch for ch in text if ch.isprintable())[:limit].strip()


def moment(value: object) -> datetime | None:
    from datetime import datetime

    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def count_of(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


SessionsOf = Callable[[str], Iterable[Mapping[str, Any]]]


def no_sessions(_name: str) -> Iterable[Mapping[str, Any]]:
    return ()


@dataclass(frozen=True)
class ServerRow:
    entry: ServerEntry
    status: ConnectionStatus | None
    visible: tuple[SharedRoot, ...]
    sessions: tuple[SessionRow, ...] = ()
    """The bridges AI hosts started for this server, oldest first."""
    withheld: Message | None = None
    """Why it is not run now: it would serve folders while its list is empty (`app.core.roots.sharing.withheld`)."""
    read_only: frozenset[str] = frozenset()
    """The URIs of its `visible` folders marked read-only (confined, it may read them but not change them)."""

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def awaiting_consent(self) -> bool:
        return self.entry.consent != "given"

    @cached_property
    def condition(self) -> Condition:
        """Its state in the user's word and colour (`app.core.servers.condition`), the same in every view."""
        status = self.status
        return condition_of(None if status is None else status.state, enabled=self.entry.enabled,
                            failed_before=status is not None and status.last_error is not None,
                            held_back=self.withheld is not None)

    @property
    def failing(self) -> bool:
        return self.condition.failing

    @property
    def hosts(self) -> tuple[str | None, ...]:
        """The hosts using this server through a bridge, each once, in the order they started."""
        return tuple(dict.fromkeys(session.host for session in self.sessions))

    @property
    def given(self) -> list[str] | None:
        """The URIs this server holds now: its current session's last roots answer, if it is connected."""
        status = self.status
        if status is None or status.state != "connected" or not status.session_fetches:
            return None
        return status.last_roots_fetch


@dataclass(frozen=True)
class Snapshot:
    paused: bool = False
    roots: tuple[RootRow, ...] = ()
    servers: tuple[ServerRow, ...] = ()
    seen_key: SeenKey = field(default=(), compare=False, repr=False)
    seen: SeenMap = field(default_factory=dict, compare=False, repr=False)
    """Who holds each root's URI (as the roots are keyed), and what it was computed from, for the next build."""
    roots_source: object = field(default=None, compare=False, repr=False)
    """The store's list the rows were built from (by identity: the hub replaces it on every reload)."""
    policy: Policy | None = None
    """The administrator's policy in force (None: no policy): what it forbids is shown locked."""
    history: SeenIndex | None = field(default=None, compare=False, repr=False)
    """Who was given which folder and when (None: not read yet); times are read from it when shown."""

    @classmethod
    def of(cls, hub: HubView, sessions_of: SessionsOf = no_sessions, previous: Snapshot | None = None) -> Snapshot:
        return cls.build(hub.data, hub.access, hub.server_status, hub.visible_for, sessions_of, previous=previous,
                         policy=getattr(hub, "policy", None), history=previous.history if previous else None)

    @classmethod
    def of_data(cls, data: StoreData) -> Snapshot:
        """What the UI shows before the hub has run: the stored state, unchecked, nothing connected."""
        return cls.build(data, {}, lambda _name: None, lambda _name: [])

    @classmethod
    def build(
        cls,
        data: StoreData,
        access: Mapping[str, AccessResult],
        status_of: Callable[[str], ConnectionStatus | None],
        visible_for: Callable[[str], list[SharedRoot]],
        sessions_of: SessionsOf = no_sessions,
        *,
        previous: Snapshot | None = None,
        roots_changed: bool = True,
        policy: Policy | None = None,
        history: SeenIndex | None = None,
    ) -> Snapshot:
        """With `previous`, unchanged rows are reused; `roots_changed=False` says only servers moved since."""
        # The store's model is loaded by now: `data` is one.
        from app.core.roots.sharing import read_only_uris, withheld

        sessions_before = {(server.name, session.pid): session for server in previous.servers
                           for session in server.sessions} if previous is not None else {}
        servers = tuple(
            ServerRow(entry, status_of(entry.name), visible,
                      tuple(SessionRow.parse(doc, sessions_before.get((entry.name, count_of(doc.get("pid")))))
                            for doc in sessions_of(entry.name)),
                      withheld(data, entry, visible),
                      marked.intersection(shared.uri for shared in visible) if marked else frozenset())
            for marked in (read_only_uris(data.roots),)
            for entry in data.servers
            for visible in (tuple(visible_for(entry.name)),)
        )
        key = seen_key(data.roots, servers, history)
        if previous is not None and same_key(previous.seen_key, key):
            seen = previous.seen
        else:
            seen = seen_map(data.roots, servers, previous.seen if previous is not None else {}, history)
        policy = policy if policy is not None and policy.active else None
        if (previous is not None and not roots_changed and previous.roots_source is data.roots
                and previous.seen is seen):  # a status change with the same audiences: the rows stand
            return cls(paused=data.paused, roots=previous.roots, servers=servers, seen_key=key, seen=seen,
                       roots_source=data.roots, policy=policy, history=history)
        before = previous.by_id if previous is not None else {}
        result_of, audience_of, old_row = access.get, seen.get, before.get  # bound once: 10,000 rows a round
        make = tuple.__new__  # a row made directly: the named tuple's own __new__ is a Python call per row
        rows = []
        for root in data.roots:
            result = result_of(root.id)
            everyone, holding = audience_of(root.uri, NOBODY)
            old = old_row(root.id)
            if (old is not None and old.root is root and old.access is result and old.seen_by is everyone
                    and old.holding is holding):
                rows.append(old)
            else:
                rows.append(make(RootRow, (root, result, everyone, holding)))
        return cls(paused=data.paused, roots=tuple(rows), servers=servers, seen_key=key, seen=seen,
                   roots_source=data.roots, policy=policy, history=history)

    @property
    def tray_state(self) -> TrayState:
        if self.paused:
            return TrayState.PAUSED
        if self.attention_roots or any(s.failing or s.awaiting_consent for s in self.servers):
            return TrayState.ATTENTION
        return TrayState.OK

    def standing(self, row: RootRow, *, pause: bool = True) -> Standing:
        """Whether `row`'s root is shared and if not why (`app.core.roots.standing`); `pause=False`: its own
        standing, for what shows the pause on its own (the tray's state, the Status column)."""
        policy = self.policy
        return standing(row.root.enabled, None if row.access is None else row.access.ok,
                        forbidden=policy is not None and not policy.permits_folder(row.root.path),
                        paused=pause and self.paused)

    @cached_property
    def attention_roots(self) -> list[RootRow]:
        """The roots whose own standing is `UNREACHABLE`, computed once per snapshot: the tray, its tooltip and
        the status bar all ask. Only the rows whose check failed are asked about (this walks every row)."""
        return [row for row in self.roots if row.access is not None and not row.access.ok
                and self.standing(row, pause=False) is Standing.UNREACHABLE]

    @cached_property
    def turned_on_count(self) -> int:
        """How many roots are neither turned off nor forbidden: the ones servers are told about."""
        return len(turned_on([row.root for row in self.roots], self.policy))

    @cached_property
    def by_id(self) -> dict[str, RootRow]:
        return {row.root.id: row for row in self.roots}

    def root(self, root_id: str) -> RootRow | None:
        return self.by_id.get(root_id)

    def server(self, name: str) -> ServerRow | None:
        return next((row for row in self.servers if row.name == name), None)
