"""Server targets that can never work are refused when they are added (issue 10, #14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.store.store import STORE_FILE

REFUSED = [
    pytest.param(["--url", "http://127.0.0.1:99999/mcp"], "65535", id="port-too-high"),
    pytest.param(["--url", "http://127.0.0.1:0/mcp"], "65535", id="port-zero"),
    pytest.param(["--url", "http://127.0.0.1:-1/mcp"], "port", id="port-negative"),
    pytest.param(["--url", "http://127.0.0.1:80a/mcp"], "port", id="port-not-a-number"),
    pytest.param(["--url", "http://127.0.0.1/mcp\r\nX-Injected: 1"], "space", id="crlf-in-url"),
    pytest.param(["--url", "http://127.0.0.1/m\tcp"], "space", id="tab-in-url"),
    pytest.param(["--url", "http://127.0.0.1/m cp"], "space", id="space-in-url"),
    pytest.param(["--url", "http:///mcp"], "URL", id="no-host"),
    pytest.param(["--url", "ftp://127.0.0.1/mcp"], "URL", id="not-http"),
    pytest.param(["--url", "http://127.0.0.1/mcp", "--header", "X Bad=1"], "header name", id="space-in-header"),
    pytest.param(["--url", "http://127.0.0.1/mcp", "--header", "X:Bad=1"], "header name", id="colon-in-header"),
    pytest.param(["--url", "http://127.0.0.1/mcp", "--header", "Bad\r\nX=1"], "header name", id="crlf-header-name"),
    pytest.param(["--url", "http://127.0.0.1/mcp", "--header", "X-Ok=a\r\nX-Injected: 1"], "line break",
                 id="crlf-in-header-value"),
    pytest.param(["--url", "http://127.0.0.1/mcp", "--header", "X-Ok=a\nb"], "line break", id="lf-in-header-value"),
    pytest.param(["--", ""], "command", id="empty-command"),
    pytest.param(["--", "   "], "command", id="blank-command"),
    pytest.param(["--", "\t\n"], "command", id="whitespace-command"),
]


@pytest.mark.parametrize(("options", "fragment"), REFUSED)
def test_a_target_that_can_never_work_is_refused_at_add_time(cli, rk_home: Path, options: list[str],  # type: ignore[no-untyped-def]
                                                             fragment: str) -> None:
    result = cli("servers", "add", "s", *options)
    assert result.code == 1, result
    (line,) = result.err.splitlines()
    assert fragment in line and "Traceback" not in line and "Error" not in line, line
    assert not (rk_home / STORE_FILE).exists()


@pytest.mark.parametrize("options", [
    pytest.param(["--url", "http://127.0.0.1:65535/mcp", "--header", "Authorization=Bearer a b"], id="edge-port"),
    pytest.param(["--url", "https://[::1]:8443/mcp?x=%20y", "--header", "X-Custom_Token!=v"], id="ipv6-token-chars"),
    pytest.param(["--url", "http://localhost:1/"], id="port-one"),
    pytest.param(["--url", " http://127.0.0.1/mcp\n"], id="surrounding-whitespace-of-a-paste"),
    pytest.param(["--", "my server", "--flag"], id="command-with-space"),
])
def test_targets_that_can_work_are_still_accepted(cli, options: list[str]) -> None:  # type: ignore[no-untyped-def]
    result = cli("servers", "add", "s", *options)
    assert result.code == 0, result
