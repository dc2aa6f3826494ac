"""The Hosts tab names the project of each of Claude Code's per-project (local-scope) entries (issue 34, item 10),
in the table and in the list of servers to route, in English and translated. A real `~/.claude.json` in a
temporary HOME, the real window."""

from __future__ import annotations

import json
from pathlib import Path

import qasync

from app.ui.dialogs.checklist_dialog import ChecklistDialog
from app.ui.i18n import ENGLISH
from app.ui.models.hosts import Column
from app.ui.window.main_window import HOSTS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog, translations
from tests.support.waiting import eventually


def claude_json(home: Path, project: Path) -> Path:
    path = home / ".claude.json"
    path.write_text(json.dumps({
        "mcpServers": {"user-tool": {"type": "stdio", "command": "rk-user-tool", "args": [], "env": {}}},
        "projects": {str(project): {"allowedTools": [], "mcpServers": {
            "here-tool": {"type": "stdio", "command": "rk-here-tool", "args": [], "env": {}}}}},
    }, indent=2), encoding="utf-8")
    return path


def test_each_local_entry_is_shown_with_its_project(
    qloop: qasync.QEventLoop, rk_home: Path, host_home: Path, *, build_app: BuildApp
) -> None:
    project = host_home / "code" / "app"
    claude_json(host_home, project)
    app = build_app(rk_home)
    page = app.window.hosts_page
    model = app.window.hosts_model

    def servers() -> list[str]:
        return [model.index(row, Column.SERVER).data() for row in range(model.rowCount())
                if model.rows()[row].host == "claude-code"]

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(HOSTS_TAB)
            await eventually(lambda: len(servers()) == 2, what="Claude Code's servers listed")
            assert servers() == ["user-tool", "here-tool (project ~/code/app)"]
            page.select_host("claude-code")
            page.route_button.click()
            chooser = await shown_dialog(ChecklistDialog, "chooseHostServers")
            assert chooser.item("here-tool").text() == "here-tool — rk-here-tool (project ~/code/app)"
            assert chooser.item("user-tool").text() == "user-tool — rk-user-tool"
            chooser.reject()
            translations().apply("zh_CN")
            try:
                assert servers() == ["user-tool", "here-tool（项目 ~/code/app）"]
            finally:
                translations().apply(ENGLISH)

    run(qloop, scenario(), timeout=60)
