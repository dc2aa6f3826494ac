"""What a command loads: `--version` nearly nothing, a store command neither the SDK nor asyncio nor Qt.

Each command runs in a fresh interpreter, the way a user starts it (`python -m app`, or the console
script's `from app.cli.main import main`), and reports the modules it ended with.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.project import PROJECT

# What only long-running commands (the hub, the GUI, `call`, `bridge`) need.
HEAVY = ("asyncio", "mcp", "anyio", "httpx", "httpcore", "PySide6", "qasync", "watchfiles", "ssl", "subprocess")

_AS_MODULE = """
import atexit, json, runpy, sys
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["rootkeeper", *sys.argv[1:]]
runpy.run_module("app", run_name="__main__", alter_sys=True)
"""

_AS_SCRIPT = """
import atexit, json, sys
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))
from app.cli.main import main
sys.exit(main())
"""


def _modules(home: Path, code: str, *args: str) -> set[str]:
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=PROJECT, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def _loaded(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(name for name in modules if name.split(".")[0] in packages)


@pytest.mark.parametrize("code", [_AS_MODULE, _AS_SCRIPT], ids=["python -m app", "console script"])
def test_version_loads_neither_pydantic_nor_logging_nor_the_core(rk_home: Path, code: str) -> None:
    modules = _modules(rk_home, code, "--version")
    assert _loaded(modules, ("pydantic", "pydantic_core", "logging", *HEAVY)) == []
    assert sorted(name for name in modules if name.startswith("app.")) in ([], ["app.cli", "app.cli.main"])


@pytest.mark.parametrize("command", [("roots", "list"), ("roots", "list", "--json"), ("roots", "add", "{folder}"),
                                     ("servers", "list"), ("servers", "list", "--json"), ("pause",)],
                         ids=" ".join)
def test_a_store_command_loads_no_sdk_no_asyncio_no_qt(rk_home: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    modules = _modules(rk_home, _AS_MODULE, *(part.format(folder=folder) for part in command))
    assert _loaded(modules, (*HEAVY, "tomlkit")) == []
    assert "app.core.store.store" in modules  # it did run the command


def test_hosts_formats_load_only_for_host_commands(rk_home: Path) -> None:
    # The hosts' readers (Codex's among them; tomlkit itself loads only once a Codex file is there to read).
    assert "app.core.hosts.codex" in _modules(rk_home, _AS_MODULE, "hosts", "list", "--json")


@pytest.mark.parametrize("command", [("roots", "list"), ("roots", "list", "--json"), ("roots", "check")],
                         ids=" ".join)
def test_reading_the_roots_builds_no_pydantic_model(rk_home: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    _modules(rk_home, _AS_MODULE, "roots", "add", str(folder))
    modules = _modules(rk_home, _AS_MODULE, *command)
    assert _loaded(modules, ("pydantic", "pydantic_core")) == []
    assert "app.core.store.plain" in modules


def _store_with_a_server(home: Path, tmp_path: Path) -> Path:
    """A store with a root and servers whose secrets are kept as references, as a saved store holds them."""
    folder = tmp_path / "shared"
    folder.mkdir()
    _modules(home, _AS_MODULE, "roots", "add", str(folder))
    _modules(home, _AS_MODULE, "servers", "add", "web", "--url", "http://me:pw@127.0.0.1:9/mcp",
             "--header", "Authorization=Bearer token")
    _modules(home, _AS_MODULE, "servers", "add", "cmd", "--env", "TOKEN=secret", "--", "server", "{roots}")
    return folder


@pytest.mark.parametrize("command", [("roots", "add", "{other}"), ("roots", "add", "{other}", "--name", "Other"),
                                     ("roots", "disable", "shared"), ("roots", "enable", "shared"),
                                     ("roots", "rename", "shared", "Renamed"), ("roots", "remove", "shared"),
                                     ("pause",), ("resume",), ("servers", "list"), ("servers", "list", "--json")],
                         ids=" ".join)
def test_editing_the_roots_and_listing_servers_build_no_pydantic_model(rk_home: Path, tmp_path: Path,
                                                                        command: tuple[str, ...]) -> None:
    _store_with_a_server(rk_home, tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    before = (rk_home / "rootkeeper.json").read_bytes()
    modules = _modules(rk_home, _AS_MODULE, *(part.format(other=other) for part in command))
    assert _loaded(modules, ("pydantic", "pydantic_core")) == []
    assert "app.core.store.plain" in modules
    if command[0] != "servers":
        assert (rk_home / "rootkeeper.json").read_bytes() != before  # it did edit the store


def test_servers_list_reads_a_running_hubs_statuses_without_pydantic(rk_home: Path, tmp_path: Path) -> None:
    from app.core.servers.status import ConnectionStatus, StatusBoard

    _store_with_a_server(rk_home, tmp_path)
    StatusBoard(rk_home / "state").publish_statuses({"web": ConnectionStatus(state="connected", era="legacy")})
    modules = _modules(rk_home, _AS_MODULE, "servers", "list", "--json")
    assert _loaded(modules, ("pydantic", "pydantic_core")) == []
