"""An edit whose file is written later (`Store.begin`, `PendingEdit`), and what a write leaves in the folder."""

from __future__ import annotations

import fcntl
import os
import stat
import subprocess
import sys
from pathlib import Path

from inotify_simple import INotify, flags

from app.core.model import Root
from app.core.store.store import Store
from tests.support.project import PROJECT


def _root(name: str) -> Root:
    return Root(name=name, entered_path=f"/x/{name}", path=f"/x/{name}", uri=f"file:///x/{name}")


def _store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "home")
    store.update(lambda data: data.roots.append(_root("a")))
    return store


def test_begin_if_free_says_no_at_once_while_another_holds_the_lock(tmp_path: Path) -> None:
    store = _store(tmp_path)
    held = os.open(store.lock_path, os.O_RDWR)
    fcntl.flock(held, fcntl.LOCK_EX)
    try:
        assert store.begin_if_free() is None
    finally:
        fcntl.flock(held, fcntl.LOCK_UN)
        os.close(held)
    pending = store.begin_if_free()
    assert pending is not None
    with pending:
        assert [root.name for root in pending.data.roots] == ["a"]


def test_a_pending_edit_closed_unwritten_changes_nothing_and_lets_the_lock_go(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.remember_writes()
    before = store.path.read_bytes()
    with store.begin() as pending:
        pending.data.roots[0].enabled = False
        assert pending.finish() is not None  # remembered as it would be written: then never written
    assert store.path.read_bytes() == before
    assert store.load().roots[0].enabled is True
    again = store.begin_if_free()
    assert again is not None
    again.close()


def test_the_finished_state_is_what_a_load_of_the_written_file_gives_and_the_stamp_is_its_own(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.remember_writes()
    with store.begin() as pending:
        pending.data.roots[0].name = "renamed"
        state = pending.finish()
        stamp = pending.commit()
    assert state is not None and state.roots[0].name == "renamed"
    assert store.load_shared() is state  # read back as that very object, not parsed
    assert stamp == store.stamp()
    assert Store(store.home).load().roots[0].name == "renamed"


def test_files_are_private_even_when_the_umask_takes_the_owners_bits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    script = (
        "import os, sys; os.umask(0o277)\n"
        "from app.core.model import Root\n"
        "from app.core.store.store import Store\n"
        "store = Store(__import__('pathlib').Path(sys.argv[1]))\n"
        "store.update(lambda d: d.roots.append(Root(name='a', entered_path='/x', path='/x', uri='file:///x')))\n"
    )
    subprocess.run([sys.executable, "-c", script, str(home)], check=True, cwd=PROJECT, timeout=60,
                   env={**os.environ, "PYTHONPATH": str(PROJECT)})
    assert stat.S_IMODE(os.stat(home / "rootkeeper.json").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(home / "rootkeeper.lock").st_mode) == 0o600


def test_an_edit_of_a_private_store_changes_no_modes_in_its_folder(tmp_path: Path) -> None:
    # Each change of mode is an event for whoever watches the folder (the hub does), during the edit.
    store = _store(tmp_path)
    watch = INotify()
    try:
        watch.add_watch(str(store.home), flags.ATTRIB | flags.MOVED_TO)
        store.update(lambda data: data.roots.append(_root("b")))
        events = watch.read(timeout=0)
    finally:
        watch.close()
    assert [event.name for event in events if event.mask & flags.MOVED_TO] == ["rootkeeper.json"]
    assert [event.name for event in events if event.mask & flags.ATTRIB] == []
