"""`rootkeeper` starting as a real process: something is on screen before the store, the hub and the pages load."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from app.cli import main as cli
from app.core.store.store import Store
from tests.support.gui import no_desktop_env
from tests.support.project import PROJECT
from tests.support.store import add_roots, folders

# Run inside the app's process: note what is loaded when the face is shown and at the event loop's first
# turn after, then what the user sees once the app is assembled (the main window with the stored folders,
# the stand-in gone), and quit.
PROBE = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from app.ui.tray.face import Face

HEAVY = ("pydantic", "app.core.model", "app.core.store.store", "app.mcp.hub", "app.ui.window.main_window",
         "app.ui.flows.flows", "mcp",
         "PySide6.QtNetwork", "asyncio", "qasync", "ssl", "_hashlib", "ctypes",
         "app.core.roots.access", "app.core.paths", "app.cli.terminal", "html", "datetime", "logging.handlers")
# Bindings PySide6 loads on first use, each a millisecond or more, that the face needs none of.
LATE_BINDINGS = ("QEvent", "QFile", "QDateTime")
seen = {}
original = Face.show

def show(self):
    original(self)
    seen["heavy_at_face"] = [name for name in HEAVY if name in sys.modules]
    seen["shown_at_face"] = sorted(w.objectName() for w in QApplication.topLevelWidgets() if w.isVisible())
    QTimer.singleShot(0, first_turn)
    QTimer.singleShot(100, poll)

def first_turn():
    seen["heavy_at_first_turn"] = [name for name in HEAVY if name in sys.modules]
    seen["qt_namespace_at_first_turn"] = "Qt" in vars(sys.modules["PySide6.QtCore"])  # built on first use: 15 ms
    seen["bindings_at_first_turn"] = [name for name in LATE_BINDINGS if name in vars(sys.modules["PySide6.QtCore"])]

def poll():
    shown = sorted(w.objectName() for w in QApplication.topLevelWidgets() if w.isVisible())
    window = next((w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"), None)
    if window is None or not window.isVisible() or window.roots_model.rowCount() == 0:
        QTimer.singleShot(50, poll)
        return
    seen["shown_later"] = shown
    seen["rows"] = window.roots_model.rowCount()
    print(json.dumps(seen), flush=True)
    window.quitRequested.emit()  # what closing the window does when there is no tray

Face.show = show
sys.argv = ["rootkeeper"]
import logging
from app.core.system import logsetup
from app.core.system.locations import state_home
logsetup.configure_logging(logging.INFO, state_home(), to_file=True)  # as `rootkeeper` does before the GUI
from app.ui.main import run_gui  # what `rootkeeper` with no subcommand runs, after parsing its arguments
sys.exit(run_gui())
"""


def test_the_face_is_shown_before_the_store_hub_and_pages_are_imported(tmp_path: Path) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path / "data", "alpha", "beta"))
    done = subprocess.run([sys.executable, "-c", PROBE], env=no_desktop_env(home, QT_QPA_PLATFORM="offscreen"),
                          cwd=PROJECT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["heavy_at_face"] == []
    assert seen["heavy_at_first_turn"] == []  # asyncio and qasync come after the face's first turn too
    assert seen["qt_namespace_at_first_turn"] is False
    assert seen["bindings_at_first_turn"] == []
    assert seen["shown_at_face"] == ["startingWindow"]  # offscreen has no tray: the window stands in
    assert seen["shown_later"] == ["mainWindow"] and seen["rows"] == 2


# What PySide6 records about each module imported after it, what PySide6's own check would have said of
# each, and what stays in `linecache` once the whole window is loaded.
SCAN_PROBE = """
import inspect, json, linecache, os, sys
import app.ui.main, app.ui.window.main_window, pydantic
feature = sys.modules["shibokensupport.feature"]
recorded = {name: flag for name, flag in feature.pyside_feature_dict.items() if name.startswith("app.")}
folders = tuple(os.path.dirname(package.__file__) + os.sep for package in (app, pydantic))
cached = sorted(path for path in linecache.cache if path.startswith(folders))

def pyside_own_check(module):
    try:
        return 0 if "PySide6" in inspect.getsource(module) else -1
    except (TypeError, OSError, SyntaxError):  # a built-in or empty module
        return -1

own = {name: pyside_own_check(sys.modules[name]) for name in recorded}
print(json.dumps({"recorded": recorded, "own": own, "cached": cached}))
"""


def test_pyside_s_check_of_each_import_gives_its_answers_without_keeping_every_source(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SCAN_PROBE], env=no_desktop_env(tmp_path, QT_QPA_PLATFORM="offscreen"),
                          cwd=PROJECT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["recorded"]["app.ui.tray.tray"] == 0 and seen["recorded"]["app.core.store.store"] == -1
    assert seen["recorded"] == seen["own"]
    assert seen["cached"] == []  # PySide6's own check keeps the lines of every module imported after Qt


def test_a_bare_rootkeeper_means_what_the_parser_makes_of_it() -> None:
    # The tray app starts without building the parser (`cli.bare_arguments`): the two must never drift apart.
    assert vars(cli.bare_arguments()) == vars(cli._parse([]))
