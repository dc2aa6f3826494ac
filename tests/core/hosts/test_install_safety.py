"""Rewriting a host's config file never loses what the host wrote, and leaves the file the host's.

Real config files in a temporary HOME. The host saving its file at the worst moment is a real write, made when
Rootkeeper opens its temporary file (seen through Python's audit hook): after every earlier check, before the
rename.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from app.core.hosts import HOSTS, HostConfigError, flow
from app.core.hosts.install import load_records
from app.core.store.store import Store
from tests.support.host_samples import CURSOR

HOST_SAVES: list[Path] = []
"""Config files the host saves (once) the moment Rootkeeper opens the temporary file that will replace them."""


def _host_saves_meanwhile(event: str, args: tuple[Any, ...]) -> None:
    if event != "open" or not HOST_SAVES or not isinstance(args[0], str | Path):
        return
    path = HOST_SAVES[0]
    if Path(args[0]).name == f".{path.name}.{os.getpid()}.tmp":
        HOST_SAVES.clear()
        settings = json.loads(path.read_text())
        settings["savedByTheHost"] = True
        path.write_text(json.dumps(settings, indent=2))


sys.addaudithook(_host_saves_meanwhile)


def cursor_config(home: Path, data_dir: Path) -> Path:
    path = home / CURSOR.relative
    path.parent.mkdir(parents=True)
    path.write_text(CURSOR.written(data_dir), encoding="utf-8")
    return path


def test_a_host_saving_its_file_just_before_the_rename_keeps_its_save(rk_home: Path, host_home: Path,
                                                                      data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    store = Store()
    plan = flow.plan_install(store, HOSTS["cursor"])
    HOST_SAVES.append(path)
    with pytest.raises(HostConfigError, match="changed while Rootkeeper was editing it; nothing was written"):
        flow.apply_install(store, plan)
    assert HOST_SAVES == [], "the host saved its file while Rootkeeper wrote"
    assert json.loads(path.read_text())["savedByTheHost"] is True
    assert not list(path.parent.glob(".*.tmp"))
    assert list((rk_home / "state" / "host-backups").iterdir()) == []  # this attempt's backup taken back
    assert load_records() == []
    assert flow.plan_uninstall(HOSTS["cursor"]).changes == []


def test_uninstall_keeps_a_save_made_just_before_the_rename(rk_home: Path, host_home: Path, data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    store = Store()
    flow.apply_install(store, flow.plan_install(store, HOSTS["cursor"]))
    routed = path.read_text()
    undo = flow.plan_uninstall(HOSTS["cursor"])
    HOST_SAVES.append(path)
    with pytest.raises(HostConfigError, match="changed while Rootkeeper was editing it"):
        flow.apply_uninstall(undo)
    assert json.loads(path.read_text()) == {**json.loads(routed), "savedByTheHost": True}
    assert len(flow.plan_uninstall(HOSTS["cursor"]).changes) == 1  # still Rootkeeper's to restore


def test_a_read_only_config_is_left_as_it_is(rk_home: Path, host_home: Path, data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    original = path.read_bytes()
    path.chmod(0o444)
    store = Store()
    with pytest.raises(HostConfigError) as refused:
        flow.apply_install(store, flow.plan_install(store, HOSTS["cursor"]))
    assert str(refused.value) == f"{path} is read-only; Rootkeeper left it as it is (make it writable to route " \
                                 "its servers)."
    assert path.read_bytes() == original and stat.S_IMODE(path.stat().st_mode) == 0o444


def test_a_hard_linked_config_keeps_its_links(rk_home: Path, host_home: Path, data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    link = host_home / "dotfiles-mcp.json"
    os.link(path, link)
    store = Store()
    with pytest.raises(HostConfigError, match="has other hard links, which a rewrite would separate from it"):
        flow.apply_install(store, flow.plan_install(store, HOSTS["cursor"]))
    assert os.path.samefile(path, link) and path.stat().st_nlink == 2


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root edits another user's file")
def test_another_users_config_edited_as_root_stays_theirs_with_its_mode(rk_home: Path, host_home: Path,
                                                                        data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    original = path.read_text()
    os.chown(path, 4321, 4322)
    path.chmod(0o640)
    store = Store()
    flow.apply_install(store, flow.plan_install(store, HOSTS["cursor"]))
    after_install = path.stat()
    assert path.read_text() != original
    assert (after_install.st_uid, after_install.st_gid, stat.S_IMODE(after_install.st_mode)) == (4321, 4322, 0o640)
    flow.apply_uninstall(flow.plan_uninstall(HOSTS["cursor"]))
    restored = path.stat()
    assert path.read_text() == original
    assert (restored.st_uid, restored.st_gid, stat.S_IMODE(restored.st_mode)) == (4321, 4322, 0o640)
