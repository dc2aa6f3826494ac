"""The shared machinery of hosts whose config is a JSON (or JSON-with-comments) file.

A JSON host module says where its server maps are (`server_maps`), how one entry reads
(`parse_entry`) and what the bridge entry looks like (`bridge_entry`); reading, the text edit and
the restore are the same for all of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from app.core.hosts import jsonc
from app.core.hosts.base import Edit, Host, HostServer, as_str_list, as_str_map
from app.core.hosts.bridgecmd import bridged_server_name

# Keys that say how to reach a server; everything else in an entry (timeouts, tool filters,
# auto-approve lists, `disabled`) is the host's own setting and stays in the bridge entry.
TRANSPORT_KEYS = frozenset(
    {"command", "args", "env", "cwd", "url", "headers", "type", "serverUrl", "httpUrl", "envFile", "transport"}
)


class JsonHost(Host):
    comments: ClassVar[bool] = False
    """Whether the host's parser accepts comments (VS Code, Zed and Gemini CLI do)."""
    trailing_commas: ClassVar[bool] = False
    """Whether it accepts a comma after the last member (VS Code and Zed do)."""
    servers_key: ClassVar[str] = "mcpServers"

    def server_maps(self, top: jsonc.Node) -> list[tuple[str, ...]]:
        """Key paths, from the top of the document, of every object that maps server names to entries."""
        return [(self.servers_key,)]

    def parse_entry(self, server: HostServer, raw: dict[str, Any]) -> None:
        """Fill `server` from a Claude-style entry: command/args/env/cwd, or url/headers with a `type`."""
        kind = raw.get("type")
        url = raw.get("url")
        if isinstance(raw.get("command"), str):
            server.transport = "stdio"
            server.command = raw["command"]
            server.args = as_str_list(raw.get("args"))
            server.env = as_str_map(raw.get("env"))
            server.cwd = raw["cwd"] if isinstance(raw.get("cwd"), str) else None
        elif isinstance(url, str):
            server.transport = "sse" if kind == "sse" else "http"
            server.url = url
            server.headers = as_str_map(raw.get("headers"))

    def bridge_entry(self, raw: Any, command: list[str]) -> dict[str, Any]:
        kept = {key: value for key, value in raw.items() if key not in TRANSPORT_KEYS} if isinstance(raw, dict) else {}
        return {"command": command[0], "args": command[1:], **kept}

    def is_bridge_entry(self, value: Any, server: str) -> bool:
        if not isinstance(value, dict):
            return False
        probe = HostServer(name="", location=(), raw=value)
        self.parse_entry(probe, value)
        return probe.transport == "stdio" and bridged_server_name(probe.command, probe.args) == server

    # -- the shared part ------------------------------------------------------------------------

    def _parse(self, path: Path, text: str) -> jsonc.Node:
        try:
            top = jsonc.parse(text, comments=self.comments, trailing_commas=self.trailing_commas)
        except jsonc.JsoncError as exc:
            raise self.unreadable(path, str(exc)) from exc
        if not isinstance(top.value, dict):
            raise self.unreadable(path, "its top level is not an object")
        return top

    def read(self, path: Path, text: str) -> list[HostServer]:
        top = self._parse(path, text) if text.strip() else None
        servers: list[HostServer] = []
        if top is None:
            return servers
        for map_path in self.server_maps(top):
            node = top.find(map_path)
            if node is None or not isinstance(node.value, dict):
                continue
            for name, raw in node.value.items():
                server = HostServer(name=name, location=(*map_path, name), raw=raw)
                if isinstance(raw, dict):
                    self.parse_entry(server, raw)
                    server.find_host_values()
                if server.transport == "unknown":
                    server.notes.append("its entry names neither a command nor a URL")
                servers.append(server)
        return servers

    def install_edit(self, path: Path, text: str, server: HostServer, command: list[str]) -> Edit:
        node = self._parse(path, text).find(server.location)
        if node is None:
            raise self.uneditable(path, server.name, "it is no longer there")
        installed = jsonc.render(self.bridge_entry(node.value, command), text, node.start)
        new_text = jsonc.replace_span(text, node, installed)
        self._check_written(path, new_text, server.location, node.value, command)
        return Edit(server.location, text[node.start : node.end], installed, new_text)

    def _check_written(self, path: Path, new_text: str, location: tuple[str, ...], old: Any,
                       command: list[str]) -> None:
        # The edit is proven, not assumed: the new text parses and holds exactly the intended entry.
        written = self._parse(path, new_text).find(location)
        if written is None or written.value != self.bridge_entry(old, command):
            raise self.uneditable(path, location[-1], "the rewritten file did not read back as intended")

    def restore_edit(self, path: Path, text: str, location: tuple[str, ...], installed_as: str,
                     original: str) -> str | None:
        node = self._parse(path, text).find(location)
        if node is None or not self.is_bridge_entry(node.value, installed_as):
            return None
        restored = jsonc.replace_span(text, node, original)
        self._parse(path, restored)
        return restored
