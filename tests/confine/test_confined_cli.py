"""A confined server through the real CLI (`rootkeeper call`), under real Landlock, over real pipes.

The probe server (`tests.servers.confined_probe`) reports the OS error it meets; the reference filesystem server
from npm must go on working confined.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.confine import landlock
from app.core.store.store import STORE_FILE
from tests.support.bridge import FS_SERVER
from tests.support.cli import CliResult, run_cli

pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")]


def answer(result: CliResult) -> dict[str, Any]:
    assert result.code == 0, result
    content = result.json()["structuredContent"]
    return content.get("result", content)  # type: ignore[no-any-return]


class Setup:
    def __init__(self, tmp_path: Path, rk_home: Path) -> None:
        self.home = rk_home
        self.shared = tmp_path / "shared"
        self.sibling = tmp_path / "sibling"
        self.user_home = tmp_path / "user-home"
        for folder in (self.shared, self.sibling, self.user_home / ".ssh"):
            folder.mkdir(parents=True)
        (self.shared / "note.txt").write_text("shared text")
        (self.sibling / "secret.txt").write_text("sibling text")
        self.key = self.user_home / ".ssh" / "id_ed25519"
        self.key.write_text("PRIVATE KEY")

    def cli(self, *args: str) -> CliResult:
        return run_cli(self.home, *args)

    def call(self, tool: str, **arguments: str) -> dict[str, Any]:
        return answer(self.cli("call", "probe", tool, "--args", json.dumps(arguments)))


@pytest.fixture
def setup(tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch) -> Setup:
    monkeypatch.setenv("HOME", str(tmp_path / "user-home"))
    made = Setup(tmp_path, rk_home)
    assert made.cli("roots", "add", str(made.shared)).code == 0
    added = made.cli("servers", "add", "probe", "--share", "all", "--", sys.executable, "-m",
                     "tests.servers.confined_probe")
    assert added.code == 0, added
    confined = made.cli("servers", "confine", "probe", "on")
    assert confined.code == 0, confined
    assert confined.out.strip() == "probe now runs confined to the folders it is given."
    return made


def test_inside_the_shared_folder_it_reads_writes_and_lists(setup: Setup) -> None:
    assert setup.call("read_file", path=str(setup.shared / "note.txt")) == {"ok": "shared text"}
    assert setup.call("write_file", path=str(setup.shared / "new.txt"), text="made") == {"ok": 4}
    assert (setup.shared / "new.txt").read_text() == "made"
    assert setup.call("list_dir", path=str(setup.shared)) == {"ok": ["new.txt", "note.txt"]}


@pytest.mark.parametrize("which", ["sibling", "ssh key", "store", "root's file"])
def test_everything_else_is_refused_by_the_system_also_to_its_child(setup: Setup, which: str) -> None:
    path = {"sibling": setup.sibling / "secret.txt", "ssh key": setup.key, "store": setup.home / STORE_FILE,
            "root's file": Path("/root/.bashrc")}[which]
    refused = setup.call("read_file", path=str(path))
    assert refused["error"] == "EACCES", (path, refused)
    child = setup.call("spawn", path=str(path))
    assert child["ok"] == "" and child["status"] != 0 and "Permission denied" in child["stderr"], child


def test_no_other_folder_can_be_listed_or_written(setup: Setup) -> None:
    assert setup.call("list_dir", path="/root")["error"] == "EACCES"
    assert setup.call("list_dir", path=str(setup.user_home))["error"] == "EACCES"
    assert setup.call("write_file", path=str(setup.sibling / "x"), text="x")["error"] == "EACCES"
    assert not (setup.sibling / "x").exists()
    assert setup.call("spawn", path=str(setup.shared / "note.txt"))["ok"] == "shared text"


def test_after_pause_no_user_folder_can_be_read_and_resume_brings_it_back(setup: Setup) -> None:
    assert setup.cli("pause").code == 0
    assert setup.call("read_file", path=str(setup.shared / "note.txt"))["error"] == "EACCES"
    assert setup.cli("resume").code == 0
    assert setup.call("read_file", path=str(setup.shared / "note.txt")) == {"ok": "shared text"}


def test_a_new_root_is_readable_at_the_next_call(setup: Setup) -> None:
    assert setup.call("read_file", path=str(setup.sibling / "secret.txt"))["error"] == "EACCES"
    assert setup.cli("roots", "add", str(setup.sibling)).code == 0
    assert setup.call("read_file", path=str(setup.sibling / "secret.txt")) == {"ok": "sibling text"}


def test_servers_list_says_it_is_confined(setup: Setup) -> None:
    row = setup.cli("servers", "list", "--json").json()[0]
    assert row["confined"] is True
    assert row["binding"] == "confined"
    assert setup.cli("servers", "confine", "probe", "off").code == 0
    row = setup.cli("servers", "list", "--json").json()[0]
    assert row["confined"] is False and row["binding"] != "confined"
    assert setup.call("read_file", path=str(setup.sibling / "secret.txt")) == {"ok": "sibling text"}


def test_without_landlock_the_server_is_not_started_and_the_user_is_told_why(
    setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = setup.shared / "started"
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")
    result = setup.cli("call", "probe", "write_file", "--args", json.dumps({"path": str(marker), "text": "x"}))
    assert result.code != 0
    assert "was not started: it is set to run confined, and this system's kernel offers no Landlock" in result.err
    assert not marker.exists()
    refused = setup.cli("servers", "confine", "probe", "on")
    assert refused.code != 0
    assert refused.err.strip().endswith("Servers cannot be confined on this system: it offers no Landlock.")


def test_the_reference_filesystem_server_works_confined(setup: Setup) -> None:
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    assert setup.cli("servers", "add", "fs", "--share", "all", "--", node, str(FS_SERVER / "index.js")).code == 0
    assert setup.cli("servers", "confine", "fs", "on").code == 0

    def fs(tool: str, **arguments: str) -> str:
        result = setup.cli("call", "fs", tool, "--args", json.dumps(arguments))
        assert result.code == 0, result
        return str(result.json()["content"][0]["text"])

    assert fs("list_allowed_directories").splitlines()[1:] == [str(setup.shared)]
    assert fs("read_text_file", path=str(setup.shared / "note.txt")) == "shared text"
    fs("write_file", path=str(setup.shared / "fs.txt"), content="from fs")
    assert (setup.shared / "fs.txt").read_text() == "from fs"
    assert "sibling" not in os.listdir(setup.shared)
