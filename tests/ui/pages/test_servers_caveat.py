"""The Servers tab's caveat is true for confined and unconfined servers alike, in the user's words: the system
holds a confined server to its folders, only its own honesty an unconfined one; translated like every text."""

from __future__ import annotations

from pathlib import Path

import qasync

from app.ui.i18n import ENGLISH
from tests.support.gui import BuildApp, run, running, translations
from tests.support.waiting import eventually


def test_the_caveat_tells_confined_and_unconfined_servers_apart(
    qloop: qasync.QEventLoop, rk_home: Path, *, build_app: BuildApp
) -> None:
    app = build_app(rk_home)
    note = app.window.servers_page.note

    async def scenario() -> None:
        async with running(app):
            english = note.text()
            assert "A confined server is held to the folders you share with it by the system itself." in english
            assert "only its own honesty keeps it there" in english
            assert "root" not in english.lower()  # the user's words, not the protocol's
            translations().apply("zh_CN")
            try:
                await eventually(lambda: note.text() != english, what="the caveat translated")
                assert "系统" in note.text()
            finally:
                translations().apply(ENGLISH)
            await eventually(lambda: note.text() == english, what="the caveat in English again")

    run(qloop, scenario(), timeout=60)
