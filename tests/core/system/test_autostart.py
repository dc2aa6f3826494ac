"""Autostart at login: a real XDG autostart file written and removed; the macOS and Windows content checked."""

from __future__ import annotations

import plistlib
import shutil
import subprocess
from pathlib import Path

import pytest

from app.core.system import autostart


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "config"


def test_the_xdg_entry_is_written_valid_and_removed(config_home: Path, tmp_path: Path) -> None:
    command = [str(tmp_path / "My Apps" / "root$keeper"), "--x=100%"]
    assert not autostart.is_enabled("linux")
    written = autostart.enable(command, platform="linux")
    assert written == config_home / "autostart" / "rootkeeper.desktop"
    assert autostart.is_enabled("linux")
    text = Path(written).read_text()
    assert "Exec=" in text and "%%" in text and "\\\\$" in text
    assert Path(written).stat().st_mode & 0o077 == 0
    validator = shutil.which("desktop-file-validate")
    if validator is not None:
        checked = subprocess.run([validator, str(written)], capture_output=True, text=True, check=False)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    autostart.disable("linux")
    assert not Path(written).exists() and not autostart.is_enabled("linux")
    autostart.disable("linux")  # already off: nothing to do, no error


def test_without_xdg_config_home_the_entry_goes_under_dot_config(tmp_path: Path) -> None:
    where = autostart.xdg_autostart_file({"HOME": str(tmp_path), "XDG_CONFIG_HOME": "relative/ignored"})
    assert where == tmp_path / ".config" / "autostart" / "rootkeeper.desktop"


def test_the_launch_agent_starts_the_app_once_at_login(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    agent = plistlib.loads(autostart.launch_agent(["/Applications/Rootkeeper.app/Contents/MacOS/Rootkeeper"]))
    assert agent["Label"] == autostart.LAUNCH_AGENT_LABEL
    assert agent["ProgramArguments"] == ["/Applications/Rootkeeper.app/Contents/MacOS/Rootkeeper"]
    assert agent["RunAtLoad"] is True and agent["KeepAlive"] is False
    monkeypatch.setenv("HOME", str(tmp_path))
    written = autostart.enable(["/bin/rootkeeper"], platform="darwin")
    assert written == tmp_path / "Library" / "LaunchAgents" / f"{autostart.LAUNCH_AGENT_LABEL}.plist"
    assert autostart.is_enabled("darwin")
    autostart.disable("darwin")
    assert not autostart.is_enabled("darwin")


def test_the_run_value_is_one_windows_command_line() -> None:
    value = autostart.run_value([r"C:\Users\A B\AppData\Local\Rootkeeper\rootkeeper.exe"])
    assert value == r'"C:\Users\A B\AppData\Local\Rootkeeper\rootkeeper.exe"'


def test_this_installation_has_a_command_to_start() -> None:
    command = autostart.launch_command()
    assert command and Path(command[0]).exists()
