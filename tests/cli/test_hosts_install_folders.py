"""`hosts install` makes the same folder offer as `servers import`: the folder on the filesystem server's command line
in a real host config becomes `{roots}` in the Rootkeeper server (default yes, the change shown), and uninstalling
gives the host its file back byte for byte."""

from __future__ import annotations

from pathlib import Path

from app.core.store.store import Store
from tests.support.host_samples import CLAUDE_DESKTOP, FS
from tests.support.terminal import on_a_terminal

FS_AFTER = ["-y", FS, "{roots}"]


def place(home: Path, data_dir: Path) -> tuple[Path, bytes]:
    path = home / CLAUDE_DESKTOP.relative
    path.parent.mkdir(parents=True)
    path.write_text(CLAUDE_DESKTOP.written(data_dir), encoding="utf-8")
    return path, path.read_bytes()


def test_install_gives_the_server_the_shared_folders_and_uninstall_restores_the_file(  # type: ignore[no-untyped-def]
    cli, host_home: Path, data_dir: Path
) -> None:
    path, original = place(host_home, data_dir)
    installed = cli("hosts", "install", "claude-desktop", "--no-confine")  # about the folders, not confinement
    assert installed.code == 0, installed
    assert f"'filesystem' is given the folders you share in place of {data_dir}." in installed.out
    assert f"  Before: npx -y {FS} '{data_dir}'" in installed.out
    assert f"  After: npx -y {FS} '{{roots}}'" in installed.out
    assert f"Its command line names folders; to share them: rootkeeper roots add '{data_dir}'" in installed.out
    stored = {server.name: server for server in Store().load().servers}
    assert stored["filesystem"].target.args == FS_AFTER  # type: ignore[union-attr]
    assert stored["git-server"].target.args == ["mcp-server-git", "--repository={root}"]  # type: ignore[union-attr]
    assert stored["filesystem"].kept_folders == [] and stored["filesystem"].consent == "pending"
    rows = {row["name"]: row for row in cli("servers", "list", "--json").json()}
    assert rows["filesystem"]["binding"] == "arguments"
    assert cli("roots", "list", "--json").json() == []  # offered, not shared without a yes

    assert cli("hosts", "uninstall", "claude-desktop").code == 0
    assert path.read_bytes() == original
    again = cli("hosts", "install", "claude-desktop")  # the servers imported before are found again
    assert again.code == 0 and "as server 'filesystem'" in again.out, again
    assert [s.name for s in Store().load().servers] == ["filesystem", "git-server"]
    assert cli("hosts", "uninstall", "claude-desktop").code == 0
    assert path.read_bytes() == original


def test_install_can_keep_the_folders_as_the_servers_own_or_share_them(  # type: ignore[no-untyped-def]
    cli, host_home: Path, data_dir: Path
) -> None:
    path, original = place(host_home, data_dir)
    kept = cli("hosts", "install", "claude-desktop", "--servers", "filesystem", "--keep-own-folders", "--no-confine")
    assert kept.code == 0, kept
    assert f"'filesystem' keeps its own folders ({data_dir}): it sees them whatever you share" in kept.out
    (row,) = cli("servers", "list", "--json").json()
    assert (row["args"], row["kept_folders"], row["binding"]) == (["-y", FS, str(data_dir)], [str(data_dir)],
                                                                   "own_folders")
    assert cli("hosts", "uninstall", "claude-desktop").code == 0 and path.read_bytes() == original

    shared = cli("hosts", "install", "claude-desktop", "--servers", "git server!", "--share-found-folders",
                 "--no-confine")
    assert shared.code == 0, shared
    (root,) = cli("roots", "list", "--json").json()
    assert root["path"] == str(data_dir)
    assert f"Sharing {data_dir} as" in shared.out
    git = Store().load().server("git-server")
    assert git is not None and git.target.args == ["mcp-server-git", "--repository={root}"]  # type: ignore[union-attr]
    assert cli("hosts", "uninstall", "claude-desktop").code == 0 and path.read_bytes() == original


def test_a_dry_run_shows_the_offer_and_saves_nothing(cli, rk_home: Path, host_home: Path,  # type: ignore[no-untyped-def]
                                                    data_dir: Path) -> None:
    path, original = place(host_home, data_dir)
    dry = cli("hosts", "install", "claude-desktop", "--dry-run")
    assert dry.code == 0, dry
    assert f"  After: npx -y {FS} '{{roots}}'" in dry.out
    assert path.read_bytes() == original and not rk_home.exists()


def test_on_a_terminal_install_asks_each_server_and_takes_no_and_yes_for_an_answer(
    rk_home: Path, host_home: Path, data_dir: Path
) -> None:
    path, original = place(host_home, data_dir)
    shown = on_a_terminal(rk_home, ["hosts", "install", "claude-desktop"], ["n", "y", "y"])
    assert shown.count("[Y/n]") == 2 and shown.count("[y/N]") == 1  # each server, then sharing the folder
    assert shown.index(f"  After: npx -y {FS} '{{roots}}'") < shown.index("[Y/n]")  # the change shown first
    saved = Store(rk_home).load()
    fs, git = saved.server("filesystem"), saved.server("git-server")
    assert fs is not None and fs.kept_folders == [str(data_dir)]
    assert fs.target.args == ["-y", FS, str(data_dir)]  # type: ignore[union-attr]
    assert git is not None and git.target.args == ["mcp-server-git", "--repository={root}"]  # type: ignore[union-attr]
    assert [root.path for root in saved.roots] == [str(data_dir)]
    assert on_a_terminal(rk_home, ["hosts", "uninstall", "claude-desktop"], []).count("Restored") == 1
    assert path.read_bytes() == original
