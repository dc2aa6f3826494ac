"""`rootkeeper` as separate processes: the self-test, a second start, and a machine with no desktop."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import qasync

from app.core.store.store import Store
from app.ui.single_instance import SingleInstance
from tests.support.gui import BuildApp, no_desktop_env, run, running
from tests.support.project import PROJECT
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def test_self_test_builds_the_ui_offscreen_and_prints_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path, "a", "b"))
    # No display variables at all: the self-test must pick the offscreen platform by itself.
    done = subprocess.run([sys.executable, "-m", "app", "--self-test"], env=no_desktop_env(home), cwd=PROJECT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("rootkeeper ") and "self-test passed: 2 shared folder(s), 0 server(s)" in lines[0]
    assert done.stderr == ""


def test_a_second_start_raises_the_first_window_and_exits(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    app = build_app(home)
    primary = SingleInstance(home / "state")
    assert primary.claim()
    primary.activationRequested.connect(app.show_window)

    async def scenario() -> None:
        async with running(app, show=False):
            assert not app.window.isVisible()
            second = await asyncio.to_thread(
                subprocess.run, [sys.executable, "-m", "app"], env=no_desktop_env(home, QT_QPA_PLATFORM="offscreen"),
                cwd=PROJECT, capture_output=True, text=True, timeout=60, check=False,
            )
            assert second.returncode == 0, second.stderr
            assert second.stdout.strip() == "Rootkeeper is already running; its window has been brought to the front."
            await eventually(app.window.isVisible, what="the first instance's window raised")

    try:
        run(qloop, scenario())
    finally:
        primary.release()
    assert SingleInstance(home / "state").claim()  # released: the next start becomes the primary


def test_without_a_desktop_session_the_hub_runs_headless(tmp_path: Path) -> None:
    home = tmp_path / "home"
    process = subprocess.Popen([sys.executable, "-m", "app"], env=no_desktop_env(home), cwd=PROJECT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stderr is not None
        announced = process.stdout.readline()
        assert "keeping 0 server(s) informed" in announced
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
        assert process.stderr.read().strip() == (
            "rootkeeper: No desktop session was found, so Rootkeeper runs without a window."
        )
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_tray_app_loads_without_the_mcp_sdk(tmp_path: Path) -> None:
    """Everything the window and tray need imports without the SDK (~0.5 s): only a connection loads it."""
    probe = "import sys, app.ui.main; print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types')))"
    done = subprocess.run([sys.executable, "-c", probe], env=no_desktop_env(tmp_path), cwd=PROJECT,
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
