"""How a server is sent its folders, in the GUI: path aliases, own folders, the bridge's roots source, the era
pin and the `{roots}` placeholder, edited through the server dialog and shown in the details panel."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel

from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.paths import canonicalize
from app.core.store.store import Store
from app.core.text import refusal
from app.ui.dialogs.server_dialog import ERAS, ROOTS_SOURCES, WEB, ServerDialog
from app.ui.i18n import ENGLISH
from app.ui.render import render
from app.ui.window.main_window import SERVERS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog, translations
from tests.support.store import add_roots, folders, stored_server
from tests.support.waiting import eventually

# A command that is never found: the hub's attempts to start it fail quietly, which these tests do not need.
ABSENT = "rootkeeper-test-no-such-server"
FILESYSTEM = "@modelcontextprotocol/server-filesystem"


def _save(store: Store, *entries: ServerEntry) -> None:
    def add(data: StoreData) -> None:
        data.servers.extend(entries)

    store.update(add)


async def _edit_dialog(app: object, name: str) -> ServerDialog:
    page = app.window.servers_page  # type: ignore[attr-defined]
    app.window.tabs.setCurrentIndex(SERVERS_TAB)  # type: ignore[attr-defined]
    await eventually(lambda: page.model.row_of(name) >= 0, what=f"the row of {name}")
    page.select(name)
    page.edit_button.click()
    return await shown_dialog(ServerDialog)


async def _pick_alias_folder(dialog: ServerDialog, folder: Path) -> None:
    """Click the folder button and choose `folder` in the folder dialog, as a user would."""
    dialog.aliases.pick_button.click()
    picker = await shown_dialog(QFileDialog, "aliasFolderDialog")
    picker.setDirectory(str(folder.parent))
    picker.selectFile(str(folder))
    picker.accept()
    await eventually(lambda: dialog.aliases.table.rowCount() == 1 and dialog.aliases.table.item(0, 0).text() != "",
                     what="the chosen folder in the aliases table")


def test_the_dialog_saves_exactly_the_aliases_own_folders_roots_source_and_era(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (projects,) = folders(tmp_path / "data", "projects")
    before = ServerEntry(name="files", target=StdioTarget(command=ABSENT, args=["--flag"]), share="all",
                         consent="given")
    _save(store, before)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            dialog = await _edit_dialog(app, "files")
            assert dialog.aliases.table.rowCount() == 0 and dialog.own_folders.isEnabled()
            await _pick_alias_folder(dialog, projects)
            assert dialog.aliases.table.item(0, 0).text() == str(projects)
            assert not dialog.save_button.isEnabled()  # a local folder without the path the server sees
            assert dialog.error.text() == f"Enter the path the server sees {projects} as (like /workspace)."
            dialog.aliases.table.item(0, 1).setText("/workspace/")
            dialog.own_folders.click()
            dialog.roots_source.setCurrentIndex(ROOTS_SOURCES.index("merge"))
            dialog.era.setCurrentIndex(ERAS.index("2026-07-28"))
            assert dialog.error.text() == "" and dialog.save_button.isEnabled()
            dialog.save_button.click()
            await eventually(lambda: stored_server(store, "files").path_aliases != {}, what="the options saved")
            expected = before.model_copy(update={
                "era": "2026-07-28",
                "path_aliases": {canonicalize(str(projects), must_exist=False).resolved: "/workspace"},
                "also_send_own_folders": True,
                "roots_source": "merge",
            })
            assert stored_server(store, "files").model_dump() == expected.model_dump()

            # Opened again (once the window shows the saved entry), the dialog shows what was saved;
            # removing the alias row clears the aliases.
            await eventually(lambda: app.live.current.server("files").entry.path_aliases != {},
                             what="the window showing the saved options")
            dialog = await _edit_dialog(app, "files")
            assert dialog.own_folders.isChecked()
            assert ROOTS_SOURCES[dialog.roots_source.currentIndex()] == "merge"
            assert (dialog.aliases.table.item(0, 0).text(), dialog.aliases.table.item(0, 1).text()) == (
                str(projects), "/workspace")
            dialog.aliases.table.selectRow(0)
            dialog.aliases.remove_button.click()
            assert dialog.aliases.table.rowCount() == 0
            dialog.save_button.click()
            await eventually(lambda: stored_server(store, "files").path_aliases == {}, what="the aliases cleared")
            assert stored_server(store, "files").model_dump() == expected.model_copy(
                update={"path_aliases": {}}).model_dump()

    run(qloop, scenario(), timeout=60)


def test_a_relative_server_path_is_refused_in_one_translated_sentence_and_nothing_is_saved(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (projects,) = folders(tmp_path / "data", "projects")
    _save(store, ServerEntry(name="files", target=StdioTarget(command=ABSENT), share="all", consent="given"))
    saved = store.path.read_bytes()
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            translations().apply("zh_CN")
            try:
                dialog = await _edit_dialog(app, "files")
                dialog.aliases.add_button.click()
                assert dialog.aliases.table.rowCount() == 1
                dialog.aliases.table.item(0, 0).setText(str(projects))
                dialog.aliases.table.item(0, 1).setText("workspace")
                dialog.own_folders.click()  # another change in the same form: none of it may be saved
                shown = dialog.error.text()
                assert shown == render(refusal("alias.remote_relative", remote="workspace"))
                assert "“workspace”" in shown and "must be absolute" not in shown and "\n" not in shown
                assert not dialog.save_button.isEnabled()
                dialog.save_button.click()
                assert dialog.isVisible()
                dialog.reject()
            finally:
                translations().apply(ENGLISH)
            assert store.path.read_bytes() == saved

    run(qloop, scenario(), timeout=60)


def test_a_web_server_cannot_be_given_its_own_folders(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    _save(store, ServerEntry(name="stdio", target=StdioTarget(command=ABSENT), also_send_own_folders=True,
                             consent="given"))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            dialog = await _edit_dialog(app, "stdio")
            assert dialog.own_folders.isChecked() and dialog.own_folders.toolTip() == ""
            dialog.kind.setCurrentIndex(WEB)
            dialog.url.setText("http://127.0.0.1:9/mcp")
            assert not dialog.own_folders.isEnabled() and not dialog.own_folders.isChecked()
            assert dialog.own_folders.toolTip() == (
                "A server reached by a web address has no command line with folders of its own.")
            translations().apply("zh_TW")
            try:
                reason = "透過網址連線的伺服器沒有帶有自身資料夾的命令列。"
                await eventually(lambda: dialog.own_folders.toolTip() == reason, what="the reason retranslated")
            finally:
                translations().apply(ENGLISH)
            dialog.save_button.click()
            await eventually(lambda: isinstance(stored_server(store, "stdio").target, HttpTarget), what="the edit")
            assert stored_server(store, "stdio").also_send_own_folders is False

    run(qloop, scenario(), timeout=60)


def test_the_details_panel_shows_how_the_server_is_sent_its_folders_as_plain_text(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (tagged,) = folders(tmp_path / "data", "<b>projects</b>")
    local = canonicalize(str(tagged), must_exist=False).resolved
    _save(
        store,
        ServerEntry(name="boxed", target=StdioTarget(command=ABSENT, args=["--root", "{roots}"]), share="all",
                    consent="given", era="2025-11-25", path_aliases={local: "/workspace"},
                    also_send_own_folders=True, roots_source="host"),
        ServerEntry(name="plain", target=HttpTarget(url="http://127.0.0.1:9/mcp"), consent="given"),
        ServerEntry(name="fs-fixed", target=StdioTarget(command=ABSENT, args=[FILESYSTEM, str(tagged)]),
                    consent="given"),
        ServerEntry(name="fs-merged", target=StdioTarget(command=ABSENT, args=[FILESYSTEM, str(tagged)]),
                    consent="given", also_send_own_folders=True),
    )
    app = build_app(home)
    details = app.window.servers_page.details

    async def scenario() -> None:
        async with running(app):
            page = app.window.servers_page
            await eventually(lambda: page.model.rowCount() == 4, what="the four rows")
            page.select("boxed")
            await eventually(lambda: details.title() == "boxed", what="the details of boxed")
            options = details.options
            assert options.era.text() == "Pinned to 2025-11-25 (the handshake era)"
            assert options.aliases.text() == f"{local} is seen as /workspace; other folders are not sent"
            assert options.arguments.text() == (
                "Gets the shared folders on its command line; restarted when they change")
            assert options.own_folders.text() == "Also sent the folders on its own command line, after Rootkeeper's"
            assert options.roots_source.text() == "Sees its host's own roots when the host has them"
            assert all(label.textFormat() == Qt.TextFormat.PlainText for label in options.values())

            page.select("plain")
            await eventually(lambda: details.title() == "plain", what="the details of plain")
            assert options.era.text() == "Detected when it connects"
            assert options.aliases.text() == "None; folders are sent under their own paths"
            assert options.arguments.text() == "No; it is told them as roots"
            assert options.own_folders.text() == "Sent Rootkeeper's folders only"
            assert options.roots_source.text() == (
                "Sees Rootkeeper's folders, even when its host has roots of its own")

            # The warning that its roots replace its own folders goes once they are sent to it as well.
            page.select("fs-fixed")
            await eventually(lambda: details.title() == "fs-fixed", what="the details of fs-fixed")
            assert not details.replaces.isHidden()
            page.select("fs-merged")
            await eventually(lambda: details.title() == "fs-merged", what="the details of fs-merged")
            assert details.replaces.isHidden()
            assert options.own_folders.text() == "Also sent the folders on its own command line, after Rootkeeper's"

    run(qloop, scenario(), timeout=60)


def test_the_offer_to_use_the_shared_folders_is_checked_and_shows_the_exact_change(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta, repo = folders(tmp_path / "data", "alpha", "beta", "repo")
    add_roots(store, alpha)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            app.window.servers_page.add_button.click()
            dialog = await shown_dialog(ServerDialog)
            dialog.command.setText(f"{ABSENT} --port 3")
            assert not dialog.use_shared_folders.isVisible()  # no folder on its command line

            dialog.command.setText(f"{ABSENT} mcp-server-git --repository {repo}")
            assert dialog.use_shared_folders.isVisible() and dialog.use_shared_folders.isChecked()
            assert dialog.findChild(QLabel, "folderChange").text() == (
                f"Before: {ABSENT} mcp-server-git --repository {repo}\n"
                f"After: {ABSENT} mcp-server-git '--repository={{root}}'")

            dialog.command.setText(f"{ABSENT} -y @modelcontextprotocol/server-filesystem {alpha} '{beta}'")
            dialog.name.setText("fs")
            dialog.sharing.all_button.setChecked(True)
            dialog.save_button.click()
            await eventually(lambda: store.load().server("fs") is not None, what="the new server saved")
            saved = stored_server(store, "fs")
            assert isinstance(saved.target, StdioTarget) and saved.kept_folders == []
            assert (saved.target.command, saved.target.args) == (
                ABSENT, ["-y", "@modelcontextprotocol/server-filesystem", "{roots}"])

    run(qloop, scenario(), timeout=60)
