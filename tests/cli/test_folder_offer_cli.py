"""`servers add` and `servers import` with folders on the server's command line: real CLI processes, real files,
and a real terminal (a pseudo-terminal) for the questions."""

from __future__ import annotations

from pathlib import Path

from app.core.hosts import HOSTS
from app.core.store.store import Store
from tests.support.host_samples import CLAUDE_DESKTOP, FS
from tests.support.terminal import on_a_terminal

ABSENT = "/nonexistent/rk-server"


def test_add_gives_the_server_the_shared_folders_by_default_and_shows_the_change(cli, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("servers", "add", "fs", "--", ABSENT, "-y", FS, str(data_dir))
    assert result.code == 0, result
    assert f"'fs' is given the folders you share in place of {data_dir}." in result.out
    assert f"  Before: {ABSENT} -y {FS} '{data_dir}'" in result.out
    assert f"  After: {ABSENT} -y {FS} '{{roots}}'" in result.out
    (row,) = cli("servers", "list", "--json").json()
    assert row["args"] == ["-y", FS, "{roots}"] and row["kept_folders"] == []
    assert cli("roots", "list", "--json").json() == []  # nothing shared without a yes


def test_a_server_that_keeps_its_own_folders_says_so_in_servers_list(cli, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("servers", "add", "tools", "--keep-own-folders", "--no-confine", "--", ABSENT, f"--data={data_dir}")
    assert result.code == 0, result
    assert f"'tools' keeps its own folders ({data_dir}): it sees them whatever you share" in result.out
    (row,) = cli("servers", "list", "--json").json()
    assert row["args"] == [f"--data={data_dir}"] and row["kept_folders"] == [str(data_dir)]
    listed = cli("servers", "list").out.splitlines()
    assert f"    Keeps its own folders: It serves {data_dir} whatever the list says." in listed


def test_share_found_folders_shares_them_in_the_same_step(cli, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    result = cli("servers", "add", "git", "--share-found-folders", "--", ABSENT, "mcp-server-git",
                 "--repository", str(data_dir))
    assert result.code == 0, result
    (root,) = cli("roots", "list", "--json").json()
    assert root["path"] == str(data_dir)
    (row,) = cli("servers", "list", "--json").json()
    assert row["args"] == ["mcp-server-git", "--repository={root}"]


def test_import_without_a_terminal_uses_the_shared_folders_and_reports_the_change(  # type: ignore[no-untyped-def]
    cli, host_home: Path, data_dir: Path
) -> None:
    path = host_home / CLAUDE_DESKTOP.relative
    path.parent.mkdir(parents=True)
    path.write_text(CLAUDE_DESKTOP.written(data_dir), encoding="utf-8")
    report = cli("servers", "import", "claude-desktop", "--json").json()
    rows = {row["host_name"]: row for row in report["servers"]}
    assert rows["filesystem"]["folders_as"] == "shared"
    assert rows["filesystem"]["command_line"] == [
        {"before": f"npx -y {FS} '{data_dir}'", "after": f"npx -y {FS} '{{roots}}'"}]
    assert rows["git server!"]["command_line"][0]["after"] == "uvx mcp-server-git '--repository={root}'"
    assert report["shared"] == []
    stored = {server.name: server for server in Store().load().servers}
    assert stored["filesystem"].target.args == ["-y", FS, "{roots}"]  # type: ignore[union-attr]
    assert path.read_text(encoding="utf-8") == CLAUDE_DESKTOP.written(data_dir)


def test_on_a_terminal_add_asks_with_the_change_shown_and_enter_means_yes(rk_home: Path, data_dir: Path) -> None:
    shown = on_a_terminal(rk_home, ["servers", "add", "fs", "--", ABSENT, "-y", FS, str(data_dir)], ["", ""])
    assert f"'fs' names folders on its command line ({data_dir})." in shown
    assert shown.index(f"  After: {ABSENT} -y {FS} '{{roots}}'") < shown.index("[Y/n]")
    assert f"Not shared yet: {data_dir}. Share them now? [y/N]" in shown
    saved = Store(rk_home).load()
    assert saved.server("fs").target.args == ["-y", FS, "{roots}"]  # type: ignore[union-attr]
    assert saved.roots == []  # Enter on the second question: not shared


def test_on_a_terminal_import_takes_no_and_yes_for_an_answer(rk_home: Path, host_home: Path, data_dir: Path) -> None:
    path = host_home / CLAUDE_DESKTOP.relative
    path.parent.mkdir(parents=True)
    path.write_text(CLAUDE_DESKTOP.written(data_dir), encoding="utf-8")
    assert HOSTS["claude-desktop"].title == "Claude Desktop"
    shown = on_a_terminal(rk_home, ["servers", "import", "claude-desktop"], ["n", "y", "y"])
    assert shown.count("[Y/n]") == 2 and shown.count("[y/N]") == 1
    saved = Store(rk_home).load()
    fs, git = saved.server("filesystem"), saved.server("git-server")
    assert fs is not None and fs.kept_folders == [str(data_dir)]
    assert fs.target.args == ["-y", FS, str(data_dir)]  # type: ignore[union-attr]
    assert git is not None and git.kept_folders == [] and git.target.args == [  # type: ignore[union-attr]
        "mcp-server-git", "--repository={root}"]
    assert [root.path for root in saved.roots] == [str(data_dir)]
