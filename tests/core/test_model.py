"""The persisted model's validators and defaults."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.text import UserError


def rejection(exc: pytest.ExceptionInfo[ValidationError]) -> UserError:
    error = exc.value.errors()[0]["ctx"]["error"]
    assert isinstance(error, UserError)
    return error


@pytest.mark.parametrize("name", ["fs", "a.b_c-1", "X" * 64])
def test_server_names_accepted(name: str) -> None:
    assert ServerEntry(name=name, target=StdioTarget(command="x")).name == name


@pytest.mark.parametrize("name", ["", "bad name", "-lead", "x" * 65, "名字", "a/b"])
def test_server_names_refused_with_a_code(name: str) -> None:
    with pytest.raises(ValidationError) as caught:
        ServerEntry(name=name, target=StdioTarget(command="x"))
    assert rejection(caught).code == "server.bad_name"


@pytest.mark.parametrize("url", ["ftp://h/x", "http://", "127.0.0.1:8000/mcp", "http:// space"])
def test_only_http_urls(url: str) -> None:
    with pytest.raises(ValidationError) as caught:
        HttpTarget(url=url)
    assert rejection(caught).code == "server.bad_url"
    assert HttpTarget(url="https://example.com/mcp").url == "https://example.com/mcp"


def test_a_new_entry_waits_for_consent_and_detects_its_era() -> None:
    entry = ServerEntry(name="fs", target=StdioTarget(command="x"))
    assert (entry.share, entry.consent, entry.era, entry.legacy_only) == ("all", "pending", "auto", False)
    assert entry.declares_roots
    entry.share = "none"
    assert not entry.declares_roots


def test_assignments_are_validated() -> None:
    entry = ServerEntry(name="fs", target=StdioTarget(command="x"))
    with pytest.raises(ValidationError):
        entry.era = "1999"  # type: ignore[assignment]
    with pytest.raises(ValidationError):
        entry.name = "bad name"
    with pytest.raises(ValidationError):
        entry.consent = "maybe"  # type: ignore[assignment]


def test_targets_are_told_apart_by_kind_and_lookups_find_by_name_and_id() -> None:
    data = StoreData.model_validate({"servers": [
        {"name": "web", "target": {"kind": "http", "url": "http://127.0.0.1:9/mcp"}},
        {"name": "cmd", "target": {"kind": "stdio", "command": "x", "args": ["-y"]}},
    ], "roots": [{"id": "r1", "name": "a", "entered_path": "/a", "path": "/a", "uri": "file:///a"}]})
    web, cmd = data.servers
    assert isinstance(web.target, HttpTarget) and isinstance(cmd.target, StdioTarget)
    assert data.server("cmd") is cmd and data.server("nope") is None
    assert data.root_by_id("r1") is data.roots[0] and data.root_by_id("r2") is None
