"""`servers disable NAME` / `servers enable NAME`: the server stays configured, the hub is told to leave it alone."""

from __future__ import annotations

from pathlib import Path

from app.core.store.store import Store


def test_disable_and_enable_keep_the_server_and_its_consent(cli, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert cli("servers", "add", "tools", "--share", "all", "--", "some-server").code == 0
    off = cli("servers", "disable", "tools")
    assert off.code == 0, off
    assert "disabled" in off.out
    entry = Store(rk_home).load().server("tools")
    assert entry is not None and not entry.enabled and entry.consent == "given"
    assert "disabled" in cli("servers", "list").out
    assert cli("servers", "list", "--json").json()[0]["enabled"] is False

    on = cli("servers", "enable", "tools")
    assert on.code == 0 and "enabled" in on.out
    entry = Store(rk_home).load().server("tools")
    assert entry is not None and entry.enabled


def test_disabling_an_unknown_server_is_one_sentence_and_changes_nothing(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("servers", "disable", "nobody")
    assert result.code != 0
    assert "nobody" in result.err and len(result.err.strip().splitlines()) == 1
