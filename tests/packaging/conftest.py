"""The .deb and frozen folder `make package` builds (`tests.packaging.build`), built at most once per test session.

dist/ is reused when it is newer than every source. Otherwise, as soon as the session knows it will
run a packaging test, the package build starts in the background, so its two minutes of CPU
overlap the rest of the suite (the packaging tests run last); the first packaging test waits for it
(hence their longer timeout).
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from tests.packaging.build import BUILD_LOG, BUILD_TIMEOUT, build_lock, built_deb, start_build
from tests.support.project import PROJECT

_background: list[subprocess.Popen[bytes]] = []


def is_packaging(item: pytest.Item) -> bool:
    return Path(__file__).parent in Path(item.path).parents


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Packaging tests last, so a background build has the whole rest of the suite to finish in."""
    items[:] = [item for item in items if not is_packaging(item)] + [item for item in items if is_packaging(item)]


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly or os.environ.get("PYTEST_XDIST_WORKER", "gw0") != "gw0":
        return  # each xdist worker collects every test; the first one starts the build
    if any(is_packaging(item) for item in session.items) and built_deb() is None:
        _background.append(start_build())


def pytest_sessionfinish(session: pytest.Session) -> None:
    for build in _background:  # a session cut short does not leave a build running
        if build.poll() is None:
            os.killpg(build.pid, signal.SIGTERM)  # the shell and the PyInstaller under it
            build.wait(timeout=30)


@pytest.fixture(scope="session")
def deb() -> Path:
    build = _background.pop() if _background else None
    if build is None:
        with build_lock():  # waits for a build another worker runs
            unbuilt = built_deb() is None
        build = start_build() if unbuilt else None
    if build is not None:
        code = build.wait(timeout=BUILD_TIMEOUT)
        assert code == 0, BUILD_LOG.read_text(errors="replace")[-4000:]
    found = built_deb()
    assert found is not None, "packaging/build.sh did not leave one up-to-date dist/rootkeeper_*.deb"
    return found


@pytest.fixture(scope="session")
def frozen(deb: Path) -> Path:
    return PROJECT / "dist" / "rootkeeper"
