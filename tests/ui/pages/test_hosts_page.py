"""The Hosts tab against real host config files in a temporary HOME: listing, routing with the diff shown
first, restoring byte for byte, importing (folders only offered), and a broken file refused in one sentence.

The servers in these configs are the project's real test servers (the stdio ones behind `sh -c`, so
their command line names the data folder as the filesystem server's does), so the imported ones
connect, and no failure notice takes the message bar while a test reads an outcome from it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication, QCheckBox

from app.core.hosts import HOSTS, ConfigFile
from app.core.hosts.install import plan_install, read_config
from app.ui.dialogs.checklist_dialog import ChecklistDialog
from app.ui.dialogs.diff_dialog import DiffDialog
from app.ui.dialogs.folder_offer_dialog import FolderOfferDialog
from app.ui.i18n import ENGLISH
from app.ui.models.hosts import Column
from app.ui.render import render
from app.ui.window.main_window import HOSTS_TAB
from app.ui.window.message_bar import Level
from tests.support.gui import BuildApp, open_hosts_tab, run, running, shown_dialog, translations
from tests.support.project import PROJECT
from tests.support.servers import HttpServersFactory
from tests.support.waiting import eventually

DESKTOP_CONFIG = """{
  "editorTheme": "dark",
  "mcpServers": {
    "filesystem": {
      "command": "/bin/sh",
      "args": @FS_ARGS@,
      "env": @ENV@
    },
    "notes": {"command": "rk-notes-server", "args": []}
  }
}
"""

VSCODE_CONFIG = """// servers for every workspace
{
\t"servers": {
\t\t/* the repository server */
\t\t"git": {"type": "stdio", "command": "/bin/sh", "args": @FS_ARGS@, "env": @ENV@},
\t\t"web": {"type": "http", "url": @URL@},
\t},
}
"""


LISTED = [name for name in HOSTS if name != "mcp-json"]
"""The hosts the page lists: a plain mcpServers file has no place of its own, it is only named by its path."""


@pytest.fixture
def user_home(host_home: Path) -> Path:
    return host_home



def server_args(data_dir: Path) -> list[str]:
    """`sh -c 'exec PYTHON -m tests.servers.roots_tool' sh DATA`: a real server, with a folder on its command line."""
    return ["-c", 'exec "$1" -m tests.servers.roots_tool', "sh", sys.executable, str(data_dir)]


def place(home: Path, relative: str, template: str, data_dir: Path, url: str = "") -> Path:
    path = home / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    values = {"@FS_ARGS@": server_args(data_dir), "@ENV@": {"PYTHONPATH": str(PROJECT)}, "@URL@": url}
    for placeholder, value in values.items():
        template = template.replace(placeholder, json.dumps(value))
    path.write_text(template, encoding="utf-8")
    return path


def desktop(home: Path, data_dir: Path) -> Path:
    return place(home, ".config/Claude/claude_desktop_config.json", DESKTOP_CONFIG, data_dir)


def vscode(home: Path, data_dir: Path, url: str = "http://127.0.0.1:9/mcp") -> Path:
    return place(home, ".config/Code/User/mcp.json", VSCODE_CONFIG, data_dir, url)


def cells(app, column: Column) -> list[str]:  # type: ignore[no-untyped-def]
    model = app.window.hosts_model
    return [model.index(row, column).data() for row in range(model.rowCount())]


def listed(app) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    model = app.window.hosts_model
    return [(row.host, row.server, model.index(i, Column.RUNS).data()) for i, row in enumerate(model.rows())]


def test_the_page_lists_every_known_host_with_its_files_and_servers(
    qloop: qasync.QEventLoop, rk_home: Path, user_home: Path, data_dir: Path, *, build_app: BuildApp
) -> None:
    desktop_path, vscode_path = desktop(user_home, data_dir), vscode(user_home, data_dir)
    app = build_app(rk_home)

    async def scenario() -> None:
        async with running(app):
            assert app.window.tabs.tabText(HOSTS_TAB) == "&Hosts"
            page = app.window.hosts_page
            await open_hosts_tab(app, "claude-desktop")
            rows = listed(app)
            assert ("claude-desktop", "filesystem", "Directly") in rows
            assert ("claude-desktop", "notes", "Directly") in rows
            assert ("vscode", "git", "Directly") in rows and ("vscode", "web", "Directly") in rows
            assert {host for host, _, _ in rows} == set(LISTED)  # installed or not
            assert cells(app, Column.FILE).count("No config found") == len(LISTED) - 2
            assert "~/.config/Claude/claude_desktop_config.json" in cells(app, Column.FILE)
            assert " ".join(["/bin/sh", *server_args(data_dir)]) in cells(app, Column.COMMAND)
            assert not page.empty.isVisible()
            assert page.route_button.isEnabled()
            page.select_host("zed")
            assert not page.route_button.isEnabled()  # nothing to act on
            assert desktop_path.is_file() and vscode_path.is_file()

            # Names come from files anyone may have written: shown as the characters they are, never as HTML.
            hostile = '{"mcpServers": {"<b>x</b>": {"command": "<img src=q>"}}}'
            place(user_home, ".cursor/mcp.json", hostile, data_dir)
            page.refresh_button.click()
            await eventually(lambda: ("cursor", "<b>x</b>", "Directly") in listed(app), what="the new file read")
            page.select_host("cursor")
            assert page.details.textFormat() is Qt.TextFormat.PlainText
            assert page.details.text() == "~/.cursor/mcp.json\n<img src=q>\nDirectly"

    run(qloop, scenario(), timeout=60)


def test_the_empty_state_says_what_to_do(
    qloop: qasync.QEventLoop, rk_home: Path, user_home: Path, *, build_app: BuildApp
) -> None:
    app = build_app(rk_home)

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(HOSTS_TAB)
            page = app.window.hosts_page
            await eventually(lambda: page.model.rowCount() == len(LISTED), what="the hosts listed")
            assert page.empty.isVisible() and "Add an MCP server in one of them" in page.empty.text()

    run(qloop, scenario(), timeout=60)


def check_routed(app, path: Path, original: bytes, rk_home: Path) -> None:  # type: ignore[no-untyped-def]
    """Only the chosen entry now starts the bridge; the backup holds the original and the bar names it."""
    servers = json.loads(path.read_text())["mcpServers"]
    assert servers["filesystem"] == {"command": sys.executable, "args": ["-m", "app", "bridge", "filesystem",
                                                                         "--home", str(rk_home)]}
    assert servers["notes"]["command"] == "rk-notes-server"
    bar = app.window.message_bar.text()
    (backup,) = (rk_home / "state" / "host-backups").iterdir()
    assert backup.read_bytes() == original and f"(backup: {backup})" in bar
    assert "Restart Claude Desktop" in bar
    assert "start Rootkeeper from the development copy in" in bar  # this test runs from a checkout
    stored = app.store.load().server("filesystem")
    assert stored is not None and stored.consent == "pending"
    # The folder on its command line became the folders you share, as the offer showed.
    assert stored.target.args[-1] == "{roots}"  # type: ignore[union-attr]
    assert "'filesystem' is given the folders you share in place of" in bar


def test_route_shows_the_diff_first_cancel_writes_nothing_apply_rewrites_restore_puts_it_back(
    qloop: qasync.QEventLoop, rk_home: Path, user_home: Path, data_dir: Path, *, build_app: BuildApp
) -> None:
    path = desktop(user_home, data_dir)
    original = path.read_bytes()
    app = build_app(rk_home)
    page = app.window.hosts_page
    host = HOSTS["claude-desktop"]
    servers = host.read(path, read_config(host, path))
    expected = plan_install(host, ConfigFile(path, "user"), original.decode(), [(servers[0], "filesystem")]).diff()

    async def choose_filesystem() -> DiffDialog:
        page.route_button.click()
        chooser = await shown_dialog(ChecklistDialog, "chooseHostServers")
        assert chooser.chosen() == ["filesystem", "notes"]  # every server that runs directly, until unticked
        chooser.item("notes").setCheckState(Qt.CheckState.Unchecked)
        chooser.accept_button.click()
        # The folder on its command line: the folders you share take its place (checked); sharing it is offered.
        offer = await shown_dialog(FolderOfferDialog, "importFolders")
        assert [box.isChecked() for box in offer.findChildren(QCheckBox, "useSharedFolders")] == [True]
        # Nothing shared without a click, and nothing saved before the answer.
        assert [(folder, box.isChecked()) for folder, box in offer.folders] == [(str(data_dir), False)]
        assert app.store.load().servers == []
        offer.accept_button.click()
        return await shown_dialog(DiffDialog)

    async def scenario() -> None:
        async with running(app):
            await open_hosts_tab(app, "claude-desktop")
            dialog = await choose_filesystem()
            shown = dialog.view.toPlainText()
            assert shown == expected
            assert shown.startswith(f"--- {path}\n+++ {path}\n@@")
            assert '-      "command": "/bin/sh",' in shown and '"bridge"' in shown
            # The diff asks for the system's fixed font (which face fontconfig then picks is the machine's).
            assert dialog.view.isReadOnly()
            assert dialog.view.font() == QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
            dialog.cancel_button.click()
            await eventually(lambda: not dialog.isVisible(), what="the dialog closed")
            await app.flows.hosts.read()  # the flow's last step has run
            assert path.read_bytes() == original
            assert app.store.load().servers == []
            assert not (rk_home / "state" / "host-backups").exists()
            assert not (rk_home / "state" / "host-installs.json").exists()

            dialog = await choose_filesystem()
            dialog.apply_button.click()
            await eventually(lambda: "Restart Claude Desktop" in app.window.message_bar.text(), what="the outcome")
            check_routed(app, path, original, rk_home)
            await eventually(lambda: ("claude-desktop", "filesystem", "Through Rootkeeper as 'filesystem'")
                             in listed(app), what="the row showing the bridge")
            assert app.store.load().roots == []

            page.restore_button.click()
            dialog = await shown_dialog(DiffDialog)
            assert '+      "command": "/bin/sh",' in dialog.view.toPlainText()
            assert path.read_bytes() != original  # shown, not yet written
            dialog.apply_button.click()
            await eventually(lambda: path.read_bytes() == original, what="the original restored")
            await eventually(lambda: "Restored" in app.window.message_bar.text(), what="the outcome reported")
            await eventually(lambda: ("claude-desktop", "filesystem", "Directly") in listed(app), what="the row")

    run(qloop, scenario(), timeout=90)


def test_import_adds_the_servers_pending_consent_and_shares_only_the_folders_ticked(
    qloop: qasync.QEventLoop, rk_home: Path, user_home: Path, data_dir: Path, *, build_app: BuildApp,
    http_servers: HttpServersFactory
) -> None:
    app = build_app(rk_home)
    page = app.window.hosts_page

    async def scenario(path: Path, original: bytes) -> None:
        async with running(app):
            await open_hosts_tab(app, "vscode")
            page.import_button.click()
            offer = await shown_dialog(FolderOfferDialog, "importFolders")
            assert app.store.load().servers == []  # asked first
            ((folder, box),) = offer.folders
            assert folder == str(data_dir) and not box.isChecked()  # nothing shared without a click
            box.click()
            offer.accept_button.click()
            await eventually(lambda: "'git', 'web'" in app.window.message_bar.text(), what="the outcome")
            stored = {server.name: server for server in app.store.load().servers}
            assert set(stored) == {"git", "web"}
            assert all(server.consent == "pending" for server in stored.values())
            await eventually(lambda: [root.path for root in app.store.load().roots] == [str(data_dir)],
                             what="the ticked folder shared")
            assert path.read_bytes() == original  # importing never edits the host's file
            # Let the hub take in the new root before stopping: on Python 3.11 its fallback timer's
            # `asyncio.wait_for` can swallow the stop's cancellation when a wake-up lands at the same moment.
            await eventually(lambda: len(app.live.current.roots) == 1, what="the hub showing the new root")

    with http_servers(rk_home / "http", {"web": ("roots_tool", [])}) as web:
        path = vscode(user_home, data_dir, web["web"].url)
        run(qloop, scenario(path, path.read_bytes()), timeout=60)


def test_a_broken_config_is_listed_and_refused_in_one_sentence_with_nothing_changed(
    qloop: qasync.QEventLoop, rk_home: Path, user_home: Path, data_dir: Path, *, build_app: BuildApp
) -> None:
    path = place(user_home, ".config/Claude/claude_desktop_config.json",
                 '{\n  "mcpServers": {\n    "filesystem": {"command": "x"}\n    "y": {}\n  }\n}\n', data_dir)
    original = path.read_bytes()
    app = build_app(rk_home)
    page = app.window.hosts_page
    bar = app.window.message_bar

    async def scenario() -> None:
        async with running(app):
            await open_hosts_tab(app, "claude-desktop")
            (row,) = [text for host, _, text in listed(app) if host == "claude-desktop"]
            assert row.startswith(f"The Claude Desktop config {path} cannot be read (")
            for button in (page.route_button, page.import_button):
                bar.hide()
                button.click()
                await eventually(bar.isVisible, what="the refusal")
                assert bar.level is Level.ERROR
                assert bar.text() == row and "\n" not in bar.text()
            assert path.read_bytes() == original
            assert app.store.load().servers == []
            assert not [w for w in (ChecklistDialog, DiffDialog) if any(
                isinstance(t, w) and t.isVisible() for t in app.window.findChildren(w))]

    run(qloop, scenario(), timeout=60)


@pytest.mark.parametrize(("language", "folder", "reason", "expected"), [
    ("zh_CN", "/数据", "它已不在那里",
     "Rootkeeper 无法安全地修改 VS Code 配置 /数据/mcp.json 中的条目 “fs”（它已不在那里）；文件未被改动。"),
    ("zh_TW", "/數據", "它已不在那裡",
     "Rootkeeper 無法安全地修改 VS Code 設定 /數據/mcp.json 中的項目 「fs」（它已不在那裡）；檔案未被變更。"),
])
def test_host_refusals_are_rendered_by_code_in_the_chosen_language(
    qapp: QApplication, language: str, folder: str, reason: str, expected: str
) -> None:
    refusal = HOSTS["vscode"].uneditable(Path(folder) / "mcp.json", "fs", reason)
    translations().apply(language)
    try:
        assert render(refusal) == expected
    finally:
        translations().apply(ENGLISH)
    assert render(refusal) == str(refusal)  # English: the sentence core wrote


def test_the_hosts_table_sorts_on_a_header_click_and_selection_follows_the_host(
    qloop: qasync.QEventLoop, rk_home: Path, user_home: Path, data_dir: Path, *, build_app: BuildApp
) -> None:
    desktop(user_home, data_dir)
    vscode(user_home, data_dir)
    app = build_app(rk_home)

    async def scenario() -> None:
        async with running(app):
            page = app.window.hosts_page
            await open_hosts_tab(app, "claude-desktop")
            table = page.table
            shown = [table.model().index(row, Column.HOST).data() for row in range(table.model().rowCount())]
            table.sortByColumn(Column.HOST, Qt.SortOrder.DescendingOrder)  # what a header click asks for
            resorted = [table.model().index(row, Column.HOST).data() for row in range(table.model().rowCount())]
            assert resorted == sorted(shown, key=str.casefold, reverse=True) and resorted != shown
            page.select_host("vscode")
            assert page.selected_host() == "vscode"  # the row of that host, wherever sorting put it
            model = app.window.hosts_model
            first = next(i for i, row in enumerate(model.rows()) if row.host == "vscode")
            assert page.details.text().startswith(model.index(first, Column.FILE).data())

    run(qloop, scenario(), timeout=60)
