"""A selected row's status dot keeps its colour; About shows the app's icon and opens its two project links."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtGui import QColor, QDesktopServices

from app.core.store.store import Store
from app.ui.dialogs.about import AboutDialog, project_urls
from app.ui.icons import Dot
from app.ui.models.roots import Column
from tests.support.gui import BuildApp, OpenedUrls, run, running
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def _near(pixel: QColor, color: QColor) -> bool:
    return max(abs(pixel.red() - color.red()), abs(pixel.green() - color.green()),
               abs(pixel.blue() - color.blue())) <= 8


def test_a_selected_rows_dot_keeps_its_colour_and_about_has_icon_and_links(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    add_roots(Store(home), *folders(tmp_path, "alpha"))
    app = build_app(home)
    page = app.window.roots_page
    opened = OpenedUrls()

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: page.proxy.rowCount() == 1, what="the row")
            table = page.table
            index = table.model().index(0, Column.STATUS)
            await eventually(lambda: index.data(1) is not None, what="the status dot")
            colours = [QColor(dot.value) for dot in Dot]

            def dot_colour_shown() -> bool:
                image = table.viewport().grab(table.visualRect(index)).toImage()
                pixels = (image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height()))
                return any(_near(pixel, colour) for pixel in pixels for colour in colours)

            assert dot_colour_shown()
            table.selectRow(0)
            await eventually(lambda: table.selectionModel().isRowSelected(0), what="the row selected")
            assert dot_colour_shown(), "the selected row's dot lost its colour"

            # The links come from pyproject.toml's [project.urls], which names none until the project has a
            # public homepage: About then offers no dead link.
            urls = project_urls()
            app.window.actions_.about.trigger()
            about = await eventually(lambda: app.window.findChild(AboutDialog, "aboutDialog"), what="About")
            await eventually(about.isVisible, what="About shown")
            icon = about.icon.pixmap()
            assert not icon.isNull() and icon.width() >= 32
            assert about.homepage_button.isVisible() == ("Homepage" in urls)
            assert about.bugs_button.isVisible() == ("Bug Tracker" in urls)
            QDesktopServices.setUrlHandler("https", opened, "open")
            try:
                for button in (about.homepage_button, about.bugs_button):
                    if button.isVisible():
                        button.click()
            finally:
                QDesktopServices.unsetUrlHandler("https")
            assert [url.toString() for url in opened.urls] == [urls[key] for key in ("Homepage", "Bug Tracker")
                                                                if key in urls]
            about.close()

    run(qloop, scenario())
