"""An exception nothing caught, in a Qt slot, an async slot, a thread or the loop: logged, and said once."""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from app.core.system import logsetup
from app.ui.application import RootkeeperApp
from app.ui.crash import CrashNotice
from app.ui.slots import asyncSlot
from app.ui.window.message_bar import Level
from tests.support.gui import BuildApp, run, running
from tests.support.waiting import eventually


@pytest.fixture(name="log_file")
def log_file_fixture(tmp_path: Path) -> Iterator[Path]:
    path = logsetup.configure_logging(None, tmp_path / "state", to_file=True)
    assert path is not None
    try:
        yield path
    finally:
        for handler in list(logging.getLogger().handlers):
            if handler.get_name() == "rootkeeper":
                logging.getLogger().removeHandler(handler)
                handler.close()


class Broken(QPushButton):
    @asyncSlot()
    async def fail_later(self) -> None:
        await asyncio.sleep(0)
        raise LookupError("async slot failed on purpose")


def fail_now() -> None:
    raise ZeroDivisionError("slot failed on purpose")


def notice_for(app: RootkeeperApp, log_file: Path, loop: asyncio.AbstractEventLoop) -> CrashNotice:
    notice = CrashNotice(app.report, log_file, app)
    notice.install(loop)
    return notice


def shows_one_sentence(app: RootkeeperApp, log_file: Path) -> None:
    bar = app.window.message_bar
    assert bar.isVisible() and bar.level is Level.ERROR
    assert bar.text() == f"Something went wrong inside Rootkeeper; the details are in {log_file}."
    assert not any(isinstance(w, QMessageBox) and w.isVisible() for w in QApplication.topLevelWidgets())


def test_a_raising_slot_on_a_real_button_is_logged_and_said_in_one_sentence(
    qloop: qasync.QEventLoop, tmp_path: Path, log_file: Path, english: object, *, build_app: BuildApp
) -> None:
    async def scenario() -> None:
        async with running(build_app(tmp_path / "home")) as app:
            notice = notice_for(app, log_file, qloop)
            try:
                button = QPushButton("break", app.window)
                button.clicked.connect(fail_now)
                button.click()
                await eventually(lambda: notice.count == 1, what="the crash notice")
                shows_one_sentence(app, log_file)
            finally:
                notice.uninstall()
        text = log_file.read_text()
        assert "Uncaught exception in the main thread" in text
        assert "Traceback (most recent call last)" in text and "in fail_now" in text
        assert "ZeroDivisionError: slot failed on purpose" in text

    run(qloop, scenario())


def test_a_raising_async_slot_on_a_real_action_is_logged_and_repeats_replace_the_sentence(
    qloop: qasync.QEventLoop, tmp_path: Path, log_file: Path, english: object, *, build_app: BuildApp
) -> None:
    async def scenario() -> None:
        async with running(build_app(tmp_path / "home")) as app:
            notice = notice_for(app, log_file, qloop)
            try:
                broken = Broken(app.window)
                action = QAction("break", app.window)
                action.triggered.connect(broken.fail_later)
                for count in (1, 2, 3):
                    action.trigger()
                    await eventually(lambda c=count: notice.count == c, what=f"crash notice {count}")
                shows_one_sentence(app, log_file)
            finally:
                notice.uninstall()
        text = log_file.read_text()
        assert text.count("LookupError: async slot failed on purpose") == 3 and "in fail_later" in text

    run(qloop, scenario())


def test_a_thread_a_loop_callback_and_a_dropped_task_that_raise_are_logged(
    qloop: qasync.QEventLoop, tmp_path: Path, log_file: Path, english: object, *, build_app: BuildApp
) -> None:
    def callback_fails() -> None:
        raise KeyError("callback failed on purpose")

    async def task_fails() -> None:
        raise RuntimeError("task failed on purpose")

    def thread_fails() -> None:
        raise PermissionError("thread failed on purpose")

    async def scenario() -> None:
        async with running(build_app(tmp_path / "home")) as app:
            notice = notice_for(app, log_file, qloop)
            try:
                worker = threading.Thread(target=thread_fails, name="rk-worker")
                worker.start()
                worker.join(60)
                await eventually(lambda: notice.count == 1, what="the thread's crash notice")
                qloop.call_soon(callback_fails)
                await eventually(lambda: notice.count == 2, what="the loop's crash notice")
                doomed = qloop.create_task(task_fails(), name="rk-doomed")
                await asyncio.wait([doomed])
                del doomed  # its exception never retrieved: asyncio reports it when the task goes
                gc.collect()
                await eventually(lambda: notice.count == 3, what="the dropped task's crash notice")
                shows_one_sentence(app, log_file)
            finally:
                notice.uninstall()
        text = log_file.read_text()
        assert "Uncaught exception in thread rk-worker" in text and "PermissionError: thread failed" in text
        assert "KeyError: 'callback failed on purpose'" in text and "in callback_fails" in text
        assert "Uncaught exception in task rk-doomed" in text and "RuntimeError: task failed on purpose" in text

    run(qloop, scenario())


def test_uninstall_restores_the_previous_hooks(
    qloop: qasync.QEventLoop, tmp_path: Path, english: object, *, build_app: BuildApp
) -> None:
    import sys

    before = sys.excepthook, threading.excepthook, qloop.get_exception_handler()
    app = build_app(tmp_path / "home")
    notice = CrashNotice(app.report, None, app)
    notice.install(qloop)
    assert sys.excepthook is not before[0]
    notice.uninstall()
    assert (sys.excepthook, threading.excepthook, qloop.get_exception_handler()) == before
    app.deleteLater()
