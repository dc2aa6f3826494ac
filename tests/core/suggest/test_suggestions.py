"""Suggested folders: repositories under the usual project folders and the editors' recent workspaces."""

from __future__ import annotations

import json
import sqlite3
import struct
import subprocess
from pathlib import Path

import pytest

from app.core.suggest.suggestions import suggest


def repo(path: Path, marker: str = ".git") -> Path:
    (path / marker).mkdir(parents=True)
    return path


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(variable, raising=False)
    return folder


def paths(found: list) -> list[str]:  # type: ignore[type-arg]
    return [s.path for s in found]


def test_repositories_nested_loops_and_deep_trees(home: Path) -> None:
    outer = repo(home / "projects" / "app")
    repo(outer / "vendor" / "lib")  # inside a repository: covered by it
    grouped = repo(home / "projects" / "team" / "service", ".hg")
    (home / "projects" / "loop").symlink_to(home / "projects")  # a loop, never followed
    (home / "projects" / "elsewhere").symlink_to(repo(home / "outside" / "linked"))  # links are not followed
    deep = home / "src"
    for level in range(60):
        deep = deep / f"d{level}"
    repo(deep)  # far below the depth budget
    repo(home / "src" / "node_modules" / "pkg")  # dependencies are skipped
    repo(home / "src" / ".hidden" / "x")
    dotfiles = repo(home)  # a home folder kept in git is not a project
    repo(home / "toplevel")  # one level below home is searched

    found = suggest(home)
    assert sorted(paths(found)) == sorted([str(outer), str(grouped), str(home / "toplevel")])
    assert {s.path: s.kind for s in found}[str(grouped)] == "hg"
    assert str(dotfiles) not in paths(found)


def test_already_shared_folders_are_not_suggested(home: Path) -> None:
    shared = repo(home / "code" / "shared")
    other = repo(home / "code" / "other")
    assert paths(suggest(home, shared=[str(shared)])) == [str(other)]


def test_the_search_stops_at_its_folder_budget(home: Path) -> None:
    for n in range(200):
        (home / "projects" / f"empty{n:03}").mkdir(parents=True)
    late = repo(home / "projects" / "zzz" / "late")
    assert str(late) not in paths(suggest(home, max_folders=50))
    assert str(late) in paths(suggest(home))


def test_another_file_system_is_not_entered(home: Path) -> None:
    mount = home / "projects" / "network"
    mount.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], check=True)
    try:
        repo(mount / "remote-repo")
        local = repo(home / "projects" / "local")
        assert paths(suggest(home)) == [str(local)]
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_recent_workspaces_of_each_editor(home: Path) -> None:
    names = ("code1", "code2", "cursor", "jb1", "jb2", "zed1", "zed2")
    folders = {name: home / "work-folders" / name for name in names}
    for folder in folders.values():
        folder.mkdir(parents=True)
    storage = home / ".config" / "Code" / "User" / "globalStorage"
    storage.mkdir(parents=True)
    db = sqlite3.connect(storage / "state.vscdb")
    db.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    recent = {"entries": [{"folderUri": folders["code1"].as_uri()}, {"fileUri": "file:///etc/passwd"},
                          {"folderUri": "vscode-remote://ssh-remote+box/srv"}]}  # fmt: skip
    db.execute("INSERT INTO ItemTable VALUES ('history.recentlyOpenedPathsList', ?)", (json.dumps(recent),))
    db.commit()
    db.close()
    window = {"lastActiveWindow": {"folder": folders["code2"].as_uri()}}
    (storage / "storage.json").write_text(json.dumps({"windowsState": window}))
    cursor = home / ".config" / "Cursor" / "User" / "globalStorage"
    cursor.mkdir(parents=True)
    (cursor / "storage.json").write_text(
        json.dumps({"openedPathsList": {"entries": [{"folderUri": folders["cursor"].as_uri()}]}})
    )
    options = home / ".config" / "JetBrains" / "PyCharm2025.2" / "options"
    options.mkdir(parents=True)
    relative = folders["jb1"].relative_to(home)
    (options / "recentProjects.xml").write_text(f"""<application>
  <component name="RecentProjectsManager">
    <option name="additionalInfo"><map>
      <entry key="$USER_HOME$/{relative}"><value><RecentProjectMetaInfo>
        <option name="projectOpenTimestamp" value="100" /></RecentProjectMetaInfo></value></entry>
      <entry key="{folders['jb2']}"><value><RecentProjectMetaInfo>
        <option name="projectOpenTimestamp" value="200" /></RecentProjectMetaInfo></value></entry>
    </map></option>
  </component>
</application>""")
    zed = home / ".local" / "share" / "zed" / "db" / "0-stable"
    zed.mkdir(parents=True)
    db = sqlite3.connect(zed / "db.sqlite")
    db.execute("CREATE TABLE workspaces (workspace_id INTEGER PRIMARY KEY, paths TEXT, timestamp TEXT)")
    db.execute("INSERT INTO workspaces VALUES (1, ?, '2026-01-01')", (str(folders["zed1"]),))
    db.commit()
    db.close()
    old_zed = home / ".local" / "share" / "zed" / "db" / "0-preview"
    old_zed.mkdir(parents=True)
    raw = str(folders["zed2"]).encode()
    blob = struct.pack("<Q", 1) + struct.pack("<Q", len(raw)) + raw
    db = sqlite3.connect(old_zed / "db.sqlite")
    db.execute("CREATE TABLE workspaces (workspace_id INTEGER PRIMARY KEY, local_paths BLOB)")
    db.execute("INSERT INTO workspaces VALUES (1, ?)", (blob,))
    db.commit()
    db.close()

    found = {s.path: s.kind for s in suggest(home)}
    assert found == {
        str(folders["code1"]): "vscode",
        str(folders["code2"]): "vscode",
        str(folders["cursor"]): "cursor",
        str(folders["jb2"]): "jetbrains",  # the newer first
        str(folders["jb1"]): "jetbrains",
        str(folders["zed2"]): "zed",
        str(folders["zed1"]): "zed",
    }
    assert list(found).index(str(folders["jb2"])) < list(found).index(str(folders["jb1"]))


def test_damaged_editor_files_are_skipped(home: Path) -> None:
    storage = home / ".config" / "Code" / "User" / "globalStorage"
    storage.mkdir(parents=True)
    (storage / "storage.json").write_text("{ not json")
    (storage / "state.vscdb").write_bytes(b"garbage" * 100)
    options = home / ".config" / "JetBrains" / "IDEA" / "options"
    options.mkdir(parents=True)
    (options / "recentProjects.xml").write_text("<application><component")
    kept = repo(home / "projects" / "kept")
    assert paths(suggest(home)) == [str(kept)]
