"""Qt objects left in garbage cycles are destroyed on the GUI thread, never on a worker that happened to allocate."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.system.collection_hold import collections_held
from app.ui.gui_thread_gc import GuiThreadCollector
from app.ui.main import make_application


def _abandon_in_a_cycle(destroyed_on: list[str]) -> weakref.ref[QObject]:
    orphan = QObject()
    orphan.cycle = [orphan]  # type: ignore[attr-defined]  # garbage only the cycle collector can free
    return weakref.ref(orphan, lambda _ref: destroyed_on.append(threading.current_thread().name))


def test_a_qt_object_in_a_garbage_cycle_is_destroyed_on_the_gui_thread_not_on_an_allocating_worker(
    qapp: QApplication, qtbot: QtBot
) -> None:
    make_application()
    destroyed_on: list[str] = []
    orphan = _abandon_in_a_cycle(destroyed_on)

    kept: list[list[object]] = []

    def allocate() -> None:  # what any worker does: enough new objects to reach every generation's threshold
        young, middle, old = gc.get_threshold()
        kept.extend([] for _ in range(young * middle * old * 2))

    worker = threading.Thread(target=allocate, name="worker")
    worker.start()
    worker.join()
    assert destroyed_on == []
    qtbot.waitUntil(lambda: orphan() is None, timeout=30_000)  # the collector's next turn on the GUI thread
    assert destroyed_on == [threading.main_thread().name]
    kept.clear()


def test_the_collector_is_made_once_per_application(qapp: QApplication) -> None:
    make_application()
    make_application()
    assert len(qapp.findChildren(GuiThreadCollector)) == 1
    assert not gc.isenabled()


def test_the_gui_collector_waits_while_a_whole_store_is_loaded_then_collects(
    qapp: QApplication, qtbot: QtBot
) -> None:
    """Its timer held the event loop for over 50 ms at 10,000 roots, walking the first round's young objects."""
    make_application()
    collector = GuiThreadCollector(qapp, interval_ms=10)
    collected: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collected.append(info["generation"])

    gc.callbacks.append(note)
    kept: list[list[object]] = []
    try:
        with collections_held():
            kept.extend([] for _ in range(gc.get_threshold()[0] * 4))  # well past the young threshold
            for _ in range(3):  # the collector's own timer, three turns
                with qtbot.waitSignal(collector._timer.timeout, timeout=10_000):
                    pass
            assert collected == []
        qtbot.waitUntil(lambda: bool(collected), timeout=10_000)  # its next turn after the hold
        assert collected[0] == 0
    finally:
        gc.callbacks.remove(note)
        collector.deleteLater()
        kept.clear()
