"""Each server says how binding its list is, learned from what it did through the hub.

A server that lists again when told of a change is `told`; one that lists only when it connects is
`told_at_connect`, and the hub reconnects it, so that it starts from the new list; one that answers the
hub's ping without having asked is `not_told`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.core.store.store import Store
from app.mcp.hub import Hub
from tests.support.cli import run_cli
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]
HOURS = 3 * 3600.0


def bindings(home: Path) -> dict[str, str]:
    result = run_cli(home, "servers", "list", "--json")
    assert result.code == 0, result
    return {row["name"]: row["binding"] for row in result.json()}


def events(record: Path, kind: str) -> list[Any]:
    if not record.exists():
        return []
    return [line for line in record.read_text().splitlines() if f'"event": "{kind}"' in line]


async def test_told_and_told_at_connect_are_learned_and_a_server_that_asks_once_is_reconnected(
    tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.mcp.hub

    monkeypatch.setattr(app.mcp.hub, "RELIST_BOUND", 0.5)  # how long a told server has to ask again
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    alpha.mkdir(), beta.mkdir()
    store = Store(rk_home)
    add_roots(store, alpha)
    follows, once = tmp_path / "follows.jsonl", tmp_path / "once.jsonl"
    store.update(lambda data: data.servers.extend([
        python_server("follows", "legacy_recorder", "--record", str(follows)),
        python_server("once", "legacy_recorder", "--record", str(once), "--once"),
        python_server("silent", "first_call_raw", str(tmp_path / "silent.jsonl")),
    ]))
    assert bindings(rk_home) == {"follows": "unknown", "once": "unknown", "silent": "unknown"}
    hub = Hub(store, state_dir=rk_home / "state", check_interval=HOURS, retry_interval=HOURS,
              store_fallback_poll=HOURS)
    await hub.start()
    try:
        await eventually(lambda: len(recorded(follows)) == 1 and len(recorded(once)) == 1, what="the first lists")
        await eventually(lambda: bindings(rk_home) == {"follows": "told_at_connect", "once": "told_at_connect",
                                                       "silent": "not_told"}, what="two seen asking at connect")
        first = hub.connection("once")
        assert (await asyncio.to_thread(run_cli, rk_home, "roots", "add", str(beta))).code == 0
        both = [alpha.as_uri(), beta.as_uri()]
        await eventually(lambda: recorded(follows)[-1:] == [both], what="the follower listing again")
        await eventually(lambda: bool(events(once, "ignored")), what="the other told, and ignoring it")
        # It did not ask again: reconnected, it lists the new folders as a new session.
        await eventually(lambda: recorded(once)[-1:] == [both], what="the reconnected server's list")
        assert hub.connection("once") is not first
        await eventually(lambda: bindings(rk_home) == {"follows": "told", "once": "told_at_connect",
                                                       "silent": "not_told"}, what="the follower learned as told")
    finally:
        await hub.stop()
    listed = run_cli(rk_home, "servers", "list")
    assert "Told at connect: Asks for its folders only when it connects" in listed.out, listed
