"""`SessionsWatch` on its own (asyncio, no Qt): session files seen as they change, by events, stale ones ignored."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.system.fileio import atomic_write
from app.engine.sessions_watch import SessionsWatch

pytestmark = [pytest.mark.asyncio, pytest.mark.timeout(90)]

WAIT = 30.0


def write_session(state: Path, pid: int, server: str, host: str) -> Path:
    path = state / "sessions" / f"{pid}.json"
    document = {"pid": pid, "server": server, "host": {"name": host}, "started_at": "2026-12-01T10:32:00+00:00"}
    atomic_write(path, json.dumps(document).encode())
    return path


async def changed(watch: SessionsWatch, check: Callable[[], bool], what: str) -> None:
    """Wait for a listener call after which `check()` holds (the watch has no timer: only events can do it)."""
    woke = asyncio.Event()
    unsubscribe = watch.subscribe(woke.set)
    try:
        async with asyncio.timeout(WAIT):
            while not check():
                await woke.wait()
                woke.clear()
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None
    finally:
        unsubscribe()


async def test_sessions_come_and_go_with_their_files_and_processes(tmp_path: Path) -> None:
    state = tmp_path / "state"
    watch = SessionsWatch(state)
    await watch.start()
    try:
        assert watch.sessions == ()
        assert (state / "sessions").is_dir() and (state / "sessions").stat().st_mode & 0o777 == 0o700
        bridge = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
        try:
            write_session(state, bridge.pid, "notes-ai", "Claude Desktop")
            await changed(watch, lambda: len(watch.sessions) == 1, "the new session")
            assert [s["host"]["name"] for s in watch.for_server("notes-ai")] == ["Claude Desktop"]
            assert watch.for_server("other") == []

            finished = subprocess.Popen([sys.executable, "-c", "pass"])
            finished.wait()
            write_session(state, finished.pid, "notes-ai", "Gone")  # a bridge that was killed: ignored
            write_session(state, os.getpid(), "other", "Cursor")
            await changed(watch, lambda: len(watch.sessions) == 2, "the second live session")
            assert {s["server"] for s in watch.sessions} == {"notes-ai", "other"}

            (state / "sessions" / f"{os.getpid()}.json").unlink()
            await changed(watch, lambda: len(watch.sessions) == 1, "the removed file")
        finally:
            bridge.stdin.close()  # type: ignore[union-attr]
            bridge.wait()
        # The process's end is an event too (pidfd), though its file stays.
        await changed(watch, lambda: watch.sessions == (), "the ended bridge")
        assert (state / "sessions" / f"{bridge.pid}.json").exists()
    finally:
        watch.stop()


async def test_a_zombie_bridge_counts_as_ended(tmp_path: Path) -> None:
    """An exited bridge its host has not reaped still answers a signal-0 probe; its pidfd says it ended."""
    state = tmp_path / "state"
    watch = SessionsWatch(state)
    await watch.start()
    zombie = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        write_session(state, zombie.pid, "notes-ai", "Claude Desktop")
        await changed(watch, lambda: len(watch.sessions) == 1, "the session")
        zombie.stdin.close()  # type: ignore[union-attr]
        os.waitid(os.P_PID, zombie.pid, os.WEXITED | os.WNOWAIT)  # ended, deliberately not reaped
        await changed(watch, lambda: watch.sessions == (), "the zombie dropped")
        write_session(state, zombie.pid, "notes-ai", "Claude Desktop")  # a rewrite does not bring it back
        watch.reread()
        assert watch.sessions == ()
    finally:
        zombie.wait()
        watch.stop()
