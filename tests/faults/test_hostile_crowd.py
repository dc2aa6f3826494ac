"""Every kind of hostile server at once, in one hub, beside 20 healthy SDK servers (issue 10): each healthy
server keeps receiving every change, and the hub neither crashes nor stalls."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core import logsetup
from app.core.model import StoreData
from app.core.store import Store
from app.mcp.hub import Hub
from tests.hub_helpers import add_roots, eventually, python_server, recorded

pytestmark = pytest.mark.timeout(600)

HEALTHY = 20
HOURS = 3 * 3600.0
HOSTILE = {
    "crashes-in-a-loop": ("hostile", "exit-at-start"),
    "hangs-on-initialize": ("hostile", "silent"),
    "garbage-output": ("hostile", "not-json"),
    "dies-after-roots": ("hostile", "die-after-roots"),
    "dies-on-discover": ("hostile", "discover-crash"),
    "huge-roots-requests": ("hostile", "flood"),
    "never-reads": ("hostile", "flood-no-read"),
    "endless-line": ("hygiene_server", "endless-line"),
    "garbage-prose": ("hygiene_server", "garbage"),
}


async def test_twenty_healthy_servers_each_see_every_change_beside_every_hostile_one(tmp_path: Path) -> None:
    folders = []
    for name in ("alpha", "beta", "gamma"):
        (tmp_path / "data" / name).mkdir(parents=True)
        folders.append(tmp_path / "data" / name)
    alpha, beta, gamma = folders
    store = Store(tmp_path / "home")
    (alpha_id,) = add_roots(store, alpha)
    records = [tmp_path / f"healthy-{n}.jsonl" for n in range(HEALTHY)]

    def servers(data: StoreData) -> None:
        data.servers += [python_server(f"healthy-{n}", "legacy_recorder", "--record", str(record))
                         for n, record in enumerate(records)]
        data.servers += [python_server(name, module, behaviour) for name, (module, behaviour) in HOSTILE.items()]

    store.update(servers)
    crashes: list[str] = []
    logsetup.add_crash_listener(crashes.append)
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    await hub.start()
    try:
        async def everyone_sees(expected: list[Path], what: str) -> None:
            uris = [path.as_uri() for path in expected]
            await eventually(lambda: all(recorded(r) and recorded(r)[-1] == uris for r in records),
                             timeout=240, what=f"every healthy server to see {what}")

        await everyone_sees([alpha], "the first list")
        beta_id, gamma_id = add_roots(store, beta, gamma)
        await everyone_sees([alpha, beta, gamma], "beta and gamma added")

        def disable_alpha(data: StoreData) -> None:
            data.root_by_id(alpha_id).enabled = False  # type: ignore[union-attr]

        store.update(disable_alpha)
        await everyone_sees([beta, gamma], "alpha disabled")
        store.update(lambda data: data.roots.remove(data.root_by_id(beta_id)))  # type: ignore[arg-type]
        await everyone_sees([gamma], "beta removed")
        store.update(lambda data: setattr(data, "paused", True))
        await everyone_sees([], "the pause")
        store.update(lambda data: setattr(data, "paused", False))
        await everyone_sees([gamma], "the resume")
        assert gamma_id
    finally:
        await hub.stop()
        logsetup.remove_crash_listener(crashes.append)
    assert crashes == [], "the hub reported an uncaught exception"
