"""The Hosts page's work as coroutines: the core flow (`app.core.hosts.flow`) run off the event loop.

Every call runs in a worker thread (`asyncio.to_thread`): reading the host configs, planning and
writing are the very functions `rootkeeper hosts …` calls, on the host's per-user files. A plan is
shown before it is written; `apply_*` writes exactly the plan that was shown and refuses (nothing
written) when the files or the servers changed since. After the store changed, the hub reloads it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Set

from app.core.hosts import flow, host_named
from app.core.hosts.flow import HostState, Plan, Written
from app.core.hosts.importing import Imported, server_key
from app.core.store.store import Store
from app.mcp.hub import Hub


class HostsService:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def read(self) -> list[HostState]:
        return await asyncio.to_thread(flow.read_hosts)

    async def preview_import(self, host_name: str) -> list[Imported]:
        """What importing would add (each command's folders and the offer to replace them), saving nothing."""
        return await asyncio.to_thread(lambda: flow.preview_import(self.store, host_named(host_name)))

    async def import_servers(self, host_name: str, keep_own: Set[tuple[object, ...]] = frozenset(),
                             confined: bool | None = None) -> list[Imported]:
        """Add the host's servers as Rootkeeper servers (consent pending); refuses a file that does not parse.
        Folders on their command lines become the folders you share, except for the servers in `keep_own`
        (`importing.server_key`), which keep them as their own. New command servers run confined as `confined`
        says (None: where the system can confine them)."""
        results, _ = await asyncio.to_thread(lambda: flow.import_servers(
            self.store, host_named(host_name), use_shared=lambda server: server_key(server) not in keep_own,
            confined=confined))
        self.hub.reload_now()
        return results

    async def plan_install(self, host_name: str, names: list[str]) -> Plan:
        return await asyncio.to_thread(lambda: flow.plan_install(self.store, host_named(host_name), names=names))

    async def apply_install(self, plan: Plan) -> list[Written]:
        """Import the chosen servers and rewrite the files, exactly as `plan` showed, or nothing at all."""
        written = await asyncio.to_thread(flow.apply_install, self.store, plan)
        self.hub.reload_now()
        return written

    async def plan_uninstall(self, host_name: str) -> Plan:
        return await asyncio.to_thread(lambda: flow.plan_uninstall(host_named(host_name)))

    async def apply_uninstall(self, plan: Plan) -> list[Written]:
        return await asyncio.to_thread(flow.apply_uninstall, plan)
