"""A server that closes a request's SSE stream (after an event with an `id` and a `retry`) behind the bridge.

The bridge resumes the stream with GET and `Last-Event-ID` once the server's retry delay has passed,
never before, and the host gets its answer (`tests/servers/resumable.py` records, in order, when it
closed the stream, when most of the delay had passed, and each HTTP request it got). A stream that
ends before any event cannot be resumed: the host gets an error at once instead of waiting forever.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from app.core.store.store import Store
from app.core.text import sentence
from tests.support.bridge import SdkHostFactory
from tests.support.recordings import read_events
from tests.support.servers import HttpServersFactory, http_entry

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(120)]


async def test_a_stream_closed_with_retry_is_resumed_after_the_delay_and_answers(
    tmp_path: Path, rk_home: Path, *, http_servers: HttpServersFactory, sdk_host: SdkHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    with http_servers(tmp_path / "http", {"resumable": ("resumable", ["--record", str(record), "--retry-ms", "800"])}) \
            as servers:
        Store(rk_home).update(lambda data: data.servers.append(http_entry("resumable", servers["resumable"].url)))
        async with sdk_host(rk_home, "resumable", tmp_path / "host.log", mode="legacy") as client:
            result = await client.call_tool("answer_after_resume", {"text": "resumed"})
            with pytest.raises(MCPError) as cut:
                await client.call_tool("cut_short", {})
            assert cut.value.error.message == sentence("bridge.stream_ended")
    assert not result.is_error and result.content[0].text == "resumed"

    seen = [
        event["event"] if event["event"] != "http" else f"{event['method']} {event['rpc'] or ''}".strip()
        + (" resuming" if event["last_event_id"] else "")
        for event in read_events(record)
    ]
    call = seen.index("POST tools/call")
    assert seen[call + 1:call + 3] == ["closing", "retry_due"], seen
    resumes = [index for index, what in enumerate(seen) if what == "GET resuming"]
    assert resumes and resumes[0] > seen.index("retry_due"), seen  # after the server's delay, not before
