"""A full disk (issue 10, #7): every edit is one sentence, a non-zero exit and an intact store; the hub
still starts its servers and tells them the roots (logging degrades, nothing else)."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QFileDialog

from app.core.store.store import STORE_FILE
from app.ui.window.message_bar import Level
from tests.faults.disks import fill
from tests.faults.recorder_home import headless_reaches, home_with_recorder, is_one_sentence_each
from tests.faults.store_guard import StoreGuard
from tests.support.cli import run_cli
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.recordings import recorded
from tests.support.waiting import eventually

EDITS = [
    pytest.param(["roots", "add", "{new}"], id="roots-add"),
    pytest.param(["roots", "remove", "shared"], id="roots-remove"),
    pytest.param(["roots", "rename", "shared", "renamed"], id="roots-rename"),
    pytest.param(["roots", "disable", "shared"], id="roots-disable"),
    pytest.param(["servers", "add", "more", "--", "true"], id="servers-add"),
    pytest.param(["servers", "remove", "rec"], id="servers-remove"),
    pytest.param(["servers", "share", "rec", "none"], id="servers-share"),
    pytest.param(["servers", "era", "rec", "2025-11-25"], id="servers-era"),
    pytest.param(["pause"], id="pause"),
]


@pytest.mark.parametrize("edit", EDITS)
def test_an_edit_on_a_full_disk_is_one_sentence_and_changes_nothing(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard, edit: list[str]
) -> None:
    home = small_disk / "home"
    home_with_recorder(home, tmp_path / "shared", tmp_path / "rec.jsonl")
    (tmp_path / "new").mkdir()
    store_guard.watch(home)
    fill(small_disk)
    result = run_cli(home, *[word.format(new=tmp_path / "new") for word in edit])
    assert result.code != 0, result
    assert is_one_sentence_each(result.err) and len(result.err.splitlines()) == 1, result
    assert "cannot be saved (No space left on device)" in result.err, result
    assert store_guard.problems() == []


def test_the_hub_on_a_full_disk_starts_its_servers_and_tells_them_the_roots(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard
) -> None:
    home, record, shared = small_disk / "home", tmp_path / "rec.jsonl", tmp_path / "shared"
    home_with_recorder(home, shared, record)
    store_guard.watch(home)
    fill(small_disk)
    code, err = headless_reaches(home, record, shared)
    assert code == 0, err
    assert is_one_sentence_each(err), err
    assert store_guard.problems() == []


def test_a_disk_that_fills_while_the_server_writes_to_stderr_does_not_stop_it(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard
) -> None:
    # The log was written when the server started; the disk fills afterwards, and the server
    # keeps writing to stderr (the recorder logs each event): it must neither block nor die.
    home, record, shared = small_disk / "home", tmp_path / "rec.jsonl", tmp_path / "shared"
    home_with_recorder(home, shared, record)
    headless_reaches(home, record, shared)
    fill(small_disk)
    record.unlink()
    code, err = headless_reaches(home, record, shared)
    assert code == 0 and is_one_sentence_each(err), err
    assert store_guard.problems() == []


def test_a_gui_share_on_a_full_disk_is_one_sentence_in_the_bar_and_the_servers_still_start(
    small_disk: Path, tmp_path: Path, store_guard: StoreGuard, qloop: qasync.QEventLoop, *, build_app: BuildApp
) -> None:
    """The tray app on a full disk: its hub starts the server, and a folder shared through the real picker
    is refused in one sentence in the message bar with the store as it was."""
    home, record, shared, new = small_disk / "home", tmp_path / "rec.jsonl", tmp_path / "shared", tmp_path / "new"
    home_with_recorder(home, shared, record)
    new.mkdir()
    store_guard.watch(home)
    fill(small_disk)
    before = (home / STORE_FILE).read_bytes()
    app = build_app(home, tray_available=False)
    page, bar = app.window.roots_page, app.window.message_bar

    def listed(folder: Path) -> bool:
        return any(folder.as_uri() in uris for uris in recorded(record))

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: listed(shared), timeout=60, what="the server told the shared folder")
            page.add_button.click()
            picker = await shown_dialog(QFileDialog, "shareFolderDialog")
            picker.setDirectory(str(new))  # a folder picker chooses the folder it shows
            picker.accept()
            await eventually(lambda: "cannot be saved" in bar.text(), what="the refusal in the message bar")
            assert bar.level is Level.ERROR
            assert bar.text() == (f"Nothing was changed: the settings file {home / STORE_FILE} cannot be saved "
                                  "(No space left on device)."), bar.text()
            assert page.model.rowCount() == 1
            connection = app.hub.connection("rec")
            assert connection is not None and connection.status.state == "connected"

    run(qloop, scenario(), timeout=120)
    assert (home / STORE_FILE).read_bytes() == before
    assert not listed(new)
    assert store_guard.problems() == []
