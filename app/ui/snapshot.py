"""One consistent picture of everything the UI shows, taken from the hub after each change.

Widgets and models render a `Snapshot`; they never reach into the hub themselves, so a burst of hub
events becomes one refresh and every view agrees with every other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from app.core.access import AccessResult
from app.core.model import Root, ServerEntry, StoreData
from app.core.sharing import SharedRoot

if TYPE_CHECKING:
    from app.core.status import ConnectionStatus

FAILING_STATES = frozenset({"backoff", "failed"})


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


@dataclass(frozen=True)
class RootRow:
    root: Root
    access: AccessResult | None
    seen_by: tuple[str, ...]

    @property
    def needs_attention(self) -> bool:
        """Shared but not reachable; a root not yet checked is not a problem yet."""
        return self.root.enabled and self.access is not None and not self.access.ok


@dataclass(frozen=True)
class SessionRow:
    """One running bridge for a server, as its status file says (values from a host: plain, bounded text)."""

    pid: int
    host: str | None
    era: str | None
    started_at: datetime | None
    last_roots_fetch_at: datetime | None
    roots_fetch_count: int

    @classmethod
    def parse(cls, document: Mapping[str, Any]) -> SessionRow:
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
        )


def plain(value: object, limit: int = 60) -> str:
    """Text from another program as one short line: no control or formatting characters."""
    text = value if isinstance(value, str) else ""
    return "".join(ch for ch in text if ch.isprintable())[:limit].strip()


def moment(value: object) -> datetime | None:
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

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def awaiting_consent(self) -> bool:
        return self.entry.consent != "given"

    @property
    def failing(self) -> bool:
        return self.status is not None and self.status.state in FAILING_STATES

    @property
    def hosts(self) -> tuple[str | None, ...]:
        """The hosts using this server through a bridge, each once, in the order they started."""
        return tuple(dict.fromkeys(session.host for session in self.sessions))


@dataclass(frozen=True)
class Snapshot:
    paused: bool = False
    roots: tuple[RootRow, ...] = ()
    servers: tuple[ServerRow, ...] = ()

    @classmethod
    def of(cls, hub: HubView, sessions_of: SessionsOf = no_sessions) -> Snapshot:
        return cls.build(hub.data, hub.access, hub.server_status, hub.visible_for, sessions_of)

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
    ) -> Snapshot:
        servers = tuple(
            ServerRow(entry, status_of(entry.name), tuple(visible_for(entry.name)),
                      tuple(SessionRow.parse(doc) for doc in sessions_of(entry.name)))
            for entry in data.servers
        )
        seen: dict[str, list[str]] = {}
        for server in servers:
            for shared in server.visible:
                seen.setdefault(shared.uri, []).append(server.name)
        roots = tuple(
            RootRow(root, access.get(root.id), tuple(seen.get(root.uri, ()))) for root in data.roots
        )
        return cls(paused=data.paused, roots=roots, servers=servers)

    @property
    def tray_state(self) -> TrayState:
        if self.paused:
            return TrayState.PAUSED
        if self.attention_roots or any(s.failing or s.awaiting_consent for s in self.servers):
            return TrayState.ATTENTION
        return TrayState.OK

    @property
    def attention_roots(self) -> list[RootRow]:
        return [row for row in self.roots if row.needs_attention]

    def root(self, root_id: str) -> RootRow | None:
        return next((row for row in self.roots if row.root.id == root_id), None)

    def server(self, name: str) -> ServerRow | None:
        return next((row for row in self.servers if row.name == name), None)

