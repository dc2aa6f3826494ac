"""The confined probe server, set up through the real CLI for each test that asks for `probe`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.support.confined import ProbeSetup


@pytest.fixture
def probe(tmp_path: Path, rk_home: Path, monkeypatch: pytest.MonkeyPatch) -> ProbeSetup:
    """A shared folder, and the probe server sharing it, confined (HOME is the temporary one with a `~/.ssh`)."""
    monkeypatch.setenv("HOME", str(tmp_path / "user-home"))
    made = ProbeSetup(tmp_path, rk_home)
    assert made.cli("roots", "add", str(made.shared)).code == 0
    added = made.cli("servers", "add", "probe", "--share", "all", "--", sys.executable, "-m",
                     "tests.servers.confined_probe")
    assert added.code == 0, added
    confined = made.cli("servers", "confine", "probe", "on")
    assert confined.code == 0, confined
    assert confined.out.strip() == "probe now runs confined to the folders it is given."
    return made
