"""A confined server through the real CLI (`rootkeeper call`), under real Landlock, over real pipes.

The probe server (`tests.servers.confined_probe`) reports the OS error it meets; the reference filesystem server
from npm must go on working confined.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from app.core.confine import landlock
from app.core.store.store import STORE_FILE
from tests.support.bridge import FS_SERVER
from tests.support.confined import ProbeSetup

pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")]


def test_inside_the_shared_folder_it_reads_writes_and_lists(probe: ProbeSetup) -> None:
    assert probe.call("read_file", path=str(probe.shared / "note.txt")) == {"ok": "shared text"}
    assert probe.call("write_file", path=str(probe.shared / "new.txt"), text="made") == {"ok": 4}
    assert (probe.shared / "new.txt").read_text() == "made"
    assert probe.call("list_dir", path=str(probe.shared)) == {"ok": ["new.txt", "note.txt"]}


@pytest.mark.parametrize("which", ["sibling", "ssh key", "store", "root's file"])
def test_everything_else_is_refused_by_the_system_also_to_its_child(probe: ProbeSetup, which: str) -> None:
    path = {"sibling": probe.sibling / "secret.txt", "ssh key": probe.key, "store": probe.home / STORE_FILE,
            "root's file": Path("/root/.bashrc")}[which]
    refused = probe.call("read_file", path=str(path))
    assert refused["error"] == "EACCES", (path, refused)
    child = probe.call("spawn", path=str(path))
    assert child["ok"] == "" and child["status"] != 0 and "Permission denied" in child["stderr"], child


def test_no_other_folder_can_be_listed_or_written(probe: ProbeSetup) -> None:
    assert probe.call("list_dir", path="/root")["error"] == "EACCES"
    assert probe.call("list_dir", path=str(probe.user_home))["error"] == "EACCES"
    assert probe.call("write_file", path=str(probe.sibling / "x"), text="x")["error"] == "EACCES"
    assert not (probe.sibling / "x").exists()
    assert probe.call("spawn", path=str(probe.shared / "note.txt"))["ok"] == "shared text"


def test_after_pause_no_user_folder_can_be_read_and_resume_brings_it_back(probe: ProbeSetup) -> None:
    assert probe.cli("pause").code == 0
    assert probe.call("read_file", path=str(probe.shared / "note.txt"))["error"] == "EACCES"
    assert probe.cli("resume").code == 0
    assert probe.call("read_file", path=str(probe.shared / "note.txt")) == {"ok": "shared text"}


def test_a_new_root_is_readable_at_the_next_call(probe: ProbeSetup) -> None:
    assert probe.call("read_file", path=str(probe.sibling / "secret.txt"))["error"] == "EACCES"
    assert probe.cli("roots", "add", str(probe.sibling)).code == 0
    assert probe.call("read_file", path=str(probe.sibling / "secret.txt")) == {"ok": "sibling text"}


def test_servers_list_says_it_is_confined(probe: ProbeSetup) -> None:
    row = probe.cli("servers", "list", "--json").json()[0]
    assert row["confined"] is True
    assert row["binding"] == "confined"
    assert probe.cli("servers", "confine", "probe", "off").code == 0
    row = probe.cli("servers", "list", "--json").json()[0]
    assert row["confined"] is False and row["binding"] != "confined"
    assert probe.call("read_file", path=str(probe.sibling / "secret.txt")) == {"ok": "sibling text"}


def test_without_landlock_the_server_is_not_started_and_the_user_is_told_why(
    probe: ProbeSetup, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = probe.shared / "started"
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")
    result = probe.cli("call", "probe", "write_file", "--args", json.dumps({"path": str(marker), "text": "x"}))
    assert result.code != 0
    assert "was not started: it is set to run confined, and this system's kernel offers no Landlock" in result.err
    assert not marker.exists()
    refused = probe.cli("servers", "confine", "probe", "on")
    assert refused.code != 0
    assert refused.err.strip().endswith("Servers cannot be confined on this system: it offers no Landlock.")


def test_the_reference_filesystem_server_works_confined(probe: ProbeSetup) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    assert probe.cli("servers", "add", "fs", "--share", "all", "--", node, str(FS_SERVER / "index.js")).code == 0
    assert probe.cli("servers", "confine", "fs", "on").code == 0

    def fs(tool: str, **arguments: str) -> str:
        result = probe.cli("call", "fs", tool, "--args", json.dumps(arguments))
        assert result.code == 0, result
        return str(result.json()["content"][0]["text"])

    assert fs("list_allowed_directories").splitlines()[1:] == [str(probe.shared)]
    assert fs("read_text_file", path=str(probe.shared / "note.txt")) == "shared text"
    fs("write_file", path=str(probe.shared / "fs.txt"), content="from fs")
    assert (probe.shared / "fs.txt").read_text() == "from fs"
    assert "sibling" not in os.listdir(probe.shared)
