"""macOS: a confined server under the real `sandbox-exec`, through the real CLI (`rootkeeper call`), over real
pipes. Runs in `.github/workflows/macos.yml`; skipped elsewhere.

The probe server (`tests.servers.confined_probe`) reports the OS error it meets: Seatbelt refuses with `EPERM`
("Operation not permitted").
"""

from __future__ import annotations

import os
import sys

import pytest

from app.core.confine.seatbelt import SANDBOX_EXEC
from app.core.store.store import STORE_FILE
from tests.support.confined import ProbeSetup

pytestmark = [pytest.mark.timeout(120),
              pytest.mark.skipif(sys.platform != "darwin" or not os.path.exists(SANDBOX_EXEC),
                                 reason="needs macOS and sandbox-exec")]

REFUSED = {"EPERM", "EACCES"}


def test_inside_the_shared_folder_it_reads_writes_and_lists(probe: ProbeSetup) -> None:
    assert probe.call("read_file", path=str(probe.shared / "note.txt")) == {"ok": "shared text"}
    assert probe.call("write_file", path=str(probe.shared / "new.txt"), text="made") == {"ok": 4}
    assert (probe.shared / "new.txt").read_text() == "made"
    assert probe.call("list_dir", path=str(probe.shared)) == {"ok": ["new.txt", "note.txt"]}
    assert probe.call("spawn", path=str(probe.shared / "note.txt"))["ok"] == "shared text"


def test_outside_its_folders_it_cannot_read_nor_can_its_child(probe: ProbeSetup) -> None:
    for path in (probe.sibling / "secret.txt", probe.key, probe.home / STORE_FILE):
        refused = probe.call("read_file", path=str(path))
        assert refused.get("error") in REFUSED, (path, refused)
        child = probe.call("spawn", path=str(path))
        assert child["ok"] == "" and child["status"] != 0, child
    assert probe.call("list_dir", path=str(probe.user_home)).get("error") in REFUSED
    assert probe.call("write_file", path=str(probe.sibling / "x"), text="x").get("error") in REFUSED
    assert not (probe.sibling / "x").exists()


def test_turned_off_it_reads_the_sibling_again(probe: ProbeSetup) -> None:
    assert probe.call("read_file", path=str(probe.sibling / "secret.txt")).get("error") in REFUSED
    assert probe.cli("servers", "confine", "probe", "off").code == 0
    assert probe.call("read_file", path=str(probe.sibling / "secret.txt")) == {"ok": "sibling text"}
