"""What each server may see: the rule that sharing, consent, pause and access status combine into."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from app.core.access import AccessResult
from app.core.model import Root, ServerEntry, StoreData


class SharedRoot(NamedTuple):
    uri: str
    name: str


def chosen_roots(data: StoreData, server: ServerEntry) -> list[Root]:
    """The enabled roots this server's sharing picks, before consent and access checks."""
    if server.share == "none":
        return []
    if server.share == "all":
        return [root for root in data.roots if root.enabled]
    wanted = set(server.share)
    return [root for root in data.roots if root.id in wanted and root.enabled]


def visible_roots(
    data: StoreData, server: ServerEntry, statuses: Mapping[str, AccessResult]
) -> list[SharedRoot]:
    """What `server` receives now: chosen, consented, not paused, and passing its last access check."""
    return visible_lists(data, statuses, [server])[server.name]


def visible_lists(
    data: StoreData, statuses: Mapping[str, AccessResult], servers: Iterable[ServerEntry] | None = None
) -> dict[str, list[SharedRoot]]:
    """`visible_roots` for many servers at once (every configured one by default).

    The roots that pass are found once, not once per server, and servers that share everything
    get the very same list: equal lists compare in one step and nothing is built twice.
    """
    chosen = list(data.servers if servers is None else servers)
    if data.paused:
        return {server.name: [] for server in chosen}
    passing = [
        root for root in data.roots if root.enabled and (result := statuses.get(root.id)) is not None and result.ok
    ]
    everything = [SharedRoot(root.uri, root.name) for root in passing]
    lists: dict[str, list[SharedRoot]] = {}
    for server in chosen:
        if server.consent != "given" or server.share == "none":
            lists[server.name] = []
        elif server.share == "all":
            lists[server.name] = everything
        else:
            wanted = set(server.share)
            lists[server.name] = [shared for root, shared in zip(passing, everything, strict=True) if root.id in wanted]
    return lists

