"""Secrets in the GUI: the server dialog and the table show them masked, and saving without retyping keeps them."""

from __future__ import annotations

from pathlib import Path

import qasync

from app.core.edits import servers as edit_servers
from app.core.model import HttpTarget, StdioTarget
from app.core.servers import secrets
from app.core.store.store import Store
from app.ui.dialogs.server_dialog import ServerDialog
from app.ui.window.main_window import SERVERS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import stored_server
from tests.support.waiting import eventually

ABSENT = "rootkeeper-test-no-such-server"
TOKEN = "tok-83f1a0d2"
PASSWORD = "pw-5e2b9c77"
API_KEY = "key-a1d4f608"


def _secret_servers(store: Store) -> None:
    with store.transaction() as data:
        edit_servers.save_server(data, "web", edit_servers.http_target(
            f"http://bob:{PASSWORD}@127.0.0.1:9/mcp", {"Authorization": f"Bearer {TOKEN}"}))
        edit_servers.save_server(data, "cmd", edit_servers.stdio_target(ABSENT, ["--flag"], env={"API_KEY": API_KEY}))


async def _edit(app: object, name: str) -> ServerDialog:
    page = app.window.servers_page  # type: ignore[attr-defined]
    app.window.tabs.setCurrentIndex(SERVERS_TAB)  # type: ignore[attr-defined]
    await eventually(lambda: page.model.row_of(name) >= 0, what=f"the row of {name}")
    page.select(name)
    page.edit_button.click()
    return await shown_dialog(ServerDialog)


def test_the_dialog_shows_secrets_masked_and_saving_unchanged_keeps_them(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    _secret_servers(store)
    before = {name: stored_server(store, name).target for name in ("web", "cmd")}
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            dialog = await _edit(app, "web")
            assert dialog.url.text() == "http://bob:****@127.0.0.1:9/mcp"
            assert dialog.headers.toPlainText() == "Authorization: Bearer ****"
            row = page.model.row_of("web")
            shown = [page.model.index(row, column).data() for column in range(page.model.columnCount())]
            assert not any(PASSWORD in str(text) or TOKEN in str(text) for text in shown)
            dialog.url.setText("http://bob:****@127.0.0.1:10/mcp")  # another port, the password left as shown
            dialog.save_button.click()
            await eventually(lambda: "10" in stored_server(store, "web").target.url, what="the edit saved")  # type: ignore[union-attr]

            dialog = await _edit(app, "cmd")
            assert dialog.env.toPlainText() == "API_KEY=****"
            dialog.env.setPlainText("API_KEY=****\nOTHER=new")
            dialog.save_button.click()
            await eventually(lambda: "OTHER" in stored_server(store, "cmd").target.env, what="the edit saved")  # type: ignore[union-attr]

    run(qloop, scenario())
    web, cmd = stored_server(store, "web").target, stored_server(store, "cmd").target
    assert isinstance(web, HttpTarget) and isinstance(cmd, StdioTarget) and isinstance(before["web"], HttpTarget)
    vault = secrets.Vault(store.state_dir)
    assert web.headers == before["web"].headers  # the very same reference: the secret was kept
    assert secrets.reveal(web, vault).url == f"http://bob:{PASSWORD}@127.0.0.1:10/mcp"
    assert secrets.reveal(cmd, vault).env == {"API_KEY": API_KEY, "OTHER": "new"}
    text = store.path.read_text()
    assert PASSWORD not in text and TOKEN not in text and API_KEY not in text
