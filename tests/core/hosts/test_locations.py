"""Where each host keeps its config on Linux, macOS and Windows, following HOME, APPDATA and XDG_CONFIG_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.hosts import HOSTS


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    spots = {"home": tmp_path / "home", "xdg": tmp_path / "xdg", "appdata": tmp_path / "roaming"}
    monkeypatch.setenv("HOME", str(spots["home"]))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(spots["xdg"]))
    monkeypatch.setenv("APPDATA", str(spots["appdata"]))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return spots


def _user(host: str, system: str, project: Path) -> Path:
    return HOSTS[host].config_files(project, system)[0].path


def test_desktop_apps_follow_each_platforms_convention(places: dict[str, Path], tmp_path: Path) -> None:
    home, xdg, appdata = places["home"], places["xdg"], places["appdata"]
    support = home / "Library" / "Application Support"
    want = {
        ("claude-desktop", "linux"): xdg / "Claude" / "claude_desktop_config.json",
        ("claude-desktop", "darwin"): support / "Claude" / "claude_desktop_config.json",
        ("claude-desktop", "win32"): appdata / "Claude" / "claude_desktop_config.json",
        ("vscode", "linux"): xdg / "Code" / "User" / "mcp.json",
        ("vscode", "darwin"): support / "Code" / "User" / "mcp.json",
        ("vscode", "win32"): appdata / "Code" / "User" / "mcp.json",
        ("zed", "linux"): xdg / "zed" / "settings.json",
        ("zed", "darwin"): home / ".config" / "zed" / "settings.json",
        ("zed", "win32"): appdata / "Zed" / "settings.json",
    }
    assert {key: _user(*key, tmp_path) for key in want} == want


@pytest.mark.parametrize("system", ["linux", "darwin", "win32"])
def test_home_folder_hosts_are_the_same_everywhere(places: dict[str, Path], tmp_path: Path, system: str) -> None:
    home = places["home"]
    assert _user("claude-code", system, tmp_path) == home / ".claude.json"
    assert _user("cursor", system, tmp_path) == home / ".cursor" / "mcp.json"
    assert _user("windsurf", system, tmp_path) == home / ".codeium" / "windsurf" / "mcp_config.json"
    assert _user("gemini", system, tmp_path) == home / ".gemini" / "settings.json"
    assert _user("codex", system, tmp_path) == home / ".codex" / "config.toml"


def test_project_files_live_in_the_project(places: dict[str, Path], tmp_path: Path) -> None:
    project = tmp_path / "repo"
    found = {name: [c.path for c in host.config_files(project, "linux") if c.scope == "project"]
             for name, host in HOSTS.items()}
    assert found == {
        "claude-desktop": [],
        "claude-code": [project / ".mcp.json"],
        "vscode": [project / ".vscode" / "mcp.json"],
        "cursor": [project / ".cursor" / "mcp.json"],
        "windsurf": [],
        "gemini": [project / ".gemini" / "settings.json"],
        "codex": [project / ".codex" / "config.toml"],
        "zed": [project / ".zed" / "settings.json"],
        "opencode": [project / "opencode.json", project / "opencode.jsonc"],
        "cline": [],
        "mcp-json": [],
    }


def test_codex_home_and_a_relative_xdg_value(places: dict[str, Path], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex"))
    assert _user("codex", "linux", tmp_path) == tmp_path / "codex" / "config.toml"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/ignored")  # the XDG spec says to ignore relative values
    assert _user("zed", "linux", tmp_path) == places["home"] / ".config" / "zed" / "settings.json"
