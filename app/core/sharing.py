"""What each server may see: the rule that sharing, consent, pause and access status combine into."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from app.core.access import AccessResult
from app.core.model import Root, ServerEntry, SharingMode, StoreData
from app.core.roots import RootError, find_root


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


def parse_share(data: StoreData, spec: str) -> SharingMode | list[str]:
    """`all`, `none`, or a comma-separated list of roots (ids, names or paths) -> stored sharing."""
    cleaned = spec.strip()
    if cleaned in ("all", "none"):
        return "all" if cleaned == "all" else "none"
    selectors = [part.strip() for part in cleaned.split(",") if part.strip()]
    if not selectors:
        raise RootError("Say what to share: all, none, or a comma-separated list of roots.")
    ids: list[str] = []
    for selector in selectors:
        root_id = find_root(data, selector).id
        if root_id not in ids:
            ids.append(root_id)
    return ids
