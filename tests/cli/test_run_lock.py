"""`run --headless` twice in one home, the global `--log-level`, and `servers list` reading typed status."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from app.core.model import StoreData
from app.core.servers.status import STATUS_FILE, ConnectionStatus
from app.core.store.store import Store
from tests.support.cli import run_cli
from tests.support.headless import ANNOUNCE, HeadlessHubFactory, headless_env, wait_for_line
from tests.support.processes import leftovers, processes_mentioning
from tests.support.project import PROJECT
from tests.support.servers import HttpServersFactory, http_entry, python_server
from tests.support.waiting import eventually


def test_a_second_headless_hub_says_so_and_exits_without_starting_servers(
    rk_home: Path, tmp_path: Path, *, headless_hub: HeadlessHubFactory
) -> None:
    mark = f"second-hub-{os.getpid()}"
    record = tmp_path / "seen.jsonl"
    Store(rk_home).update(lambda data: data.servers.append(
        python_server("rec", "legacy_recorder", "--record", str(record), mark=mark)))
    def initialized() -> int:
        lines = record.read_text().splitlines() if record.exists() else []
        return sum(json.loads(line)["event"] == "initialized" for line in lines)

    with headless_hub(rk_home) as first:
        asyncio.run(eventually(lambda: initialized() == 1, "the first hub's server", 60))
        report = tmp_path / "second-leftovers.json"  # what the second hub leaves running when it exits
        second = run_cli(rk_home, "run", "--headless", leftovers=report)
        assert second.code == 1
        lines = second.err.strip().splitlines()
        assert len(lines) == 1 and f"process {first.pid}" in lines[0] and "already" in lines[0], second
        assert "Traceback" not in second.err and second.out == ""
        assert first.poll() is None
        # The second hub never started the server: the one server process is the first hub's.
        assert len(processes_mentioning(mark, first.pid)) == 1 and leftovers(report, mark) == [] and initialized() == 1
    assert first.returncode == 0


def test_the_headless_hub_logs_to_a_private_file_and_log_level_debug_is_honoured(
    tmp_path: Path, *, headless_hub: HeadlessHubFactory
) -> None:
    home = tmp_path / "home"
    log_file = home / "state" / "logs" / "rootkeeper.log"
    with headless_hub(home):
        pass
    text = log_file.read_text()
    assert "INFO app.mcp.run: headless hub started" in text and "DEBUG" not in text
    with headless_hub(home, "--log-level", "debug"):
        pass
    assert "DEBUG asyncio: Using selector" in log_file.read_text()  # asyncio's own debug record


def test_the_environment_variable_sets_the_level_and_the_option_wins(
    tmp_path: Path, *, headless_hub: HeadlessHubFactory
) -> None:
    home = tmp_path / "home"
    log_file = home / "state" / "logs" / "rootkeeper.log"
    with headless_hub(home, ROOTKEEPER_LOG_LEVEL="debug"):
        pass
    assert "DEBUG asyncio" in log_file.read_text()
    log_file.unlink()
    with headless_hub(home, "--log-level", "warning", ROOTKEEPER_LOG_LEVEL="debug"):
        pass
    assert "INFO" not in log_file.read_text() and "DEBUG" not in log_file.read_text()


def test_an_unknown_log_level_is_one_sentence(rk_home: Path) -> None:
    result = run_cli(rk_home, "--log-level", "loud", "roots", "list")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1 and "loud" in result.err
    env = headless_env(rk_home, ROOTKEEPER_LOG_LEVEL="loud")
    proc = subprocess.run([sys.executable, "-m", "app", "roots", "list"], env=env, cwd=PROJECT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        "rootkeeper: The log level 'loud' is not one of debug, info, warning, error, critical.")


def test_log_files_are_private_under_umask_000(tmp_path: Path) -> None:
    home = tmp_path / "home"
    code = "import os, sys; os.umask(0); from app.cli.main import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "run", "--headless"], env=headless_env(home), cwd=PROJECT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_line(proc, ANNOUNCE)
    finally:
        proc.terminate()
        proc.communicate(timeout=60)
    logs = home / "state" / "logs"
    assert logs.stat().st_mode & 0o777 == 0o700 and logs.parent.stat().st_mode & 0o777 == 0o700
    assert (logs / "rootkeeper.log").stat().st_mode & 0o777 == 0o600


def test_short_commands_write_no_log_file(rk_home: Path) -> None:
    assert run_cli(rk_home, "--log-level", "debug", "roots", "list").code == 0
    assert not (rk_home / "state" / "logs" / "rootkeeper.log").exists()


def test_servers_list_json_reads_the_published_rows_through_connection_status(rk_home: Path) -> None:
    store = Store(rk_home)
    store.update(lambda data: data.servers.extend(
        [python_server("good", "roots_tool"), python_server("damaged", "roots_tool")]))
    state = rk_home / "state"
    state.mkdir(parents=True, exist_ok=True)  # the servers' environment values (secrets) may have made it
    good = ConnectionStatus(state="connected", era="legacy", protocol_version="2025-11-25", roots_fetch_count=3)
    (state / STATUS_FILE).write_text(json.dumps({"pid": os.getpid(), "updated_at": "2026-01-01T00:00:00+00:00",
                                                 "servers": {"good": good.row(), "damaged": {"state": "exploded"}}}))
    rows = {row["name"]: row["status"] for row in run_cli(rk_home, "servers", "list", "--json").json()}
    assert rows["good"] == {**good.row(), "condition": "connected"}  # the published row, and the word it shows
    assert rows["damaged"]["state"] == "unknown" and rows["damaged"]["era"] is None
    assert set(rows["damaged"]) == set(good.row()) | {"detail", "condition"}
    (state / STATUS_FILE).write_text("{ not json")
    rows = {row["name"]: row["status"] for row in run_cli(rk_home, "servers", "list", "--json").json()}
    assert rows["good"]["state"] == "unknown" and rows["good"]["detail"] == "No hub is running."


def test_a_debug_log_of_a_running_hub_holds_no_header_or_environment_value(
    rk_home: Path, tmp_path: Path, *, headless_hub: HeadlessHubFactory, http_servers: HttpServersFactory
) -> None:
    header_secret, env_secret = f"hdr-{os.urandom(8).hex()}", f"env-{os.urandom(8).hex()}"
    with http_servers(tmp_path / "http", {"web": ("legacy_recorder", ["--record", str(tmp_path / "web.jsonl")])}) \
            as servers:
        def add(data: StoreData) -> None:
            data.servers.append(http_entry("web", servers["web"].url, share="all"))
            data.servers[-1].target.headers = {"Authorization": f"Bearer {header_secret}"}  # type: ignore[union-attr]
            data.servers.append(python_server("local", "legacy_recorder", "--record", str(tmp_path / "local.jsonl"),
                                              mark=env_secret))

        Store(rk_home).update(add)
        with headless_hub(rk_home, "--log-level", "debug"):
            def connected() -> bool:
                rows = run_cli(rk_home, "servers", "list", "--json").json()
                return all(row["status"]["state"] == "connected" for row in rows)

            asyncio.run(eventually(connected, "both servers connected", 60))
    text = (rk_home / "state" / "logs" / "rootkeeper.log").read_text()
    assert "DEBUG httpcore" in text  # the requests that carried the header were logged, without it
    assert header_secret not in text and env_secret not in text


def test_a_state_folder_that_cannot_be_made_is_said_in_sentences_and_the_hub_still_runs(
    rk_home: Path, *, headless_hub: HeadlessHubFactory
) -> None:
    # Issue 10, #7: an unusable state folder degrades logging, nothing else; the hub lock falls back
    # to the private runtime folder (see app/core/system/hublock.py), so one hub per home still holds.
    rk_home.mkdir(parents=True)
    (rk_home / "state").write_text("a file where the state folder belongs")
    with headless_hub(rk_home) as proc:
        second = run_cli(rk_home, "run", "--headless")
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert lines[0].startswith("rootkeeper: Cannot write the log file") and "logging to the terminal" in lines[0]
    assert all(line.startswith("rootkeeper: ") for line in lines), lines
    assert second.code == 1 and "already keeps the servers connected" in second.err, second
