"""A folder whose name is not valid UTF-8, shared with real servers (issue 10, #1).

Its URI goes on the wire as percent-encoded bytes (`caf%E9`), its name decoded with replacement
(`caf\ufffd`), and the connection stays up: before the fix the `roots/list` answer could not be
serialized and the connection died and reconnected forever.

This module is also the test server (`python -m tests.faults.test_non_utf8_roots RECORD`): a legacy
SDK server that lists roots after the handshake and on every change, and records each root's URI
and name exactly as it received them.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.paths import path_to_uri, uri_to_path
from app.core.roots.lookup import plan_add
from app.core.roots.sharing import SharedRoot
from app.core.store.store import Store
from app.engine.watcher.watcher import RootsWatcher
from app.mcp.connection.connection import ServerConnection
from tests.support.bridge import SdkHostFactory
from tests.support.processes import child_pids
from tests.support.project import PROJECT
from tests.support.waiting import eventually

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("stores_at_end")]

WAIT = 60.0
SHOWN = {b"caf\xe9": "caf\ufffd", b"raw\xff": "raw\ufffd"}
"""Each folder's name in bytes, and the name a server must get for it."""


def recorded(record: Path) -> list[list[dict[str, Any]]]:
    if not record.exists():
        return []
    return [json.loads(line)["roots"] for line in record.read_text(encoding="utf-8").splitlines() if line.strip()]


def expected_roots(tmp_path: Path) -> list[dict[str, Any]]:
    """The wire form, spelled out by hand: the folder's bytes percent-encoded, the name with U+FFFD."""
    base = tmp_path.as_uri()  # tmp_path itself is ASCII
    return [{"uri": base + "/" + "".join(f"%{b:02X}" if b > 0x7E else chr(b) for b in raw), "name": name}
            for raw, name in SHOWN.items()]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """Two real non-UTF-8 folders: `caf\\xe9` added as `roots add` does, `raw\\xff` with its name kept
    as raw bytes (a store written by hand or by another version holds `"\\udcff"`, which loads)."""
    store = Store(tmp_path / "home")
    record = tmp_path / "record.jsonl"

    def edit(data: StoreData) -> None:
        for raw in SHOWN:
            folder = os.fsencode(tmp_path) + b"/" + raw
            os.mkdir(folder)
            data.roots.append(plan_add(data, os.fsdecode(folder)).root)
        data.roots[1].name = os.fsdecode(b"raw\xff")
        target = StdioTarget(command=sys.executable, args=["-m", __name__, str(record)], cwd=str(PROJECT))
        data.servers.append(ServerEntry(name="rec", target=target, consent="given"))

    store.update(edit)
    assert store.load().roots[1].name == "raw\udcff"
    return store


@pytest.mark.asyncio
async def test_the_hub_connection_sends_percent_encoded_uris_and_replaced_names(tmp_path: Path, store: Store) -> None:
    record = tmp_path / "record.jsonl"
    watcher = await RootsWatcher.load_once(store)
    expected = expected_roots(tmp_path)
    before = child_pids()
    connection = ServerConnection(store.load().server("rec"), lambda: list(watcher.visible("rec")),
                                  tmp_path / "logs", connect_timeout=45, call_timeout=45)
    connection.start()
    try:
        status = await connection.wait_connected(WAIT)
        assert status.era == "legacy"
        await eventually(lambda: len(recorded(record)) >= 1, "the server listed the roots", WAIT)
        assert recorded(record)[0] == expected
        # Still the same connection: a relist works, a call works, nothing reconnected.
        assert await connection.notify_roots_changed() is True
        await eventually(lambda: len(recorded(record)) >= 2, "the server listed again", WAIT)
        assert recorded(record)[1] == expected
        assert (await connection.call_tool("echo", {"text": "up"}))["content"][0]["text"] == "up"
        assert connection.status.state == "connected" and connection.status.last_error is None
        assert connection.status.last_roots_fetch == [root["uri"] for root in expected]
    finally:
        await connection.stop()
    assert child_pids() - before == set()


@pytest.mark.asyncio
async def test_the_bridge_sends_percent_encoded_uris_and_replaced_names(
    tmp_path: Path, store: Store, *, sdk_host: SdkHostFactory
) -> None:
    record = tmp_path / "record.jsonl"
    async with sdk_host(store.home, "rec", tmp_path / "host.log") as client:
        await eventually(lambda: len(recorded(record)) >= 1, "the server listed the roots through the bridge", WAIT)
        assert recorded(record)[0] == expected_roots(tmp_path)
        echoed = await client.call_tool("echo", {"text": "still up"})
        assert echoed.content[0].text == "still up"
    assert len(recorded(record)) == 1  # one connection: the bridge never restarted the server


def test_a_shared_root_built_from_raw_bytes_is_safe_for_the_wire() -> None:
    """Whatever a store holds (a name or URI kept from undecodable bytes), what is sent is valid ASCII/UTF-8."""
    raw_name = os.fsdecode(b"caf\xe9")
    shared = SharedRoot("file:///data/" + raw_name, raw_name)
    assert shared.name == "caf\ufffd"
    assert shared.uri == "file:///data/caf%E9"
    json.dumps(shared._asdict(), ensure_ascii=False).encode("utf-8")  # would raise on a surrogate
    assert SharedRoot("file:///data/%E9t%C3%A9", "été") == ("file:///data/%E9t%C3%A9", "été")


HOSTILE_NAMES = [b"caf\xe9", b"\xff\xfe", b"half\xe2\x82", b"sp ace", b"q?#%41", b"\x01\x7f", b"[x]@:;\\"]


@pytest.mark.parametrize("raw", HOSTILE_NAMES)
def test_every_folder_name_gives_an_ascii_uri_the_sdk_keeps_exactly(raw: bytes) -> None:
    """`path_to_uri` encodes the bytes; the SDK's `FileUrl` (in the roots callback) must not re-spell them."""
    from pydantic import FileUrl

    path = os.fsdecode(b"/data/" + raw)
    uri = path_to_uri(path)
    assert uri.isascii() and uri.startswith("file:///data/")
    assert str(FileUrl(uri)) == uri
    assert uri_to_path(uri) == path  # and back to the very bytes


# -- the recording server --------------------------------------------------------------------------


def _serve(record: Path) -> None:
    from mcp.server.context import ServerRequestContext
    from mcp.server.mcpserver import MCPServer
    from mcp.shared.exceptions import MCPDeprecationWarning
    from mcp_types import NotificationParams

    from tests.servers._serve import run

    server = MCPServer("non-utf8-recorder")

    async def listing(ctx: ServerRequestContext[Any], _params: NotificationParams) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            result = await ctx.session.list_roots()
        roots = [{"uri": str(root.uri), "name": root.name} for root in result.roots]
        with record.open("a", encoding="utf-8") as file:
            file.write(json.dumps({"roots": roots}) + "\n")

    lowlevel = server._lowlevel_server  # where the SDK keeps notification handlers
    lowlevel.add_notification_handler("notifications/initialized", NotificationParams, listing)
    lowlevel.add_notification_handler("notifications/roots/list_changed", NotificationParams, listing)
    @server.tool()
    async def echo(text: str) -> str:
        """Return `text` unchanged: proves the connection is still up."""
        return text

    run(server, None, legacy_only=True)


if __name__ == "__main__":
    _serve(Path(sys.argv[1]))
