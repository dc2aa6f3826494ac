"""Host entries becoming Rootkeeper servers: valid unique names, no duplicates, folders only offered."""

from __future__ import annotations

from pathlib import Path

from app.core.hosts import HOSTS
from app.core.hosts.importing import plan_import, valid_name
from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from tests.support.host_samples import CLAUDE_CODE, CLAUDE_DESKTOP, GEMINI, VSCODE


def test_names_are_made_valid_and_unique() -> None:
    assert valid_name("git server!", set()) == "git-server"
    assert valid_name("fs", {"fs", "fs-2"}) == "fs-3"
    assert valid_name("---", set()) == "server"
    assert valid_name("é" * 3 + "x", set()) == "x"
    long = valid_name("a" * 80, {"a" * 64})
    assert len(long) == 64 and long.endswith("-2")


def test_import_adds_pending_servers_and_offers_the_folders(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    text = CLAUDE_DESKTOP.written(data_dir)
    path = tmp_path / "claude_desktop_config.json"
    data = StoreData(servers=[ServerEntry(name="filesystem", target=StdioTarget(command="other"))])
    results = plan_import(data, HOSTS["claude-desktop"].read(path, text), path)
    assert [(r.entry.name if r.entry else None, r.is_new) for r in results] == [
        ("filesystem-2", True), ("git-server", True)
    ]
    assert all(entry.consent == "pending" for entry in data.servers[1:])
    fs = data.servers[1].target
    assert isinstance(fs, StdioTarget) and fs.env == {"NODE_OPTIONS": "--max-old-space-size=512"}
    assert results[0].folders == [str(data_dir)] and results[1].folders == [str(data_dir)]
    assert data.roots == []  # offered, never shared


def test_an_identical_server_is_reused_and_bridged_or_sse_entries_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / ".claude.json"
    servers = HOSTS["claude-code"].read(path, CLAUDE_CODE.text)
    data = StoreData(servers=[ServerEntry(name="mine", target=HttpTarget(
        url="https://docs.example.com/mcp", headers={"X-Key": "k1"}))])
    results = plan_import(data, servers, path)
    outcome = [(r.server.name, r.entry.name if r.entry else r.skipped, r.is_new) for r in results]
    assert outcome == [
        ("fs", "fs", True),
        ("docs", "mine", False),
        ("fs", "fs-2", True),
        ("events", "it uses the older SSE transport, which Rootkeeper does not speak", False),
    ]
    again = plan_import(data, servers, path)
    assert [r.is_new for r in again] == [False, False, False, False] and len(data.servers) == 3


def test_a_relative_working_folder_is_taken_next_to_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / ".gemini" / "settings.json"
    data = StoreData()
    results = plan_import(data, HOSTS["gemini"].read(path, GEMINI.text), path)
    target = results[0].entry.target if results[0].entry else None
    assert isinstance(target, StdioTarget) and target.cwd == str(tmp_path / ".gemini" / "server-directory")
    http = results[1].entry.target if results[1].entry else None
    assert isinstance(http, HttpTarget) and http.headers == {"Authorization": "token"}


def test_values_only_the_host_fills_in_are_imported_with_a_warning_and_never_installed(tmp_path: Path) -> None:
    path = tmp_path / ".vscode" / "mcp.json"
    servers = HOSTS["vscode"].read(path, VSCODE.text)
    imported = plan_import(StoreData(), servers, path)
    warned = [(r.server.name, bool(r.entry), r.warning.startswith("its settings use ${input:token}"))
              for r in imported]
    assert warned == [("fs", True, True), ("web", True, True), ("git", True, False), ("old", False, False)]
    installing = plan_import(StoreData(), servers, path, for_install=True)
    assert [(r.server.name, r.entry is not None) for r in installing] == [
        ("fs", False), ("web", False), ("git", True), ("old", False)
    ]
    assert installing[0].skipped == (
        "its settings use ${input:token}, which only the host fills in, so it keeps starting directly"
    )
