"""macOS: a confined server under the real `sandbox-exec`, through the real CLI (`rootkeeper call`), over real
pipes. Runs in `.github/workflows/macos.yml`; skipped elsewhere.

The probe server (`tests.servers.confined_probe`) reports the OS error it meets: Seatbelt refuses with `EPERM`
("Operation not permitted").
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.confine.seatbelt import SANDBOX_EXEC
from app.core.store.store import STORE_FILE
from tests.support.cli import CliResult, run_cli

pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(sys.platform != "darwin" or not os.path.exists(SANDBOX_EXEC),
                                 reason="needs macOS and sandbox-exec")]

REFUSED = {"EPERM", "EACCES"}


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
        result = self.cli("call", "probe", tool, "--args", json.dumps(arguments))
        assert result.code == 0, result
        content = result.json()["structuredContent"]
        return content.get("result", content)  # type: ignore[no-any-return]


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
    return made


def test_inside_the_shared_folder_it_reads_writes_and_lists(setup: Setup) -> None:
    assert setup.call("read_file", path=str(setup.shared / "note.txt")) == {"ok": "shared text"}
    assert setup.call("write_file", path=str(setup.shared / "new.txt"), text="made") == {"ok": 4}
    assert (setup.shared / "new.txt").read_text() == "made"
    assert setup.call("list_dir", path=str(setup.shared)) == {"ok": ["new.txt", "note.txt"]}
    assert setup.call("spawn", path=str(setup.shared / "note.txt"))["ok"] == "shared text"


def test_outside_its_folders_it_cannot_read_nor_can_its_child(setup: Setup) -> None:
    for path in (setup.sibling / "secret.txt", setup.key, setup.home / STORE_FILE):
        refused = setup.call("read_file", path=str(path))
        assert refused.get("error") in REFUSED, (path, refused)
        child = setup.call("spawn", path=str(path))
        assert child["ok"] == "" and child["status"] != 0, child
    assert setup.call("list_dir", path=str(setup.user_home)).get("error") in REFUSED
    assert setup.call("write_file", path=str(setup.sibling / "x"), text="x").get("error") in REFUSED
    assert not (setup.sibling / "x").exists()


def test_turned_off_it_reads_the_sibling_again(setup: Setup) -> None:
    assert setup.call("read_file", path=str(setup.sibling / "secret.txt")).get("error") in REFUSED
    assert setup.cli("servers", "confine", "probe", "off").code == 0
    assert setup.call("read_file", path=str(setup.sibling / "secret.txt")) == {"ok": "sibling text"}
