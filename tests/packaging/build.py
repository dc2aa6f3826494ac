"""The package build the packaging tests need: whether dist/ holds an up-to-date .deb, and starting the build.

The `deb` and `frozen` fixtures (tests/packaging/conftest.py) build it at most once per test session.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.project import PROJECT

SOURCES = ("app", "packaging", "resources", "pyproject.toml")
BUILD_TIMEOUT = 1200  # the build on two cores under load, with nothing cached
BUILD_LOG = PROJECT / "build" / "package-for-tests.log"


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


def start_build() -> subprocess.Popen[bytes]:
    for old in (PROJECT / "dist").glob("rootkeeper_*.deb"):
        old.unlink()
    BUILD_LOG.parent.mkdir(exist_ok=True)
    with BUILD_LOG.open("wb") as log:
        # The virtual environment running the tests builds the package too.
        return subprocess.Popen(["sh", "packaging/build.sh"], cwd=PROJECT, env={**os.environ, "VENV": sys.prefix},
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
