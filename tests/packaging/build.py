"""The package build the packaging tests need: whether dist/ holds an up-to-date .deb, and starting the build.

The `deb` and `frozen` fixtures (tests/packaging/conftest.py) build it at most once per test session. Under
pytest-xdist each worker runs its own session: a build holds `BUILD_LOCK` (flock) for as long as it runs, so a worker
that needs the package waits for a build under way and reuses what it left instead of building a second one.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.support.project import PROJECT

SOURCES = ("app", "packaging", "resources", "pyproject.toml")
BUILD_TIMEOUT = 1200  # the build on two cores under load, with nothing cached
BUILD_LOG = PROJECT / "build" / "package-for-tests.log"
BUILD_LOCK = PROJECT / "build" / "package-for-tests.lock"


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


@contextlib.contextmanager
def build_lock() -> Iterator[int]:
    """Taken once no build runs in any worker (a build holds it to its end); yields the locked file's descriptor."""
    BUILD_LOCK.parent.mkdir(exist_ok=True)
    with BUILD_LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield lock.fileno()


def start_build() -> subprocess.Popen[bytes]:
    """Build in the background. The build inherits the locked descriptor, so `BUILD_LOCK` stays taken until it
    ends, with no moment between this worker's check and the build where another worker could start one."""
    with build_lock() as locked:
        for old in (PROJECT / "dist").glob("rootkeeper_*.deb"):
            old.unlink()
        BUILD_LOG.parent.mkdir(exist_ok=True)
        with BUILD_LOG.open("wb") as log:
            # The virtual environment running the tests builds the package too.
            return subprocess.Popen(["sh", "packaging/build.sh"], cwd=PROJECT, env={**os.environ, "VENV": sys.prefix},
                                    stdout=log, stderr=subprocess.STDOUT, start_new_session=True, pass_fds=(locked,))
