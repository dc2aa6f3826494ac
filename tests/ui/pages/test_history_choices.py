"""The History tab's filter choices: listed when the page is shown, not on every change while it is hidden."""

from __future__ import annotations

from pathlib import Path

from app.ui.pages.history import HistoryFilter, HistoryPage


async def _nothing(_chosen: HistoryFilter) -> list[object]:
    return []


def _choices(page: HistoryPage) -> tuple[list[str | None], list[str | None]]:
    return ([page.server_box.itemData(i) for i in range(page.server_box.count())],
            [page.folder_box.itemData(i) for i in range(page.folder_box.count())])


def test_a_hidden_page_lists_its_choices_when_shown(qtbot, tmp_path: Path, english) -> None:  # type: ignore[no-untyped-def]
    page = HistoryPage(_nothing)  # type: ignore[arg-type]
    qtbot.addWidget(page)
    uris = [(tmp_path / name).as_uri() for name in ("a", "b")]
    page.set_choices(["fs"], [(uris[0], "a"), (uris[1], "b")])
    assert _choices(page) == ([None], [None])  # hidden: only "All servers" and "All folders" so far
    page.show()
    assert _choices(page) == ([None, "fs"], [None, *uris])


def test_a_shown_page_follows_its_choices_at_once_and_keeps_the_current_one(qtbot, tmp_path: Path, english) -> None:  # type: ignore[no-untyped-def]
    page = HistoryPage(_nothing)  # type: ignore[arg-type]
    qtbot.addWidget(page)
    page.show()
    uris = [(tmp_path / name).as_uri() for name in ("a", "b", "c")]
    page.set_choices(["fs"], [(uris[0], "a"), (uris[1], "b")])
    assert _choices(page) == ([None, "fs"], [None, *uris[:2]])
    page.folder_box.setCurrentIndex(2)
    page.hide()
    page.set_choices(["fs", "git"], [(uris[0], "a"), (uris[1], "b"), (uris[2], "c")])
    page.show()
    assert _choices(page) == ([None, "fs", "git"], [None, *uris])
    assert page.folder_box.currentData() == uris[1]
