"""New and imported stdio servers run confined where the system can confine them: `servers add`, `servers import`
and `hosts install` through the real CLI, `--confine/--no-confine`, HTTP servers never, servers already in a store
unchanged, and a kernel without Landlock (the test switch) where nothing is confined and `--confine` is refused."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.confine import landlock
from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from tests.support.cli import CliResult
from tests.support.host_samples import CURSOR

pytestmark = pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")

Cli = Callable[..., CliResult]
COMMAND = ("--", sys.executable, "-m", "tests.servers.confined_probe")
UNSUPPORTED = "Servers cannot be confined on this system: it offers no Landlock."


def confined(cli: Cli) -> dict[str, bool]:
    listed = cli("servers", "list", "--json")
    assert listed.code == 0, listed
    return {row["name"]: row["confined"] for row in listed.json()}


def test_servers_add_confines_a_new_stdio_server_unless_told_not_to(cli: Cli) -> None:
    assert cli("servers", "add", "probe", *COMMAND).code == 0
    assert cli("servers", "add", "open", "--no-confine", *COMMAND).code == 0
    assert cli("servers", "add", "web", "--url", "http://127.0.0.1:9/mcp").code == 0
    assert cli("servers", "add", "asked", "--confine", *COMMAND).code == 0
    assert confined(cli) == {"probe": True, "open": False, "web": False, "asked": True}


def test_servers_already_in_the_store_keep_running_unconfined(cli: Cli, rk_home: Path) -> None:
    entry = ServerEntry(name="old", target=StdioTarget(command=sys.executable, args=["-m", "x"]))
    Store(rk_home).update(lambda data: data.servers.append(entry))
    assert cli("servers", "add", "new", *COMMAND).code == 0
    assert confined(cli) == {"old": False, "new": True}


def test_servers_list_says_a_server_is_confined_and_that_its_network_stays_open(cli: Cli) -> None:
    assert cli("servers", "add", "probe", *COMMAND).code == 0
    assert cli("servers", "add", "open", "--no-confine", *COMMAND).code == 0
    out = cli("servers", "list").out
    probe, _open = out.split("\nopen  ")
    assert "\n    Confined: Runs confined" in probe and "\n    The network stays open to it.\n" in probe
    assert "Confined" not in _open and "network" not in _open


def test_import_and_hosts_install_confine_the_stdio_servers_they_add(
    cli: Cli, host_home: Path, data_dir: Path
) -> None:
    config = host_home / CURSOR.relative
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(CURSOR.written(data_dir), encoding="utf-8")
    assert cli("servers", "import", "cursor").code == 0
    assert confined(cli) == {"filesystem": True, "remote": False}
    for name in ("filesystem", "remote"):
        assert cli("servers", "remove", name).code == 0
    assert cli("servers", "import", "cursor", "--no-confine").code == 0
    assert confined(cli) == {"filesystem": False, "remote": False}
    for name in ("filesystem", "remote"):
        assert cli("servers", "remove", name).code == 0
    assert cli("hosts", "install", "cursor").code == 0
    assert confined(cli) == {"filesystem": True, "remote": False}
    assert cli("hosts", "uninstall", "cursor").code == 0
    for name in ("filesystem", "remote"):
        assert cli("servers", "remove", name).code == 0
    assert cli("hosts", "install", "cursor", "--no-confine").code == 0
    assert confined(cli) == {"filesystem": False, "remote": False}


def test_without_landlock_nothing_is_confined_and_asking_for_it_is_refused(
    cli: Cli, rk_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")
    assert cli("servers", "add", "probe", *COMMAND).code == 0
    assert confined(cli) == {"probe": False}
    saved = (rk_home / "rootkeeper.json").read_bytes()
    refused = cli("servers", "add", "strict", "--confine", *COMMAND)
    assert refused.code != 0 and refused.err.strip().endswith(UNSUPPORTED), refused
    assert (rk_home / "rootkeeper.json").read_bytes() == saved
    out = cli("servers", "list").out
    assert "rootkeeper servers confine" not in out  # nothing to offer where it cannot be turned on


def test_a_confined_servers_log_says_first_what_it_may_touch(cli: Cli, rk_home: Path, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "note.txt").write_text("shared text")
    assert cli("roots", "add", str(shared)).code == 0
    assert cli("servers", "add", "probe", "--share", "all", *COMMAND).code == 0
    called = cli("call", "probe", "read_file", "--args", json.dumps({"path": str(shared / "note.txt")}))
    assert called.code == 0, called
    (log,) = (rk_home / "state" / "logs").glob("probe*.log")
    header, first = log.read_text().splitlines()[:2]
    assert "Rootkeeper starts:" in header
    assert first == (f"--- Runs confined. probe can read and change: {shared.resolve()}; can read: the system and "
                     "its own program; cannot see anything else in your home. The network stays open to it.")


def test_a_projects_server_routed_with_project_is_confined_like_any_new_server(
    cli: Cli, host_home: Path, data_dir: Path, tmp_path: Path
) -> None:
    from tests.support.bridge import FS_SERVER
    from tests.support.fs_server import node
    from tests.support.host_samples import CLAUDE_CODE

    user = host_home / CLAUDE_CODE.relative
    user.write_text(CLAUDE_CODE.written(data_dir), encoding="utf-8")
    project = tmp_path / "checkout"
    project.mkdir()
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"fsp": {
        "type": "stdio", "command": node(), "args": [str(FS_SERVER / "index.js"), "."], "env": {}}}}) + "\n",
        encoding="utf-8")
    assert cli("hosts", "install", "claude-code", "--project", cwd=project).code == 0
    assert confined(cli)["fsp"] is True
