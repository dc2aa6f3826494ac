"""The GUI under test: the real app built over a real store and hub, driven on a qasync loop.

Async test bodies run on the qasync `QEventLoop` (the `qloop` fixture) through `run(qloop, coro)` (the
pattern that works here: pytest-qt's `waitUntil` cannot drive `@asyncSlot` coroutines, and waiting from
inside a coroutine on the qasync loop must be an `await`). Dialogs opened with `open()` are found among
the top-level widgets and answered like a user would. Tests get apps from the `build_app` fixture;
`build_app` here is for the child programs that run the app on a display of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget

from app.core.store.store import Store
from app.mcp.hub import Hub
from app.ui.application import RootkeeperApp
from app.ui.i18n import ENGLISH, Translations
from app.ui.main import make_application
from app.ui.settings import GuiSettings
from tests.support.project import PROJECT
from tests.support.waiting import WAIT, eventually

T = TypeVar("T")
W = TypeVar("W", bound=QWidget)

BuildApp = Callable[..., RootkeeperApp]
"""`build_app(home, *, tray_available=True, **hub_options)`."""

DESKTOP_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
"""What tells a child process which desktop, if any, to show the app on."""

OneFolderApp = Callable[[str], tuple[RootkeeperApp, Path, list[tuple[str, str]]]]
"""`one_folder_app(name)`: an app sharing one new folder, the folder, and the notifications the app gives."""


def no_desktop_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of the app run as a child process over `home`, with no desktop unless `extra` names one."""
    env = {key: value for key, value in os.environ.items() if key not in DESKTOP_VARIABLES}
    return env | {"ROOTKEEPER_HOME": str(home), "PYTHONPATH": str(PROJECT)} | extra


def menu_actions(app_tray: object) -> dict[str, QAction]:
    """The tray menu as it is when the user opens it (rebuilt on aboutToShow), by object name."""
    menu = app_tray.contextMenu()  # type: ignore[attr-defined]
    menu.aboutToShow.emit()
    return {action.objectName(): action for action in menu.actions() if action.objectName()}


def run(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
    """Drive `coro` to the end on the qasync loop, failing the test if it takes longer than `timeout`."""
    return loop.run_until_complete(asyncio.wait_for(coro, timeout))


async def shown_dialog(kind: type[W], name: str | None = None, timeout: float = WAIT) -> W:
    """The visible top-level widget of type `kind` (and object name `name`), once it is shown."""
    found: list[W] = []

    def visible() -> bool:
        found[:] = [
            widget
            for widget in QApplication.topLevelWidgets()
            if isinstance(widget, kind) and widget.isVisible() and (name is None or widget.objectName() == name)
        ]
        return bool(found)

    await eventually(visible, f"a {kind.__name__} {name or ''}".strip(), timeout)
    return found[-1]


@functools.cache
def translations() -> Translations:
    """One set of translators for the whole session, as in the app (each test starts in English)."""
    qt_app = QApplication.instance()
    assert isinstance(qt_app, QApplication)
    return Translations(qt_app)


def build_app(home: Path, *, tray_available: bool = True, **hub_options: Any) -> RootkeeperApp:
    make_application()  # the test QApplication configured as the app's (it never quits on its own)
    store = Store(home)
    hub = Hub(store, state_dir=home / "state", **hub_options)
    translations().apply(ENGLISH)
    return RootkeeperApp(store, hub, GuiSettings(home), translations(), tray_available=tray_available)


@contextlib.asynccontextmanager
async def running(app: RootkeeperApp, *, show: bool = True) -> AsyncIterator[RootkeeperApp]:
    """The app with its hub started (servers connected), stopped and torn down afterwards."""
    if show:
        app.window.show()
    try:
        await app.start()
        yield app
    finally:
        for dialog in app.flows.consent_dialogs():
            dialog.reject()
        await app.shutdown()
        app.tray.contextMenu().deleteLater()
        if app.window_if_built is not None:
            app.window_if_built.deleteLater()
        app.deleteLater()


def share_unconfined(prompt: Any) -> None:
    """Click "Share" in a consent prompt (`ConsentDialog`) after unticking its "Run it confined" where offered: the
    recording test servers write outside every shared folder, and these tests are about consent, not confinement."""
    if prompt.confine.isChecked():
        prompt.confine.click()
    prompt.share_button.click()


async def open_hosts_tab(app: RootkeeperApp, host: str) -> None:
    """Show the Hosts tab (which reads the host configs) and select `host` once it is listed with a config."""
    from app.ui.window.main_window import HOSTS_TAB

    app.window.tabs.setCurrentIndex(HOSTS_TAB)
    page = app.window.hosts_page
    await eventually(lambda: any(row.host == host and row.kind != "no_config" for row in page.model.rows()),
                     what=f"{host} listed")
    page.select_host(host)
    assert page.selected_host() == host


async def import_offer(app: RootkeeperApp) -> Any:
    """Click the Hosts tab's Import button and return the step it asks first (a `FolderOfferDialog`)."""
    from app.ui.dialogs.folder_offer_dialog import FolderOfferDialog

    app.window.hosts_page.import_button.click()
    return await shown_dialog(FolderOfferDialog, "importFolders")


class OpenedUrls(QObject):
    """Stands in for the file manager or browser: QDesktopServices hands it the URLs of its scheme."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)
