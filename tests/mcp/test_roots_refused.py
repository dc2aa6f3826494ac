"""With nothing shared, a 2026-07-28 server's roots question is Rootkeeper's refusal, said as such.

The handshake era answers `roots/list` with -32601 "Roots not supported" (the transport); the
input-required round of the 2026-07-28 era is refused the same way instead of with the SDK's
-32600 "List roots not supported", and a call failed by it names Rootkeeper's decision, not a
server error. The server is `tests/servers/bridge_raw`, whose `always_roots` tool asks whatever the
client declared, as some real servers do.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.store.store import Store
from app.core.text import message
from app.mcp.call import CallError, call_tool
from tests.support.servers import stdio_entry

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(180)]

WAIT = 90.0
"""The call's deadline: a hang guard (a loaded machine can take seconds to start the server)."""


async def test_a_modern_roots_question_is_refused_as_rootkeepers_decision(tmp_path: Path, rk_home: Path) -> None:
    record = tmp_path / "record.jsonl"
    entry = stdio_entry("asks", "bridge_raw", str(record), era="2026-07-28", share="none")
    store = Store(rk_home)
    store.update(lambda data: data.servers.append(entry))

    with pytest.raises(CallError) as failed:
        await call_tool(store, "asks", "always_roots", {}, connect_timeout=WAIT)

    refused = message("mcp.roots_refused").text
    assert failed.value.code == "call.failed"
    assert failed.value.args_map["reason"] == refused[:1].lower() + refused[1:]
    sent = [json.loads(json.loads(line)["raw"]) for line in record.read_text().splitlines() if '"raw"' in line]
    calls = [item for item in sent if item.get("method") == "tools/call"]
    # Declared nothing, answered nothing: the refusal is not retrying (the era has no error answer for it).
    assert len(calls) == 1 and "roots" not in calls[0]["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"]
