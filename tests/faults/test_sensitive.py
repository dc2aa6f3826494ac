"""Broad and sensitive folders need --allow-broad; Rootkeeper's own folders, /proc, /sys, /dev and an
empty file: URI are refused outright (issue 10, #10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.edits import roots as edit_roots
from app.core.model import StoreData
from app.core.roots.overlap import broad_reason
from app.core.store.store import STORE_FILE, Store
from app.core.text import UserError
from tests.faults.store_guard import StoreGuard
from tests.support.project import PROJECT
from tests.support.store import add_roots

HOME_SENSITIVE = [".config", ".netrc", ".docker", ".local/share/keyrings", ".ssh", ".aws", ".kube", ".gnupg",
                  ".mozilla", ".config/google-chrome", ".cache", ".npm", ".cargo", ".local/share",
                  ".git-credentials", ".password-store", ".config/gcloud", ".config/gh", ".m2", ".gradle"]
SYSTEM_SENSITIVE = ["/etc/ssl/private", "/var/lib", "/../../tmp", "/etc", "/var/log", "/usr", "/tmp"]


def _run(home: Path, user_home: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT), HOME=str(user_home))
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=60, check=False)


def _stored(home: Path) -> list[str]:
    store = home / STORE_FILE
    return [root["path"] for root in json.loads(store.read_text())["roots"]] if store.exists() else []


@pytest.fixture
def user_home(tmp_path: Path) -> Path:
    home = tmp_path / "me"
    for relative in HOME_SENSITIVE:
        target = home / relative
        if relative in (".netrc", ".git-credentials"):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("machine example.org password secret\n")
        else:
            target.mkdir(parents=True, exist_ok=True)
    return home


@pytest.fixture
def seed(rk_home: Path, tmp_path: Path, store_guard: StoreGuard) -> str:
    """A root shared before the case, in a store the guard watches: every refusal must leave it as it was."""
    folder = tmp_path / "project"
    folder.mkdir()
    add_roots(Store(rk_home), folder)
    store_guard.watch(rk_home)
    return str(folder)


@pytest.mark.parametrize("relative", HOME_SENSITIVE)
def test_a_sensitive_home_location_needs_allow_broad(rk_home: Path, user_home: Path, seed: str,
                                                     store_guard: StoreGuard, relative: str) -> None:
    path = str(user_home / relative)
    refused = _run(rk_home, user_home, user_home, "roots", "add", path)
    assert refused.returncode == 1, refused
    (line,) = refused.stderr.splitlines()
    assert "--allow-broad" in line
    assert _stored(rk_home) == [seed]
    store_guard.checkpoint(rk_home, unchanged=False)  # the next add is allowed
    allowed = _run(rk_home, user_home, user_home, "roots", "add", "--allow-broad", path)
    assert allowed.returncode == 0, allowed
    store_guard.lost(0 if seed in _stored(rk_home) else 1)
    assert _stored(rk_home) == [seed, path]


@pytest.mark.parametrize("path", SYSTEM_SENSITIVE)
def test_a_system_location_needs_allow_broad(rk_home: Path, user_home: Path, seed: str, path: str) -> None:
    refused = _run(rk_home, user_home, user_home, "roots", "add", path)
    assert refused.returncode == 1, refused
    (line,) = refused.stderr.splitlines()
    assert "--allow-broad" in line
    assert _stored(rk_home) == [seed]


@pytest.mark.parametrize("which", ["config", "state", "inside-state"])
def test_rootkeepers_own_folders_are_refused_even_with_allow_broad(
    rk_home: Path, user_home: Path, seed: str, which: str
) -> None:
    target = {"config": rk_home, "state": rk_home / "state", "inside-state": rk_home / "state" / "logs"}[which]
    target.mkdir(parents=True, exist_ok=True)
    refused = _run(rk_home, user_home, user_home, "roots", "add", "--allow-broad", str(target))
    assert refused.returncode == 1, refused
    (line,) = refused.stderr.splitlines()
    assert "Rootkeeper's own" in line
    assert _stored(rk_home) == [seed]


def test_rootkeepers_platform_folders_are_refused_without_rootkeeper_home(tmp_path: Path) -> None:
    user_home = tmp_path / "me"
    for folder in (".config/rootkeeper", ".local/state/rootkeeper"):
        (user_home / folder).mkdir(parents=True)
    env = {key: value for key, value in os.environ.items() if not key.startswith(("ROOTKEEPER_", "XDG_"))}
    env.update(PYTHONPATH=str(PROJECT), HOME=str(user_home))
    for folder in (".config/rootkeeper", ".local/state/rootkeeper"):
        proc = subprocess.run([sys.executable, "-m", "app", "roots", "add", "--allow-broad", str(user_home / folder)],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False)
        assert proc.returncode == 1 and "Rootkeeper's own" in proc.stderr, proc


@pytest.mark.parametrize("text", ["file://", "file:", "FILE://", "file:relative", "file://localhost"])
def test_an_empty_or_relative_file_uri_never_means_the_working_folder(
    rk_home: Path, user_home: Path, seed: str, text: str
) -> None:
    refused = _run(rk_home, user_home, user_home, "roots", "add", "--allow-broad", text)
    assert refused.returncode == 1, refused
    assert len(refused.stderr.splitlines()) == 1, refused.stderr
    assert _stored(rk_home) == [seed]


@pytest.mark.parametrize("path", ["/proc/self", "/proc/self/cwd", "/proc", "/sys", "/sys/kernel", "/dev",
                                  "/dev/shm", "/proc/self/fd"])
def test_virtual_system_folders_are_refused_outright(rk_home: Path, user_home: Path, seed: str, path: str) -> None:
    assert os.path.exists(path)
    refused = _run(rk_home, user_home, user_home, "roots", "add", "--allow-broad", path)
    assert refused.returncode == 1, refused
    assert len(refused.stderr.splitlines()) == 1, refused.stderr
    assert _stored(rk_home) == [seed]


def test_a_symlink_into_proc_is_refused(rk_home: Path, user_home: Path, seed: str) -> None:
    (user_home / "innocent").symlink_to("/proc/self")
    refused = _run(rk_home, user_home, user_home, "roots", "add", "--allow-broad", str(user_home / "innocent"))
    assert refused.returncode == 1 and len(refused.stderr.splitlines()) == 1, refused
    assert _stored(rk_home) == [seed]


@pytest.mark.parametrize("path", ["/home/me/.config", "/home/me/.local/share/keyrings/login", "/home/me/.netrc",
                                  "/home/me/.mozilla/firefox", "/home/me/.cargo/registry", "/var/lib/docker",
                                  "/etc/ssl/private", "/var/log", "/tmp", "/root/.ssh"])
def test_the_one_list_names_each_sensitive_location(path: str) -> None:
    assert broad_reason(path, home="/home/me") is not None


@pytest.mark.parametrize("path", ["/home/me/.config/myapp", "/home/me/code/.cache-buster", "/var/www/site",
                                  "/tmp/project", "/home/me/.local/share/project"])
def test_ordinary_folders_near_sensitive_ones_are_not_broad(path: str) -> None:
    assert broad_reason(path, home="/home/me") is None


def test_the_refusal_comes_before_anything_is_changed(tmp_path: Path) -> None:
    data = StoreData()
    with pytest.raises(UserError):
        edit_roots.add_roots(data, [str(tmp_path), "/proc/self"])
    assert data.roots == []
