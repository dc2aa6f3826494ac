"""Claude Desktop: `claude_desktop_config.json`, plain JSON, servers under `mcpServers`."""

from __future__ import annotations

from pathlib import Path

from app.core.hosts.base import ConfigFile, app_config_dir
from app.core.hosts.jsonhost import JsonHost

FILE_NAME = "claude_desktop_config.json"


class ClaudeDesktop(JsonHost):
    name = "claude-desktop"
    title = "Claude Desktop"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        return [ConfigFile(app_config_dir("Claude", system) / FILE_NAME, "user")]

    def claims(self, path: Path) -> bool:
        return path.name == FILE_NAME
