"""Each host's format: reading gives the right entries; install + restore gives back the exact bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.hosts import HOSTS, HostConfigError, guess_host
from app.core.hosts.bridgecmd import bridge_command, bridged_server_name
from tests.support.host_samples import MARKER, SAMPLES, Sample

LAUNCH = ["/opt/rootkeeper/rootkeeper"]


def _command(name: str) -> list[str]:
    return [*LAUNCH, "bridge", "--server", name]


def _path(sample: Sample) -> Path:
    return Path("/home/me") / sample.relative


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_read_gives_every_entry(sample: Sample) -> None:
    servers = HOSTS[sample.host].read(_path(sample), sample.text)
    got = [
        (s.name, s.transport, s.command, tuple(s.args), s.env, s.url, s.headers, s.cwd, bool(s.host_filled))
        for s in servers
    ]
    want = [(e.name, e.transport, e.command, e.args, e.env, e.url, e.headers, e.cwd, e.host_filled)
            for e in sample.expected]
    assert got == want
    assert all(server.bridged_as is None for server in servers)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_install_then_restore_is_byte_identical(sample: Sample) -> None:
    host, path = HOSTS[sample.host], _path(sample)
    servers = [s for s in host.read(path, sample.text) if s.transport in ("stdio", "http")]
    text, edits = sample.text, []
    for server in servers:
        edit = host.install_edit(path, text, server, _command(server.name))
        edits.append(edit)
        text = edit.text
    assert text != sample.text
    after = {(s.location, s.bridged_as) for s in host.read(path, text)}
    for server in servers:
        assert (server.location, server.name) in after
    # Every other entry and setting is untouched by the install.
    untouched = [s for s in host.read(path, sample.text) if s.transport not in ("stdio", "http")]
    assert all(s in host.read(path, text) for s in untouched)
    for edit in edits:  # restoring in install order: each edit is independent of the others
        restored = host.restore_edit(path, text, edit.location, edit.location[-1], edit.original)
        assert restored is not None
        text = restored
    assert text == sample.text


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_windows_line_endings_stay_windows_line_endings(sample: Sample) -> None:
    host, path = HOSTS[sample.host], _path(sample)
    original = sample.text.replace("\n", "\r\n")
    first = next(s for s in host.read(path, original) if s.transport == "stdio")
    edit = host.install_edit(path, original, first, _command(first.name))
    assert "bridge" in edit.installed and edit.text.count("\n") == edit.text.count("\r\n")
    assert host.restore_edit(path, edit.text, edit.location, first.name, edit.original) == original


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_restore_keeps_an_edit_the_user_made_elsewhere(sample: Sample) -> None:
    host, path = HOSTS[sample.host], _path(sample)
    first = next(s for s in host.read(path, sample.text) if s.transport == "stdio")
    edit = host.install_edit(path, sample.text, first, _command(first.name))
    assert edit.text.count(MARKER) == 1
    edited = edit.text.replace(MARKER, "changed by the user")
    restored = host.restore_edit(path, edited, edit.location, first.name, edit.original)
    assert restored == sample.text.replace(MARKER, "changed by the user")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_an_entry_the_user_changed_after_install_is_not_restored(sample: Sample) -> None:
    host, path = HOSTS[sample.host], _path(sample)
    first = next(s for s in host.read(path, sample.text) if s.transport == "stdio")
    edit = host.install_edit(path, sample.text, first, _command(first.name))
    assert host.restore_edit(path, edit.text, edit.location, "another-server", edit.original) is None
    retargeted = edit.text.replace("/opt/rootkeeper/rootkeeper", "/usr/bin/other-tool")
    assert host.restore_edit(path, retargeted, edit.location, first.name, edit.original) is None


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_the_bridge_entry_keeps_the_hosts_own_settings(sample: Sample) -> None:
    host, path = HOSTS[sample.host], _path(sample)
    first = next(s for s in host.read(path, sample.text) if s.transport == "stdio")
    command = bridge_command(first.name)
    edit = host.install_edit(path, sample.text, first, command)
    entry = next(s for s in host.read(path, edit.text) if s.location == first.location)
    assert [entry.command, *entry.args] == command
    assert bridged_server_name(entry.command, entry.args) == first.name
    own = {k: v for k, v in first.raw.items() if k in ("unknownKey", "timeout", "trust", "startup_timeout_sec",
                                                        "source", "alwaysAllow", "disabled")}
    assert all(entry.raw[key] == value for key, value in own.items())


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_a_config_that_does_not_parse_is_refused_in_one_sentence(sample: Sample) -> None:
    with pytest.raises(HostConfigError) as caught:
        HOSTS[sample.host].read(_path(sample), sample.broken)
    sentence = str(caught.value)
    assert "\n" not in sentence and sentence.endswith("left untouched.")
    assert str(_path(sample)) in sentence and caught.value.code == "hosts.unreadable"


def test_plain_json_hosts_refuse_comments_and_jsonc_hosts_accept_them() -> None:
    commented = '{\n  // a comment\n  "mcpServers": {},\n}\n'
    for name in ("claude-desktop", "claude-code", "cursor", "windsurf"):
        with pytest.raises(HostConfigError):
            HOSTS[name].read(Path("x.json"), commented)
    assert HOSTS["zed"].read(Path("x.json"), commented.replace("mcpServers", "context_servers")) == []
    assert HOSTS["vscode"].read(Path("x.json"), commented.replace("mcpServers", "servers")) == []
    # Gemini CLI strips comments but parses the rest as strict JSON: a trailing comma breaks it.
    with pytest.raises(HostConfigError, match="trailing comma"):
        HOSTS["gemini"].read(Path("settings.json"), commented)
    assert HOSTS["gemini"].read(Path("settings.json"), commented.replace("{},", "{}")) == []


def test_an_empty_file_has_no_servers() -> None:
    assert HOSTS["cursor"].read(Path("mcp.json"), "") == []
    assert HOSTS["codex"].read(Path("config.toml"), "") == []


def test_codex_refuses_an_entry_it_cannot_edit_line_by_line() -> None:
    text = 'mcp_servers = { fs = { command = "npx", args = [] } }\n'
    host = HOSTS["codex"]
    (server,) = host.read(Path("config.toml"), text)
    with pytest.raises(HostConfigError, match=r"cannot safely edit the entry 'fs'.*own \[mcp_servers\.fs\] table"):
        host.install_edit(Path("config.toml"), text, server, _command("fs"))


def test_the_host_is_guessed_from_the_file_name() -> None:
    cases = {
        "/a/Claude/claude_desktop_config.json": "claude-desktop",
        "/home/me/.claude.json": "claude-code",
        "/repo/.mcp.json": "claude-code",
        "/repo/.vscode/mcp.json": "vscode",
        "/home/me/.config/Code/User/mcp.json": "vscode",
        "/repo/.cursor/mcp.json": "cursor",
        "/home/me/.codeium/windsurf/mcp_config.json": "windsurf",
        "/home/me/.gemini/settings.json": "gemini",
        "/home/me/.codex/config.toml": "codex",
        "/home/me/.config/zed/settings.json": "zed",
        "/repo/.zed/settings.json": "zed",
    }
    assert {path: guess_host(Path(path)).name for path in cases} == cases
    with pytest.raises(HostConfigError, match="--host"):
        guess_host(Path("/somewhere/servers.json"))
