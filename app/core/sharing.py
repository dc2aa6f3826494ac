"""What each server may see: the rule that sharing, consent, pause and access status combine into."""

from __future__ import annotations

from collections.abc import Mapping
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
    if data.paused or server.consent != "given":
        return []
    return [
        SharedRoot(root.uri, root.name)
        for root in chosen_roots(data, server)
        if (result := statuses.get(root.id)) is not None and result.ok
    ]
