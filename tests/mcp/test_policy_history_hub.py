"""Issue 13 end to end with the reference filesystem server: a running hub applies the administrator's
policy at once (a forbidden root leaves the server's list), and every list given is in the history."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.bridge import FS_SERVER
from tests.support.cli import run_cli
from tests.support.fs_server import allowed, applied_counts
from tests.support.project import PROJECT
from tests.support.waiting import eventually_sync

pytestmark = pytest.mark.timeout(150)
EMPTY = "No valid root directories provided by client"  # what the server logs for an empty list


@pytest.fixture
def fs_setup(tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    policy = tmp_path / "policy.json"
    policy.write_text("{}")  # a missing file named by the variable would share nothing
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(policy))
    folders = {name: tmp_path / name for name in ("alpha", "beta")}
    own = tmp_path / "own"
    for folder in (own, *folders.values()):
        folder.mkdir()
    for folder in folders.values():
        assert run_cli(rk_home, "roots", "add", str(folder)).code == 0
    assert run_cli(rk_home, "servers", "add", "fs", "--share", "all", "--", node, str(FS_SERVER / "index.js"),
                   str(own)).code == 0  # fmt: skip
    return rk_home, folders, policy


def history(home: Path, *args: str) -> list[dict[str, object]]:
    result = run_cli(home, "history", "--json", *args)
    assert result.code == 0, result
    records: list[dict[str, object]] = result.json()
    return records


def test_a_running_hub_applies_the_policy_at_once_and_records_each_list(fs_setup) -> None:  # type: ignore[no-untyped-def]
    home, folders, policy = fs_setup
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    hub = subprocess.Popen([sys.executable, "-m", "app", "run", "--headless"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    log = home / "state" / "logs" / "fs.log"
    try:
        eventually_sync(lambda: applied_counts(log) == [2], "the server to apply both folders", 40)
        policy.write_text(json.dumps({"deny_folders": [str(folders["beta"])]}))
        eventually_sync(lambda: applied_counts(log) == [2, 1], "the forbidden folder to leave the list", 20)
        policy.write_text("{ broken")  # rewritten in place, as `echo > policy.json` does
        eventually_sync(lambda: EMPTY in log.read_text(), "a broken policy to share nothing", 20)
        policy.write_text("{}")  # emptied: a missing file named by the variable would share nothing
        eventually_sync(lambda: applied_counts(log) == [2, 1, 2], "both folders back once the policy is emptied", 20)
        eventually_sync(lambda: len(history(home, "--server", "fs")) >= 4, "four records", 20)
        given = [record["folders"] for record in history(home, "--server", "fs")]
        both = [folders["alpha"].as_uri(), folders["beta"].as_uri()]
        assert given[0] == both and [folders["alpha"].as_uri()] in given and [] in given and given[-1] == both
        assert {record["via"] for record in history(home)} == {"hub"}
        seen = history(home, "--root", str(folders["beta"]))
        assert seen and all(folders["beta"].as_uri() in record["folders"] for record in seen)  # type: ignore[operator]
    finally:
        hub.send_signal(signal.SIGTERM)
        hub.wait(30)


def test_call_applies_the_policy_and_is_recorded(fs_setup) -> None:  # type: ignore[no-untyped-def]
    home, folders, policy = fs_setup
    policy.write_text(json.dumps({"deny_folders": [str(folders["alpha"])]}))
    assert allowed(run_cli(home, "call", "fs", "list_allowed_directories")) == [str(folders["beta"])]
    # Started with `{roots}` (its own folder became the placeholder when it was added), then given its roots.
    assert [(r["server"], r["via"], r["how"], r["folders"]) for r in history(home)] == [
        ("fs", "call", "arguments", [folders["beta"].as_uri()]), ("fs", "call", "roots", [folders["beta"].as_uri()])]
    listed = {row["path"]: row for row in run_cli(home, "roots", "list", "--json").json()}
    assert listed[str(folders["alpha"])]["policy"] == "forbidden"
    assert listed[str(folders["beta"])]["policy"] is None
