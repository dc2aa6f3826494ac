"""The .deb and frozen folder `make package` builds, built at most once per test session.

`make test` builds the package first (a Makefile prerequisite, rebuilt only when the sources
changed), so here the fixture only checks dist/ is newer than every source. Run alone
(`pytest tests/packaging`), it builds the package itself when dist/ is missing or stale: about two
minutes on two loaded cores, which is why the tests using it carry a longer timeout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

SOURCES = ("app", "packaging", "resources", "pyproject.toml")
BUILD_TIMEOUT = 900


def newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        top = PROJECT / name
        paths = [top] if top.is_file() else [p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        newest = max([newest, *(p.stat().st_mtime for p in paths)])
    return newest


def built_deb() -> Path | None:
    debs = sorted((PROJECT / "dist").glob("rootkeeper_*.deb"))
    if len(debs) == 1 and debs[0].stat().st_mtime > newest_source():
        return debs[0]
    return None


@pytest.fixture(scope="session")
def deb() -> Path:
    found = built_deb()
    if found is None:
        for old in (PROJECT / "dist").glob("rootkeeper_*.deb"):
            old.unlink()
        venv = Path(sys.prefix)  # the virtual environment running the tests builds the package too
        done = subprocess.run(["sh", "packaging/build.sh"], cwd=PROJECT, env=dict(os.environ, VENV=str(venv)),
                              capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        found = built_deb()
    assert found is not None, "packaging/build.sh did not leave one up-to-date dist/rootkeeper_*.deb"
    return found


@pytest.fixture(scope="session")
def frozen(deb: Path) -> Path:
    return PROJECT / "dist" / "rootkeeper"
