"""What each server may see: the roots whose standing is shared (`app.core.roots.standing`: not paused, enabled,
reachable, permitted by the policy), as each server's sharing and consent pick them.

Two per-server steps follow, so the hub, `call` and the bridge all apply them the same way:
the merge option (`also_send_own_folders`: the folders on the server's own command line are sent
after Rootkeeper's, deduplicated by URI, whenever the roots capability is declared, since they are
the server's own configuration and not Rootkeeper's to withhold), then the path aliases (every URI as
the server sees it; what lies outside every alias is dropped). `argument_folders` is the same list
as paths, for the placeholders on the command line (`app.core.servers.arguments`), without the own folders
(those are on the command line already).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from app.core.model import Root, ServerEntry, StoreData
from app.core.paths import display_name, path_to_uri, readable, wire_uri
from app.core.policy import NO_POLICY, Policy
from app.core.roots.access import AccessResult
from app.core.roots.standing import shared_roots
from app.core.servers.aliases import map_path, remote_uri
from app.core.servers.arguments import keeps_folders_when_empty
from app.core.text import Message, message


class _SharedRootFields(NamedTuple):
    uri: str
    name: str


class SharedRoot(_SharedRootFields):
    """A root as a server receives it: the URI pure ASCII, the name valid Unicode (U+FFFD for bad bytes).

    Made safe here, once, for the hub, `call` and the bridge: a store may hold a name kept from
    undecodable bytes, and one surrogate would make the whole `roots/list` answer unsendable.
    """

    __slots__ = ()

    def __new__(cls, uri: str, name: str) -> SharedRoot:
        # ASCII holds no undecodable bytes: nothing to make safe (most names, at 100,000 roots a third of the cost).
        return super().__new__(cls, wire_uri(uri), name if name.isascii() else readable(name))


class SharedRootCache:
    """Each root's `SharedRoot`, made once and reused while the root keeps its URI and name.

    Cleaning a URI and a name is per-root Python work; at 100,000 roots, repeating it for every
    root on every change cost more than the change. A root is recognised by identity (the watcher
    keeps each unchanged root as the same object), checked against the very URI and name strings it
    was made from, so a root changed in place is not taken for itself; a root not recognised (read
    anew) is looked up by its URI and name. Reused objects also make an unchanged list compare equal
    element by element at identity speed.
    """

    def __init__(self) -> None:
        self._made: dict[int, tuple[Root, str, str, SharedRoot]] = {}
        self._by_value: dict[tuple[str, str], SharedRoot] = {}

    def build(self, roots: list[Root]) -> list[SharedRoot]:
        """`SharedRoot`s for `roots`; only (about) these are kept for the next call."""
        made, by_value = self._made, self._by_value
        kept: dict[int, tuple[Root, str, str, SharedRoot]] = {}
        shared: list[SharedRoot] = []
        for root in roots:
            entry = made.get(id(root))
            if entry is None or entry[0] is not root or entry[1] is not root.uri or entry[2] is not root.name:
                key = (root.uri, root.name)
                item = by_value.get(key)
                if item is None:
                    item = by_value[key] = SharedRoot(*key)
                entry = (root, root.uri, root.name, item)
            kept[id(root)] = entry
            shared.append(entry[3])
        self._made = kept
        if len(by_value) > 2 * len(kept) + 64:  # forget the roots that left, now and then rather than each time
            self._by_value = {(uri, name): item for _root, uri, name, item in kept.values()}
        return shared


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
    data: StoreData,
    statuses: Mapping[str, AccessResult],
    servers: Iterable[ServerEntry] | None = None,
    *,
    cache: SharedRootCache | None = None,
    policy: Policy = NO_POLICY,
) -> dict[str, list[SharedRoot]]:
    """`visible_roots` for many servers at once (every configured one by default).

    The roots that pass are found once, not once per server, and servers that share everything
    get the very same list: equal lists compare in one step and nothing is built twice. A caller
    computing lists again and again passes one `cache` so unchanged roots are not cleaned again.
    """
    chosen = list(data.servers if servers is None else servers)
    if data.paused:
        return {server.name: _as_sent(server, [], []) for server in chosen}
    passing = shared_roots(data.roots, statuses, policy)
    everything = (cache or SharedRootCache()).build(passing)
    by_id: dict[str, SharedRoot] | None = None
    lists: dict[str, list[SharedRoot]] = {}
    for server in chosen:
        picked = _picked(server, passing, policy)
        if picked is passing:
            lists[server.name] = _as_sent(server, passing, everything)
        else:
            if by_id is None:
                by_id = {root.id: shared for root, shared in zip(passing, everything, strict=True)}
            lists[server.name] = _as_sent(server, picked, [by_id[root.id] for root in picked])
    return lists


def argument_folders(
    data: StoreData, statuses: Mapping[str, AccessResult], server: ServerEntry, policy: Policy = NO_POLICY
) -> list[str]:
    """The folders for `server`'s command-line placeholders: Rootkeeper's list for it, as paths the server sees."""
    if data.paused:
        return []
    folders: list[str] = []
    for root in _picked(server, shared_roots(data.roots, statuses, policy), policy):
        mapped = map_path(root.path, server.path_aliases)
        if mapped is not None and mapped not in folders:
            folders.append(mapped)
    return folders


class Granted(NamedTuple):
    """The local folders a confined server may reach (`granted_folders`)."""

    folders: list[str]
    """Every folder it may read, and change unless it is in `read_only`."""
    read_only: list[str]
    """Those of `folders` it may only read: shared folders the user marked read-only."""


def read_only_uris(roots: Iterable[Root]) -> frozenset[str]:
    """The URIs, as servers receive them (`SharedRoot`), of the folders marked read-only: a confined server given
    one may read it but not change it."""
    return frozenset(SharedRoot(root.uri, root.name).uri for root in roots if root.read_only)


def granted_folders(
    data: StoreData, statuses: Mapping[str, AccessResult], server: ServerEntry, policy: Policy = NO_POLICY
) -> Granted:
    """The local folders a confined `server` may read and change (`app.core.confine`): the folders it would be
    told (before path aliases, which only rename them), and the folders on its own command line the user kept
    as its own or has it sent too; of those, the shared folders marked read-only it may only read (also when the
    same folder is on its own command line). Nothing while sharing is paused, not even its own."""
    if data.paused:
        return Granted([], [])
    picked = _picked(server, shared_roots(data.roots, statuses, policy), policy)
    folders = [root.path for root in picked]
    if server.kept_folders or (server.also_send_own_folders and server.declares_roots):
        from app.core.servers.folder_args import command_line_folders

        own = command_line_folders(server.target) if server.also_send_own_folders else []
        folders += [os.path.realpath(folder) for folder in [*server.kept_folders, *own]]
    read_only = list(dict.fromkeys(root.path for root in picked if root.read_only))
    return Granted(list(dict.fromkeys(folders)), read_only)


def withheld(data: StoreData, server: ServerEntry, visible: Iterable[object]) -> Message | None:
    """Why the server is kept from serving at all now, or None.

    A server that keeps folders after an empty list (`keeps_folders_when_empty`) cannot be given "nothing":
    while its list is empty because sharing is paused, its consent is pending, or no shared folder is
    left for it, its requests are refused (the bridge) or it is not run (the hub), until there is
    something to share again. A server the user shares nothing with (`none`) runs on its own
    configuration, as the user chose.
    """
    if server.share == "none" or any(True for _ in visible) or not keeps_folders_when_empty(server):
        return None
    if data.paused:
        return message("withheld.paused", server=server.name)
    if server.consent != "given":
        return message("withheld.consent", server=server.name)
    return message("withheld.nothing", server=server.name)


def _picked(server: ServerEntry, passing: list[Root], policy: Policy) -> list[Root]:
    """What the server's sharing and consent pick from the passing roots (`passing` itself for `all`)."""
    if server.consent != "given" or server.share == "none" or policy.shares_nothing(server):
        return []
    if server.share == "all":
        return passing
    wanted = set(server.share)
    return [root for root in passing if root.id in wanted]


def _as_sent(server: ServerEntry, picked: list[Root], shared: list[SharedRoot]) -> list[SharedRoot]:
    """Apply the merge option and the path aliases; the very list given when the server has neither."""
    merge = server.also_send_own_folders and server.declares_roots
    if not merge and not server.path_aliases:
        return shared
    items = [(root.path, root.uri, root.name) for root in picked]
    if merge:
        from app.core.servers.folder_args import command_line_folders

        for folder in command_line_folders(server.target):
            path = os.path.realpath(folder)  # resolved like every root's path, so duplicates compare equal
            items.append((path, path_to_uri(path), display_name(path)))
    sent: list[SharedRoot] = []
    seen: set[str] = set()
    for path, local_uri, name in items:
        uri = _uri_for(server, path, local_uri)
        if uri is None:
            continue
        if uri not in seen:
            seen.add(uri)
            sent.append(SharedRoot(uri, name))
    return sent


def sent_uri(server: ServerEntry, root: Root) -> str | None:
    """The URI under which `server` receives `root` (its path aliases applied); None when no alias covers it."""
    uri = _uri_for(server, root.path, root.uri)
    return None if uri is None else wire_uri(uri)


def _uri_for(server: ServerEntry, path: str, local_uri: str) -> str | None:
    if not server.path_aliases:
        return local_uri
    mapped = map_path(path, server.path_aliases)
    return None if mapped is None else remote_uri(mapped)
