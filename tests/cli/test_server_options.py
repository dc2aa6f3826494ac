"""`servers roots-from`: whose roots a bridged server sees when its host has roots of its own."""

from __future__ import annotations

import sys


def test_roots_from_is_stored_listed_and_refused_when_unknown(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("servers", "add", "fs", "--", sys.executable, "-c", "pass").code == 0
    before = cli("servers", "list", "--json").json()
    assert before[0]["roots_source"] == "rootkeeper"

    changed = cli("servers", "roots-from", "fs", "merge")
    assert changed.code == 0, changed
    assert changed.out == "Through a bridge, 'fs' now sees Rootkeeper's folders and its host's roots.\n"
    listed = cli("servers", "list")
    assert "through a bridge, roots from: merge" in listed.out
    assert cli("servers", "list", "--json").json()[0]["roots_source"] == "merge"

    refused = cli("servers", "roots-from", "fs", "everyone")
    assert refused.code == 2 and len(refused.err.strip().splitlines()) == 1
    missing = cli("servers", "roots-from", "nope", "host")
    assert missing.code == 1 and "No server is named 'nope'" in missing.err
    assert cli("servers", "list", "--json").json()[0]["roots_source"] == "merge"


def test_the_core_edit_refuses_an_unknown_source_with_a_code() -> None:
    import pytest

    from app.core.edits import servers as edit_servers
    from app.core.model import ServerEntry, StdioTarget, StoreData
    from app.core.text import UserError

    data = StoreData(servers=[ServerEntry(name="fs", target=StdioTarget(command="x"))])
    with pytest.raises(UserError) as raised:
        edit_servers.set_roots_source(data, "fs", "everyone")
    assert raised.value.code == "server.bad_roots_source"
    assert edit_servers.set_roots_source(data, "fs", "host").roots_source == "host"
