"""The GUI's settings file and the folders it creates are private under any umask, like the CLI's."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.core.store.store import Store
from app.mcp.hub import Hub
from app.ui.application import RootkeeperApp
from app.ui.main import make_application
from app.ui.settings import GuiSettings
from tests.support.gui import translations


@pytest.fixture(params=[0o022, 0o000], ids=["umask 022", "umask 000"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    previous = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_closing_the_window_the_first_time_writes_private_settings(
    qapp: QApplication, tmp_path: Path, umask: int
) -> None:
    home = tmp_path / "home"
    config = tmp_path / "user-config" / "rootkeeper"  # as ~/.config/rootkeeper on a fresh account
    make_application()
    store = Store(home)
    app = RootkeeperApp(store, Hub(store, state_dir=home / "state"), GuiSettings(config), translations(),
                        tray_available=True)
    try:
        app.window.show()
        app.window.close()  # hides to the tray and remembers the one-time hint in the settings
        assert (config / "gui.ini").exists()
        assert mode(config) == 0o700 and mode(config.parent) == 0o700
        assert mode(config / "gui.ini") == 0o600
        assert sorted(p.name for p in config.iterdir()) == ["gui.ini"]
    finally:
        app.tray.hide()
        app.tray.contextMenu().deleteLater()
        app.window.deleteLater()
        app.deleteLater()
