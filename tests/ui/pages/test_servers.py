"""The servers tab: adding and editing servers through the dialog, removing one, and reading its log."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import qasync
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.servers.secrets import reveal
from app.core.store.store import Store
from app.ui.dialogs.log_dialog import LogDialog
from app.ui.dialogs.server_dialog import ServerDialog
from app.ui.window.main_window import SERVERS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.project import PROJECT
from tests.support.store import add_roots, folders, stored_server
from tests.support.waiting import eventually


def test_adding_a_web_server_with_headers_and_chosen_folders(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha_id, _beta_id = add_roots(store, *folders(tmp_path / "data", "alpha", "beta"))
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            page.add_button.click()
            dialog = await shown_dialog(ServerDialog)
            assert not dialog.save_button.isEnabled()
            dialog.name.setText("web search")
            assert "letters, digits" in dialog.error.text()
            dialog.name.setText("web")
            dialog.kind.setCurrentIndex(1)
            dialog.url.setText("http://127.0.0.1:9/mcp")
            dialog.headers.setPlainText("Authorization: Bearer abc\nbroken line")
            assert "'broken line' is not of the form 'Name: value'" in dialog.error.text()
            dialog.headers.setPlainText("Authorization: Bearer abc")
            dialog.sharing.some_button.setChecked(True)
            assert not dialog.save_button.isEnabled()  # "only these" with none checked
            dialog.sharing.roots_list.item(0).setCheckState(Qt.CheckState.Checked)
            assert dialog.save_button.isEnabled()
            dialog.save_button.click()
            await eventually(lambda: store.load().server("web") is not None, what="the new server saved")
            web = store.load().server("web")
            assert web is not None and isinstance(web.target, HttpTarget)
            assert reveal(web.target).headers == {"Authorization": "Bearer abc"}  # the store holds a reference
            assert (web.share, web.consent) == ([alpha_id], "given")

            page.add_button.click()
            dialog = await shown_dialog(ServerDialog)
            dialog.name.setText("web")
            dialog.command.setText("my-server")
            dialog.save_button.click()
            await eventually(lambda: "already exists" in app.window.message_bar.text(), what="the clash reported")
            assert len(store.load().servers) == 1

    run(qloop, scenario())


def test_editing_a_server_into_a_command_and_removing_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    web = ServerEntry(name="web", target=HttpTarget(url="http://127.0.0.1:9/mcp"), consent="given")
    store.update(lambda data: data.servers.append(web))
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: page.model.rowCount() == 1, what="the row")
            page.select("web")
            page.table.doubleClicked.emit(page.model.index(0, 0))  # as a double-click on the row does
            dialog = await shown_dialog(ServerDialog)
            assert dialog.url.text() == "http://127.0.0.1:9/mcp"
            dialog.reject()
            page.edit_button.click()
            dialog = await shown_dialog(ServerDialog)
            dialog.kind.setCurrentIndex(0)
            dialog.command.setText("my-server --flag 'two words'")
            dialog.env.setPlainText("TOKEN=x=y")
            dialog.sharing.none_button.setChecked(True)
            dialog.save_button.click()
            await eventually(lambda: isinstance(stored_server(store, "web").target, StdioTarget), what="the edit")
            edited = stored_server(store, "web")
            assert reveal(edited.target) == StdioTarget(command="my-server", args=["--flag", "two words"],
                                                        env={"TOKEN": "x=y"})
            assert edited.share == "none"

            page.select("web")
            page.remove_button.click()
            question = await shown_dialog(QMessageBox, "confirm")
            next(b for b in question.buttons() if b.text() == "Remove").click()
            await eventually(lambda: store.load().servers == [], what="the server removed")
            await eventually(lambda: page.model.rowCount() == 0, what="the row removed")

    run(qloop, scenario())


def test_the_log_view_shows_what_the_server_wrote_and_follows_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    script = tmp_path / "chatty.py"
    # Says one thing on stderr, never answers, and leaves as soon as its stdin closes.
    script.write_text("import sys\nprint('chatty: starting up', file=sys.stderr, flush=True)\nsys.stdin.read()\n")

    def add(data: StoreData) -> None:
        data.servers.append(ServerEntry(name="chatty", target=StdioTarget(command=sys.executable, args=[str(script)],
                                                                          cwd=str(PROJECT)), consent="given"))

    store.update(add)
    app = build_app(home, connect_timeout=30)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: page.model.rowCount() == 1, what="the row")
            page.select("chatty")
            page.log_button.click()
            viewer = await shown_dialog(LogDialog)
            await eventually(lambda: "chatty: starting up" in viewer.view.toPlainText(), timeout=15, what="the log")
            with (home / "state" / "logs" / "chatty.log").open("a") as log:
                log.write("a later line\n")
            await eventually(lambda: "a later line" in viewer.view.toPlainText(), timeout=3, what="the new line")
            viewer.close()
            await asyncio.sleep(0)

    run(qloop, scenario(), timeout=60)


def test_the_add_server_form_shares_nothing_by_default_lines_up_and_names_every_problem(
    qapp: QApplication, tmp_path: Path
) -> None:
    dialog = ServerDialog([])
    try:
        dialog.show()
        assert not dialog.sharing.decided()  # "decide later", as `rootkeeper servers add` without --share
        assert not dialog.save_button.isEnabled() and dialog.error.text() == ""  # nothing typed: no scolding

        # The name's field and the command's field start at the same x although they are in separate forms.
        qapp.processEvents()
        assert dialog.name.mapTo(dialog, QPoint(0, 0)).x() == dialog.command.mapTo(dialog, QPoint(0, 0)).x()

        dialog.name.setText("bad name!")
        dialog.command.setText("server --flag 'unclosed")
        dialog.env.setPlainText("TOKEN=1\nnot a pair")
        problems = dialog.error.text().splitlines()
        assert problems == [
            "Give the server a name made of letters, digits, '.', '_' or '-'.",
            "The command has an unbalanced quote.",
            "The environment line 'not a pair' is not of the form KEY=VALUE.",
        ]
        assert not dialog.save_button.isEnabled()

        dialog.name.setText("good")
        dialog.command.setText("server --flag")
        dialog.env.setPlainText("TOKEN=1")
        assert dialog.error.text() == "" and dialog.save_button.isEnabled()
        form = dialog.form()
        assert form.share is None  # saved waiting for consent, sharing nothing
    finally:
        dialog.deleteLater()
