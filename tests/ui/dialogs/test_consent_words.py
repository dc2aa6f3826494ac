"""The consent prompt and the folders tab say what holds a server to its folders, true for confined and unconfined
servers alike, in the user's words (no "roots")."""

from __future__ import annotations

from pathlib import Path

import qasync

from app.core.model import ServerEntry, StdioTarget
from app.ui import text
from app.ui.dialogs.consent_dialog import ConsentDialog
from tests.support.gui import BuildApp, run, running


def test_the_consent_prompt_tells_confined_and_unconfined_apart(qtbot, english) -> None:  # type: ignore[no-untyped-def]
    entry = ServerEntry(name="fs", target=StdioTarget(command="npx", args=["-y", "server-filesystem", "{roots}"]))
    dialog = ConsentDialog("fs", [], binding=text.binding_texts(entry))
    qtbot.addWidget(dialog)
    body = dialog.body.text()
    assert "Run confined, the system itself keeps it to those folders" in body
    assert "unconfined, only its own honesty does" in body
    assert "root" not in body.lower()


def test_the_folders_tab_hint_speaks_of_confined_servers_not_roots(
    qloop: qasync.QEventLoop, rk_home: Path, *, build_app: BuildApp
) -> None:
    app = build_app(rk_home)

    async def scenario() -> None:
        async with running(app):
            hint = app.window.roots_page.hint.text()
            assert "A server that runs confined can touch only the folders shared with it" in hint
            assert "root" not in hint.lower()

    run(qloop, scenario(), timeout=60)
