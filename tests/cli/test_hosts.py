"""`rootkeeper hosts` and `servers import` end to end: real config files in a temporary HOME, a real CLI process."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from app.core.hosts import HOSTS
from app.core.model import HttpTarget, StdioTarget
from app.core.servers.secrets import masked, reveal
from app.core.store.store import Store
from tests.support.cli import CliResult
from tests.support.host_samples import CLAUDE_DESKTOP, CODEX, CURSOR, MARKER, SAMPLES, VSCODE, Sample
from tests.support.project import PROJECT


@pytest.fixture
def home(host_home: Path) -> Path:
    return host_home



def place(sample: Sample, home: Path, data_dir: Path) -> Path:
    path = home / sample.relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sample.written(data_dir), encoding="utf-8")
    return path


def every_project(sample: Sample) -> list[str]:
    """Claude Code's sample also holds a project's own entries: acted on from another folder only when asked."""
    return ["--all-projects"] if sample.host == "claude-code" else []


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def one_sentence(result: CliResult) -> str:
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert result.code != 0 and len(lines) == 1, result
    return lines[0]


def servers_in_store(cli) -> list[dict]:  # type: ignore[no-untyped-def]
    listed = cli("servers", "list", "--json")
    assert listed.code == 0, listed
    rows: list[dict] = listed.json()
    return rows


def test_hosts_lists_installed_hosts_their_files_and_servers(cli, home: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    cursor = place(CURSOR, home, data_dir)
    project = home / "repo"
    (project / ".vscode").mkdir(parents=True)
    (project / ".vscode" / "mcp.json").write_text(VSCODE.written(data_dir))
    rows = {row["host"]: row for row in cli("hosts", "--json", cwd=project).json()}
    assert set(rows) == set(HOSTS) - {"mcp-json"}  # a plain mcpServers file has no place of its own
    assert rows["claude-desktop"]["installed"] is False and rows["claude-desktop"]["files"] == []
    (file,) = rows["cursor"]["files"]
    assert (file["path"], file["scope"], file["error"]) == (str(cursor), "user", None)
    assert [(s["name"], s["transport"], s["through_rootkeeper"]) for s in file["servers"]] == [
        ("filesystem", "stdio", False), ("remote", "http", False)
    ]
    (vscode,) = rows["vscode"]["files"]
    assert vscode["scope"] == "project" and [s["name"] for s in vscode["servers"]] == ["fs", "web", "git", "old"]

    assert cli("hosts", "install", "cursor").code == 0
    rows = {row["host"]: row for row in cli("hosts", "--json").json()}
    servers = rows["cursor"]["files"][0]["servers"]
    assert [(s["through_rootkeeper"], s["rootkeeper_server"], s["rootkeeper_server_known"]) for s in servers] == [
        (True, "filesystem", True), (True, "remote", True)
    ]
    text = cli("hosts")
    assert "Cursor (cursor):" in text.out and "through Rootkeeper" in text.out and "Zed (zed): no config" in text.out


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_import_turns_each_hosts_servers_into_pending_entries(cli, home: Path, data_dir: Path,  # type: ignore[no-untyped-def]
                                                              sample: Sample) -> None:
    path = place(sample, home, data_dir)
    before = path.read_bytes()
    # each command as written; every project's entries (the sample's project is not the folder the CLI runs in)
    result = cli("servers", "import", sample.host, "--json", "--keep-own-folders", *every_project(sample))
    assert result.code == 0, result
    report = result.json()
    assert report["files"] == [str(path)]
    importable = [e for e in sample.expected if e.transport in ("stdio", "http")]
    imported = [row for row in report["servers"] if row["status"] == "imported"]
    assert [row["host_name"] for row in imported] == [e.name for e in importable]
    stored = {row["name"]: row for row in servers_in_store(cli)}
    in_store = Store().load()
    assert len(stored) == len(importable)
    for row, expected in zip(imported, importable, strict=True):
        entry = stored[row["server"]]
        assert entry["consent"] == "pending"
        target = in_store.server(row["server"]).target  # type: ignore[union-attr]
        if expected.transport == "stdio":
            args = [arg.replace("@DATA@", str(data_dir)) for arg in expected.args]
            assert (entry["transport"], entry["command"], entry["args"], entry["env"]) == (
                "stdio", expected.command, args, masked(StdioTarget(command="-", env=expected.env)).env)
            assert reveal(target).env == expected.env  # type: ignore[union-attr]
        else:
            shown = masked(HttpTarget(url=expected.url, headers=expected.headers))
            assert (entry["transport"], entry["url"], entry["headers"]) == ("http", shown.url, shown.headers)
            assert reveal(target).headers == expected.headers  # type: ignore[union-attr]
    skipped = [row for row in report["servers"] if row["status"] == "skipped"]
    assert all(row["reason"] for row in skipped)
    with_folders = [row for row in imported if row["folders"]]
    assert with_folders and all(row["folders"] == [str(data_dir)] for row in with_folders)
    assert with_folders[0]["roots_add"] == ["rootkeeper", "roots", "add", str(data_dir)]
    assert cli("roots", "list", "--json").json() == []  # offered, not shared
    assert path.read_bytes() == before


def test_import_prints_the_exact_roots_add_command_and_skips_what_it_already_has(cli, home: Path,  # type: ignore[no-untyped-def]
                                                                                 data_dir: Path) -> None:
    place(CLAUDE_DESKTOP, home, data_dir)
    first = cli("servers", "import", "claude-desktop")
    assert first.code == 0, first
    assert f"rootkeeper roots add '{data_dir}'" in first.out
    assert "Imported 'git server!' as 'git-server'" in first.out
    added = cli("roots", "add", str(data_dir))  # the printed command works as printed
    assert added.code == 0, added
    again = cli("servers", "import", "claude-desktop")
    assert "'filesystem' is already the Rootkeeper server 'filesystem'." in again.out
    assert len(servers_in_store(cli)) == 2


def test_entries_already_running_through_rootkeeper_are_not_imported(cli, home: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    place(CURSOR, home, data_dir)
    assert cli("hosts", "install", "cursor").code == 0
    assert cli("servers", "remove", "remote").code == 0
    result = cli("servers", "import", "cursor")
    assert result.out.count("already runs through Rootkeeper") == 2, result
    assert [row["name"] for row in servers_in_store(cli)] == ["filesystem"]


def test_a_file_is_imported_with_its_host_guessed_or_given(cli, home: Path, data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    odd = tmp_path / "exported servers.jsonc"  # a .json file with mcpServers would be a plain mcpServers file
    odd.write_text(CURSOR.written(data_dir))
    refused = one_sentence(cli("servers", "import", str(odd)))
    assert "does not tell which host" in refused and "--host" in refused
    assert cli("servers", "import", "--file", str(odd), "--host", "cursor").code == 0
    codex = tmp_path / "config.toml"
    codex.write_text(CODEX.written(data_dir))
    assert cli("servers", "import", str(codex)).code == 0
    names = [row["name"] for row in servers_in_store(cli)]
    assert names == ["filesystem", "remote", "filesystem-2", "docs-site", "local"]
    assert "no file at" in one_sentence(cli("servers", "import", str(tmp_path / "missing.json")))
    assert "not a host Rootkeeper knows" in one_sentence(cli("servers", "import", "notepad"))
    assert "No Zed config was found" in one_sentence(cli("servers", "import", "zed"))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_install_then_uninstall_leaves_the_file_byte_identical(cli, rk_home: Path, home: Path,  # type: ignore[no-untyped-def]
                                                               data_dir: Path, sample: Sample) -> None:
    path = place(sample, home, data_dir)
    path.chmod(0o640)
    original = path.read_bytes()
    installed = cli("hosts", "install", sample.host, *every_project(sample))
    assert installed.code == 0, installed
    assert path.read_bytes() != original and stat.S_IMODE(path.stat().st_mode) == 0o640
    host = HOSTS[sample.host]
    bridged = [s for s in host.read(path, path.read_text()) if s.bridged_as is not None]
    assert [s.name for s in bridged] == [e.name for e in sample.expected if e.installable]
    backups = list((rk_home / "state" / "host-backups").iterdir())
    assert len(backups) == 1 and backups[0].read_bytes() == original
    assert stat.S_IMODE(backups[0].stat().st_mode) == 0o600
    assert stat.S_IMODE(backups[0].parent.stat().st_mode) == 0o700
    records = rk_home / "state" / "host-installs.json"
    assert stat.S_IMODE(records.stat().st_mode) == 0o600

    uninstalled = cli("hosts", "uninstall", sample.host)
    assert uninstalled.code == 0, uninstalled
    assert path.read_bytes() == original
    assert json.loads(records.read_text())["entries"] == []
    assert "Nothing Rootkeeper installed" in cli("hosts", "uninstall", sample.host).out


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_uninstall_keeps_what_the_user_edited_meanwhile(cli, home: Path, data_dir: Path, sample: Sample) -> None:  # type: ignore[no-untyped-def]
    path = place(sample, home, data_dir)
    original = path.read_text()
    assert cli("hosts", "install", sample.host).code == 0
    path.write_text(path.read_text().replace(MARKER, "the user's own edit"))
    assert cli("hosts", "uninstall", sample.host).code == 0
    assert path.read_text() == original.replace(MARKER, "the user's own edit")


def test_dry_run_prints_the_diff_and_writes_nothing(cli, rk_home: Path, home: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    path = place(VSCODE, home, data_dir)
    before = snapshot(path)
    result = cli("hosts", "install", "vscode", "--dry-run")
    assert result.code == 0, result
    assert result.out.startswith(f"--- {path}\n+++ {path}\n@@")
    assert '-\t\t"git": {"command": "uvx", "args": ["mcp-server-git", "--repository", ' in result.out
    assert '+\t\t"git": {\n+\t\t\t"type": "stdio",\n+\t\t\t"command": ' in result.out
    # The settings folder in use travels along: a host starts the bridge with an environment of its own.
    assert f'"bridge", "git", "--home", {json.dumps(str(rk_home))}]' in result.out
    assert "'git' would start through Rootkeeper" in result.out
    assert "Left 'fs' as it is: its settings use ${input:token}" in result.out
    assert snapshot(path) == before
    assert not rk_home.exists()  # no store, no backup, no record


def test_only_the_chosen_servers_are_installed(cli, home: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    path = place(CODEX, home, data_dir)
    assert cli("hosts", "install", "codex", "--servers", "local").code == 0
    servers = {s.name: s.bridged_as for s in HOSTS["codex"].read(path, path.read_text())}
    assert servers == {"filesystem": None, "docs site": None, "local": "local"}
    refused = one_sentence(cli("hosts", "install", "codex", "--servers", "local,nope"))
    assert "no server named 'nope'" in refused and "docs site" in refused


def test_the_installed_command_starts_rootkeepers_bridge(cli, rk_home: Path, home: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    path = place(CURSOR, home, data_dir)
    assert cli("hosts", "install", "cursor").code == 0
    entry = json.loads(path.read_text())["mcpServers"]["filesystem"]
    argv = [entry["command"], *entry["args"]]
    # The server's name is positional: the MCP Inspector takes `--server` as its own option.
    assert os.path.isabs(argv[0]) and argv[-4:] == ["bridge", "filesystem", "--home", str(rk_home)]
    prefix = argv[:-4]
    assert len(prefix) == 1 or prefix[1:] == ["-m", "app"]
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    started = subprocess.run([*prefix, "--version"], capture_output=True, text=True, env=env, cwd="/",
                             timeout=60, check=False)
    assert started.returncode == 0 and started.stdout.startswith("rootkeeper "), started


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.host)
def test_a_config_that_does_not_parse_is_refused_and_left_untouched(cli, rk_home: Path, home: Path,  # type: ignore[no-untyped-def]
                                                                    sample: Sample) -> None:
    path = home / sample.relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sample.broken)
    before = snapshot(path)
    for command in (["servers", "import", sample.host], ["hosts", "install", sample.host],
                    ["hosts", "install", sample.host, "--dry-run"]):
        sentence = one_sentence(cli(*command))
        assert "cannot be read" in sentence and "left untouched" in sentence, sentence
        assert snapshot(path) == before
    assert not (rk_home / "rootkeeper.json").exists()
    listed = {row["host"]: row for row in cli("hosts", "--json").json()}
    assert "cannot be read" in listed[sample.host]["files"][0]["error"]


def test_an_entry_changed_after_install_is_left_alone(cli, home: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    path = place(CURSOR, home, data_dir)
    assert cli("hosts", "install", "cursor").code == 0
    config = json.loads(path.read_text())
    config["mcpServers"]["remote"] = {"url": "https://the-users-new-choice.example.com/mcp"}
    path.write_text(json.dumps(config, indent=4))
    result = cli("hosts", "uninstall", "cursor")
    assert result.code == 0, result
    assert "Left 'remote' as it is" in result.out
    after = json.loads(path.read_text())["mcpServers"]
    assert after["remote"] == {"url": "https://the-users-new-choice.example.com/mcp"}
    assert after["filesystem"]["command"] == "npx"


def test_a_symlinked_config_stays_a_symlink(cli, home: Path, data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dotfiles = tmp_path / "dotfiles" / "mcp.json"
    dotfiles.parent.mkdir()
    dotfiles.write_text(CURSOR.written(data_dir))
    original = dotfiles.read_bytes()
    link = home / ".cursor" / "mcp.json"
    link.parent.mkdir()
    link.symlink_to(dotfiles)
    assert cli("hosts", "install", "cursor").code == 0
    assert link.is_symlink() and b"bridge" in dotfiles.read_bytes()
    assert cli("hosts", "uninstall", "cursor").code == 0
    assert link.is_symlink() and dotfiles.read_bytes() == original


def test_control_characters_from_a_config_never_reach_the_terminal(cli, home: Path) -> None:  # type: ignore[no-untyped-def]
    path = home / ".cursor" / "mcp.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"mcpServers": {"evil\u001b[31m": {"command": "x\u001b]0;title\u0007"}}}))
    for result in (cli("hosts"), cli("servers", "import", "cursor"), cli("hosts", "install", "cursor", "--dry-run")):
        assert result.code == 0, result
        assert "\u001b" not in result.out and "\u0007" not in result.out



def test_a_config_folder_the_user_cannot_write_is_refused_and_left_as_it_was(rk_home: Path, home: Path,
                                                                             data_dir: Path) -> None:
    from tests.support.cli import run_unprivileged

    path = place(CURSOR, home, data_dir)
    before = path.read_bytes()
    path.parent.chmod(0o555)  # the atomic replace needs to create its temporary file in this folder
    try:
        proc = run_unprivileged("import sys; from app.cli.main import main; sys.exit(main(sys.argv[1:]))",
                                "hosts", "install", "cursor")
    finally:
        path.parent.chmod(0o755)
    # The servers imported on the way hold environment values: where no keyring exists, that is said once too.
    lines = [line for line in proc.stderr.splitlines() if line.strip() and "No keyring is available" not in line]
    assert proc.returncode == 1 and len(lines) == 1, proc
    assert "could not be rewritten" in lines[0] and "left as it was" in lines[0]
    assert path.read_bytes() == before
    assert json.loads((rk_home / "state" / "host-installs.json").read_text())["entries"] == []
