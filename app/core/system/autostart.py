"""Start Rootkeeper at login: an XDG autostart entry on Linux, the `Run` key on Windows, a LaunchAgent on macOS.

Each platform has one place a per-user login item lives, and nothing here needs elevation. The
content is built by pure functions (tested on every platform); only `enable`/`disable`/`is_enabled`
touch the platform's place, guarded by `sys.platform`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from app.core.system.fileio import atomic_write, private_dir

APP_ID = "rootkeeper"
LAUNCH_AGENT_LABEL = "io.github.rootkeeper"
RUN_KEY = r"Software\Microsoft\Windows\CurrentVersion\Run"
RUN_VALUE = "Rootkeeper"


def launch_command() -> list[str]:
    """How this installation is started: the frozen executable, the installed command, or the module."""
    if getattr(sys, "frozen", False):
        executable = Path(sys.executable)
        # On Windows the frozen build has a console program (CLI, bridge) and a windowed one (the
        # tray app): login must start the windowed one, or a console window opens with it.
        windowed = executable.with_name(f"{executable.stem}w{executable.suffix}")
        if os.name == "nt" and windowed.exists():
            return [str(windowed)]
        return [sys.executable]
    installed = shutil.which(APP_ID)
    return [installed] if installed else [sys.executable, "-m", "app"]


# -- Linux and other XDG desktops -------------------------------------------------------------------

_RESERVED = re.compile(r"[\s\"'\\><~|&;$*?#()`]")


def _exec_word(word: str) -> str:
    # The Desktop Entry spec: a word with reserved characters is double-quoted with ", `, $ and \
    # escaped by a backslash; a literal % is %% in every word (field codes start with %).
    word = word.replace("%", "%%")
    if not _RESERVED.search(word) and word:
        return word
    escaped = re.sub(r'(["`$\\])', r"\\\1", word)
    # The key's value is itself a string whose backslashes are escapes: double them once more.
    return '"' + escaped.replace("\\", "\\\\") + '"'


def desktop_entry(command: Sequence[str]) -> str:
    """An XDG autostart entry that starts `command` at login (into the tray)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Rootkeeper",
        "Comment=Which folders AI tools may see",
        "Exec=" + " ".join(_exec_word(word) for word in command),
        "Icon=rootkeeper",
        "Terminal=false",
        "X-GNOME-Autostart-enabled=true",
        "",
    ])


def xdg_autostart_file(environ: Mapping[str, str] = os.environ) -> Path:
    config = environ.get("XDG_CONFIG_HOME") or ""
    base = Path(config) if os.path.isabs(config) else Path(environ.get("HOME") or Path.home()) / ".config"
    return base / "autostart" / f"{APP_ID}.desktop"


# -- macOS ----------------------------------------------------------------------------------------

def launch_agent(command: Sequence[str]) -> bytes:
    """A per-user LaunchAgent plist that starts `command` once at login (not kept alive: quitting is allowed)."""
    import plistlib  # macOS only: not loaded elsewhere

    agent = {
        "Label": LAUNCH_AGENT_LABEL,
        "ProgramArguments": list(command),
        "RunAtLoad": True,
        "KeepAlive": False,
        "ProcessType": "Interactive",
        "LimitLoadToSessionType": "Aqua",
    }
    return plistlib.dumps(agent, fmt=plistlib.FMT_XML)


def launch_agent_file(home: Path | None = None) -> Path:
    return (home or Path.home()) / "Library" / "LaunchAgents" / f"{LAUNCH_AGENT_LABEL}.plist"


# -- Windows --------------------------------------------------------------------------------------

def run_value(command: Sequence[str]) -> str:
    """The `Run` key's value: a command line as Windows parses it (each word quoted as needed)."""
    return subprocess.list2cmdline(list(command))


# -- the platform's place ---------------------------------------------------------------------------

def is_enabled(platform: str = sys.platform) -> bool:
    if platform == "win32":  # pragma: no cover - Windows only
        return _read_run_value() is not None
    if platform == "darwin":
        return launch_agent_file().exists()
    return xdg_autostart_file().exists()


def enable(command: Sequence[str] | None = None, platform: str = sys.platform) -> Path | str:
    """Start `command` (this installation by default) at login; returns the file or registry value written."""
    words = list(command or launch_command())
    if platform == "win32":  # pragma: no cover - Windows only
        _write_run_value(run_value(words))
        return rf"HKEY_CURRENT_USER\{RUN_KEY}\{RUN_VALUE}"
    path, payload = (
        (launch_agent_file(), launch_agent(words)) if platform == "darwin"
        else (xdg_autostart_file(), desktop_entry(words).encode())
    )
    private_dir(path.parent, tighten_existing=False)  # ~/.config/autostart is the desktop's, not ours
    atomic_write(path, payload, mode=0o600)
    return path


def disable(platform: str = sys.platform) -> None:
    if platform == "win32":  # pragma: no cover - Windows only
        _delete_run_value()
        return
    path = launch_agent_file() if platform == "darwin" else xdg_autostart_file()
    path.unlink(missing_ok=True)


def _read_run_value() -> str | None:  # pragma: no cover - Windows only
    if sys.platform != "win32":
        return None
    import winreg

    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, RUN_KEY) as key:
            value, _kind = winreg.QueryValueEx(key, RUN_VALUE)
    except OSError:
        return None
    return str(value)


def _write_run_value(value: str) -> None:  # pragma: no cover - Windows only
    if sys.platform == "win32":
        import winreg

        with winreg.CreateKey(winreg.HKEY_CURRENT_USER, RUN_KEY) as key:
            winreg.SetValueEx(key, RUN_VALUE, 0, winreg.REG_SZ, value)


def _delete_run_value() -> None:  # pragma: no cover - Windows only
    if sys.platform == "win32":
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, RUN_KEY, 0, winreg.KEY_SET_VALUE) as key:
                winreg.DeleteValue(key, RUN_VALUE)
        except FileNotFoundError:
            pass
