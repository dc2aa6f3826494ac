"""Writing host configs: backups, the record of originals, refusing a file that changed meanwhile."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from app.core.hosts import HOSTS, ConfigFile, HostConfigError
from app.core.hosts.install import backup, load_records, plan_install, plan_uninstall, read_config, write
from tests.support.host_samples import CURSOR, ZED


def _installed(path: Path, sample_text: str, host_name: str) -> tuple[ConfigFile, str]:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sample_text)
    host = HOSTS[host_name]
    config = ConfigFile(path, "user")
    text = read_config(host, path)
    chosen = [(s, s.name) for s in host.read(path, text) if s.transport == "stdio"]
    write(plan_install(host, config, text, chosen, lambda name: ["/bin/rootkeeper", "bridge", "--server", name]))
    return config, text


def test_a_file_changed_between_reading_and_writing_is_not_overwritten(rk_home: Path, tmp_path: Path) -> None:
    path = tmp_path / ".cursor" / "mcp.json"
    path.parent.mkdir()
    path.write_text(CURSOR.text)
    host = HOSTS["cursor"]
    config = ConfigFile(path, "user")
    text = read_config(host, path)
    change = plan_install(host, config, text, [(host.read(path, text)[0], "filesystem")])
    path.write_text(CURSOR.text.replace("MARKER", "saved by the editor meanwhile"))
    with pytest.raises(HostConfigError, match="changed while Rootkeeper was editing it"):
        write(change)
    assert "saved by the editor meanwhile" in path.read_text()
    assert load_records() == [] and not (rk_home / "state" / "host-backups").exists()


def test_records_keep_each_files_originals_apart(rk_home: Path, tmp_path: Path) -> None:
    user, user_text = _installed(tmp_path / "home" / ".config" / "zed" / "settings.json", ZED.text, "zed")
    project, project_text = _installed(tmp_path / "repo" / ".zed" / "settings.json", ZED.text, "zed")
    records = load_records()
    assert sorted({r["file"] for r in records}) == sorted([str(user.path), str(project.path)])
    assert stat.S_IMODE((rk_home / "state" / "host-installs.json").stat().st_mode) == 0o600
    change = plan_uninstall(HOSTS["zed"], project, project.path.read_text(), records)
    assert change.after == project_text and len(change.restored) == 2
    write(change)
    assert {r["file"] for r in load_records()} == {str(user.path)}
    assert user.path.read_text() != user_text and project.path.read_text() == project_text


def test_backups_taken_in_the_same_second_do_not_overwrite_each_other(rk_home: Path, tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text("{}")
    host = HOSTS["cursor"]
    change = plan_install(host, ConfigFile(path, "file"), "{}", [])
    first, second = backup(change), backup(change)
    assert first != second and first.read_text() == second.read_text() == "{}"
    assert stat.S_IMODE(first.stat().st_mode) == 0o600
    for folder in (first.parent, rk_home / "state", rk_home):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_bytes(b'{"mcpServers": {"\xff": {}}}')
    with pytest.raises(HostConfigError, match="not UTF-8 text"):
        read_config(HOSTS["cursor"], path)
