"""What every AI host module provides: where its config lives, how to read its servers, how to rewrite one.

A host module knows one file format. It never writes files itself: `read` turns text into
`HostServer`s and the edit functions turn text into new text, so backups, atomic replacement and
the record of what was changed live in one place (`install`).
"""

from __future__ import annotations

import os
import re
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal

from app.core.hosts.bridgecmd import bridged_server_name
from app.core.text import UserError

Transport = Literal["stdio", "http", "sse", "unknown"]

# `${input:id}`, `${env:NAME}`, `${NAME}` (VS Code, Cursor, Claude Code) and `$NAME` (Gemini CLI).
_HOST_VALUE = re.compile(r"\$\{[^}]+\}|^\$[A-Za-z_][A-Za-z0-9_]*")


class HostConfigError(UserError):
    """A host's config cannot be read or edited safely; one sentence, nothing was written."""


@dataclass(frozen=True)
class ConfigFile:
    path: Path
    scope: Literal["user", "project", "file"]
    within: Path | None = None
    """For a file that also holds entries of many projects (Claude Code's `~/.claude.json`): act on those of
    the project this folder is in (the nearest one above it) and on no other project's. None: every project's."""


@dataclass
class HostServer:
    """One server entry as a host wrote it, and where it sits in the file (`location`: keys from the top)."""

    name: str
    location: tuple[str, ...]
    raw: Any
    transport: Transport = "unknown"
    command: str = ""
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    project: str = ""
    """The project folder whose own (local-scope) entries hold it, in a file that keeps many projects' entries
    (Claude Code's `~/.claude.json`); empty for the file's own entries."""
    host_filled: str = ""
    """A value only the host can fill in when it starts the server (`${input:token}`, `$API_KEY`, an
    env_vars list): such a server cannot be started by the bridge with the same settings."""

    def find_host_values(self) -> None:
        values = [self.command, *self.args, *self.env.values(), self.url, *self.headers.values()]
        found = next((match.group() for value in values for match in [_HOST_VALUE.search(value)] if match), "")
        if found and not self.host_filled:
            self.host_filled = found

    @property
    def bridged_as(self) -> str | None:
        """The Rootkeeper server this entry starts through the bridge, or None when it runs directly."""
        if self.transport != "stdio":
            return None
        return bridged_server_name(self.command, self.args)


@dataclass(frozen=True)
class Edit:
    """One entry rewritten: the text it had and the text it has now, both as they appear in the file."""

    location: tuple[str, ...]
    original: str
    installed: str
    text: str


# -- the platform's folders (environment first, so tests and portable setups can point them elsewhere) ---


def home() -> Path:
    for variable in ("HOME", "USERPROFILE"):
        value = os.environ.get(variable)
        if value:
            return Path(value)
    return Path.home()


def xdg_config() -> Path:
    value = os.environ.get("XDG_CONFIG_HOME")
    return Path(value) if value and os.path.isabs(value) else home() / ".config"


def appdata() -> Path:
    value = os.environ.get("APPDATA")
    return Path(value) if value else home() / "AppData" / "Roaming"


def app_config_dir(app: str, system: str) -> Path:
    """An application's per-user settings folder as desktop apps (Electron, VS Code) place it."""
    if system == "darwin":
        return home() / "Library" / "Application Support" / app
    if system == "win32":
        return appdata() / app
    return xdg_config() / app


def current_system() -> str:
    return "win32" if sys.platform == "win32" else "darwin" if sys.platform == "darwin" else "linux"


def as_str_map(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {str(key): str(item) for key, item in value.items() if item is not None}


def as_str_list(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [str(item) for item in value]


class Host(ABC):
    """One AI host's config format. Subclasses set `name` (the CLI word) and `title` (for people)."""

    name: ClassVar[str]
    title: ClassVar[str]
    restarts: ClassVar[bool] = True
    """Whether a program of this name reads the file, to be restarted after an install (a plain `mcpServers`
    file is read by whatever the user points at it)."""

    @abstractmethod
    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        """Where this host keeps servers: per-user files, then files of the project in `project`."""

    @abstractmethod
    def claims(self, path: Path) -> bool:
        """Whether a file with this path is most likely this host's config (to guess the host of --file)."""

    @abstractmethod
    def read(self, path: Path, text: str) -> list[HostServer]:
        """Every server entry in the text; raises HostConfigError when the text does not parse."""

    @abstractmethod
    def install_edit(self, path: Path, text: str, server: HostServer, command: list[str]) -> Edit:
        """The text with `server`'s entry replaced by one that starts `command` (the bridge)."""

    @abstractmethod
    def restore_edit(self, path: Path, text: str, location: tuple[str, ...], installed_as: str,
                     original: str) -> str | None:
        """The text with the bridge entry at `location` put back to `original`, or None when the entry
        there is no longer the bridge entry for `installed_as` (the user changed or removed it)."""

    def unreadable(self, path: Path, reason: str) -> HostConfigError:
        return HostConfigError("hosts.unreadable", host=self.title, path=str(path), reason=reason)

    def uneditable(self, path: Path, entry: str, reason: str) -> HostConfigError:
        return HostConfigError("hosts.uneditable", host=self.title, path=str(path), entry=entry, reason=reason)
