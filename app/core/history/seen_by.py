""""Seen by": each server the history says was given a folder, and which of them hold it now.

Three sources, merged per root: the history index (hub, bridge sessions and one-off calls, read from
the history file off the GUI thread), each connected server's last roots answer (what it holds
now; also the answer that may not be in the file yet), and each live bridge session's last list
(its status file's, else the history's newest record for its server and host since it started): a
server a host reaches through a bridge holds what it was given until the session ends. A one-off
`call` holds nothing afterwards. The map is rebuilt only when one of its
inputs is another object (or the index's audiences changed), and equal audiences are the very same
tuple objects from build to build, so a snapshot reuses a root's row whenever its audience did not
change: a refresh that only moved times (a server re-listing the same folders) rebuilds no row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # only types here: the tray can show before pydantic is imported
    from datetime import datetime

    from app.core.history.index import Given, SeenIndex
    from app.core.model import Root, ServerEntry


class SessionRow(Protocol):
    """A live bridge session as the window's snapshot holds it (`app.ui.models.snapshot.SessionRow`)."""

    @property
    def host(self) -> str | None: ...

    @property
    def started_at(self) -> datetime | None: ...

    @property
    def given(self) -> Sequence[str] | None:
        """The URIs its server was given last, as its status file says."""

    @property
    def says_given(self) -> bool:
        """Whether the status file tells what was given (an older bridge's does not: the history stands in)."""


class ServerRow(Protocol):
    """A configured server as the window's snapshot holds it (`app.ui.models.snapshot.ServerRow`)."""

    @property
    def name(self) -> str: ...

    @property
    def entry(self) -> ServerEntry: ...

    @property
    def given(self) -> Sequence[str] | None:
        """The URIs its connected session holds now."""

    @property
    def sessions(self) -> Sequence[SessionRow]: ...


SeenKey = tuple[object, ...]
Audience = tuple[tuple[str, ...], tuple[str, ...]]
"""(every server that was given the folder, holders now first; the servers holding it now)."""
SeenMap = dict[str, Audience]
NOBODY: Audience = ((), ())


def seen_key(roots: Sequence[Root], servers: Iterable[ServerRow], history: SeenIndex | None) -> SeenKey:
    """What the audience map depends on; the objects themselves, compared by identity (each is replaced on change)."""
    parts: list[object] = []
    aliased = False
    for server in servers:
        lists = held_lists(server, history)
        if lists:
            parts += [server.name, server.entry.path_aliases, *lists, "."]
        aliased = aliased or bool(server.entry.path_aliases)
    audiences = history.audiences if history is not None else None
    if audiences:
        parts += [server.name for server in servers]  # the order names are shown in
    # The map covers the roots' URIs: it depends on the roots themselves once the history lists folders
    # (a folder added again was seen before) or a server sees roots through path aliases.
    return (roots if aliased or audiences else None, audiences, *parts)


def same_key(a: SeenKey, b: SeenKey) -> bool:
    return len(a) == len(b) and all(x is y or (isinstance(x, str) and x == y) for x, y in zip(a, b, strict=True))


def held_lists(server: ServerRow, history: SeenIndex | None) -> list[Sequence[str]]:
    """The lists `server` holds now: its connected session's last answer, then each live bridge session's."""
    lists: list[Sequence[str]] = []
    given = server.given
    if given:
        lists.append(given)
    for session in server.sessions:
        bridged = session_given(server.name, session, history)
        if bridged:
            lists.append(bridged)
    return lists


def session_given(server: str, session: SessionRow, history: SeenIndex | None) -> Sequence[str] | None:
    """What a live bridge session's server was given last: its status file's list, else the history's."""
    if session.says_given:
        return session.given
    if history is None or session.started_at is None:
        return None
    return history.bridge_list(server, session.host, session.started_at.timestamp())


def held_through(history: SeenIndex | None, root: Root, server: ServerRow) -> tuple[bool, tuple[str | None, ...]]:
    """Whether `server`'s connection holds `root` now, and the hosts whose live bridge sessions do (for tooltips)."""
    uri = _given_uri(root, server)
    given = server.given
    hosts = tuple(dict.fromkeys(session.host for session in server.sessions
                                if uri in (session_given(server.name, session, history) or ())))
    return bool(given) and uri in (given or ()), hosts


def _given_uri(root: Root, server: ServerRow) -> str:
    """The URI `server` is given for `root`: the alias's for a server that has one, else the wire form."""
    if server.entry.path_aliases:
        from app.core.roots.sharing import sent_uri

        return sent_uri(server.entry, root) or ""
    from app.core.paths import wire_uri

    return root.uri if root.uri.isascii() else wire_uri(root.uri)


def seen_map(roots: Sequence[Root], servers: Sequence[ServerRow], before: SeenMap,
             history: SeenIndex | None = None) -> SeenMap:
    """Each root URI (as stored) -> its audience; roots nobody was given are left out."""
    holders = _holders(roots, servers, history)
    # Equal audiences share one pair, the previous map's where it had it: rows then compare by identity.
    shared = {audience: audience for audience in set(before.values())}
    ever = history.audiences if history is not None else {}
    if not ever:
        pairs: dict[tuple[str, ...], Audience] = {}
        for now in set(holders.values()):
            pair = (now, now)
            pairs[now] = shared.setdefault(pair, pair)
        return {uri: pairs[now] for uri, now in holders.items()}
    from app.core.paths import wire_uri
    from app.core.roots.sharing import sent_uri

    order = {server.name: index for index, server in enumerate(servers)}
    aliased = [server for server in servers if server.entry.path_aliases]
    combined: dict[tuple[tuple[str, ...], tuple[str, ...]], Audience] = {}
    seen: SeenMap = {}
    for root in roots:
        uri = root.uri
        now = holders.get(uri, ())
        past = ever.get(uri if uri.isascii() else wire_uri(uri), ())
        for server in aliased:  # what such a server was given is the alias's URI
            name = server.name
            if name not in past and name in ever.get(sent_uri(server.entry, root) or "", ()):
                past = (*past, name)
        if not now and not past:
            continue
        audience = combined.get((now, past))
        if audience is None:
            earlier = sorted((name for name in past if name not in now), key=lambda n: (order.get(n, len(order)), n))
            pair = ((*now, *earlier), now)
            audience = combined[(now, past)] = shared.setdefault(pair, pair)
        seen[uri] = audience
    return seen


def _holders(roots: Sequence[Root], servers: Sequence[ServerRow],
             history: SeenIndex | None) -> dict[str, tuple[str, ...]]:
    """Each root URI (as stored) -> the servers holding it now (`held_lists`), in the servers' order.

    Servers given the very same list (the hub shares one answer among servers that see the same)
    are looked up together, so the cost is the roots times the distinct lists, not times the servers.
    """
    from app.core.paths import wire_uri
    from app.core.roots.sharing import sent_uri

    groups: list[tuple[Sequence[str] | None, set[str], list[str]]] = []  # (answer, stored root URIs, servers)
    for server, given in ((row, given) for row in servers for given in held_lists(row, history)):
        aliases = server.entry.path_aliases
        # Equal answers are one group: found by identity, else by one list comparison (fast in C).
        group = None if aliases else next((g for g in groups if g[0] is given or g[0] == given), None)
        if group is None:
            if aliases:  # what was given is the alias's URI: find the roots it stands for
                wanted = set(given)
                members = {root.uri for root in roots if sent_uri(server.entry, root) in wanted}
            else:  # a hand-edited store may hold a URI that is not ASCII; the answer holds its wire form
                wired = set(given)
                members = {root.uri for root in roots
                           if (root.uri if root.uri.isascii() else wire_uri(root.uri)) in wired}
            group = (None if aliases else given, members, [])
            groups.append(group)
        group[2].append(server.name)
    if len(groups) == 1:  # the usual case: every connected server was given the same list
        _, members, names = groups[0]
        audience = tuple(dict.fromkeys(names))
        return {root.uri: audience for root in roots if root.uri in members}
    order = {server.name: index for index, server in enumerate(servers)}
    found_by: dict[tuple[str, ...], tuple[str, ...]] = {}
    holders: dict[str, tuple[str, ...]] = {}
    for root in roots:
        uri = root.uri
        found = [name for _, members, group_names in groups if uri in members for name in group_names]
        if found:
            found.sort(key=order.__getitem__)
            audience = tuple(dict.fromkeys(found))
            holders[uri] = found_by.setdefault(audience, audience)
    return holders


def given_to(history: SeenIndex | None, root: Root, server: ServerRow | None, name: str) -> Given | None:
    """The history's last record of `name` being given `root` (under its alias for a server that has one)."""
    if history is None:
        return None
    from app.core.paths import wire_uri

    uris = [root.uri if root.uri.isascii() else wire_uri(root.uri)]
    if server is not None and server.entry.path_aliases:
        from app.core.roots.sharing import sent_uri

        uris.insert(0, sent_uri(server.entry, root) or "")
    times = [found for uri in uris if (found := history.given_to(uri).get(name)) is not None]
    return max(times, default=None, key=lambda given: given.at)
