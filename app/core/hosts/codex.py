"""Codex CLI: `~/.codex/config.toml` (or `$CODEX_HOME/config.toml`) and a project's `.codex/config.toml`.

Servers are `[mcp_servers.NAME]` tables: `command`/`args`/`env`/`cwd`, or `url` with `http_headers`;
Codex also accepts them inline, as `NAME = { command = "…", args = [ … ] }` under `[mcp_servers]`.
tomlkit reads the file and writes the new entry; the edit itself replaces the lines of that one
table (its header to its last key, sub-tables included), or that one `NAME = { … }` (its trailing
comment kept), so every other byte of the file, comments and layout included, stays as the user left
it. Each edit is checked by parsing the result again.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from app.core.hosts.base import ConfigFile, Edit, Host, HostServer, as_str_list, as_str_map, home
from app.core.hosts.bridgecmd import bridged_server_name

TABLE = "mcp_servers"
TRANSPORT_KEYS = frozenset(
    {"command", "args", "env", "cwd", "url", "http_headers", "env_http_headers", "bearer_token_env_var", "env_vars"}
)
_HEADER = re.compile(r"^\s*\[")


class Codex(Host):
    name = "codex"
    title = "Codex CLI"

    def config_files(self, project: Path, system: str) -> list[ConfigFile]:
        codex_home = os.environ.get("CODEX_HOME")
        user = Path(codex_home) if codex_home else home() / ".codex"
        return [ConfigFile(user / "config.toml", "user"), ConfigFile(project / ".codex" / "config.toml", "project")]

    def claims(self, path: Path) -> bool:
        return path.suffix == ".toml"

    def _parse(self, path: Path, text: str) -> dict[str, Any]:
        # tomlkit is imported when a Codex file is read: the tray app and the hub never need it.
        import tomlkit
        from tomlkit.exceptions import TOMLKitError

        try:
            document: dict[str, Any] = tomlkit.parse(text).unwrap()
        except TOMLKitError as exc:
            raise self.unreadable(path, str(exc).rstrip(".")) from exc
        return document

    def read(self, path: Path, text: str) -> list[HostServer]:
        table = self._parse(path, text).get(TABLE, {})
        servers = []
        for name, raw in (table.items() if isinstance(table, dict) else []):
            server = HostServer(name=name, location=(TABLE, name), raw=raw)
            if isinstance(raw, dict):
                _fill(server, raw)
                server.find_host_values()
            if server.transport == "unknown":
                server.notes.append("its entry names neither a command nor a URL")
            servers.append(server)
        return servers

    def install_edit(self, path: Path, text: str, server: HostServer, command: list[str]) -> Edit:
        before = self._parse(path, text)
        old = before.get(TABLE, {}).get(server.name)
        start, end = self._span(path, text, server.name)
        entry = {"command": command[0], "args": command[1:]}
        if isinstance(old, dict):
            entry.update({key: value for key, value in old.items() if key not in TRANSPORT_KEYS})
        import tomlkit

        if _HEADER.match(text[start:end]):
            installed = tomlkit.dumps({TABLE: {server.name: entry}})
            if "\r\n" in text:
                installed = installed.replace("\n", "\r\n")
            if not text[start:end].endswith("\n"):
                installed = installed.rstrip("\r\n")
        else:  # `NAME = { … }`: the same key as written, an inline table after it
            key = text[start:end].partition("=")[0].rstrip()
            installed = f"{key} = {_inline(entry).as_string()}"
        new_text = text[:start] + installed + text[end:]
        before[TABLE][server.name] = entry
        if self._parse(path, new_text) != before:
            raise self.uneditable(path, server.name, "the rewritten file did not read back as intended")
        return Edit(server.location, text[start:end], installed, new_text)

    def restore_edit(self, path: Path, text: str, location: tuple[str, ...], installed_as: str,
                     original: str) -> str | None:
        name = location[-1]
        current = self._parse(path, text).get(TABLE, {}).get(name)
        probe = HostServer(name=name, location=location, raw=current)
        if isinstance(current, dict):
            _fill(probe, current)
        if probe.transport != "stdio" or bridged_server_name(probe.command, probe.args) != installed_as:
            return None
        start, end = self._span(path, text, name)
        restored = text[:start] + original + text[end:]
        self._parse(path, restored)
        return restored

    def _span(self, path: Path, text: str, name: str) -> tuple[int, int]:
        """Offsets of the lines of `[mcp_servers.NAME]` and its sub-tables, without trailing comments."""
        lines = text.splitlines(keepends=True)
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line))
        first = None
        last_content = None
        for index, line in enumerate(lines):
            if _HEADER.match(line):
                key = _header_key(line)
                ours = key is not None and key[:2] == (TABLE, name)
                if first is None and ours and len(key or ()) == 2:
                    first = index
                elif first is not None and not ours:
                    break
            stripped = line.strip()
            if first is not None and stripped and not stripped.startswith("#"):
                last_content = index
        if first is None or last_content is None:
            inline = _inline_span(lines, offsets, name)
            if inline is None:
                raise self.uneditable(path, name, f"it is not written as its own [{TABLE}.{name}] table, nor as "
                                                  f"{name} = {{ … }} under [{TABLE}]")
            return inline
        return offsets[first], offsets[last_content + 1]


def _inline_span(lines: list[str], offsets: list[int], name: str) -> tuple[int, int] | None:
    """Offsets of `NAME = { … }` in the `[mcp_servers]` table, from its key to the end of its value (the
    indentation before it and a comment after it are not part of it)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import InlineTable

    inside = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if _HEADER.match(line):
            inside = _header_key(line) == (TABLE,)
            index += 1
            continue
        if not inside or not line.strip() or line.lstrip().startswith("#"):
            index += 1
            continue
        # One key/value, over as many lines as its value takes (an array inside it may span several).
        for last in range(index, len(lines)):
            chunk = "".join(lines[index : last + 1])
            try:
                document = tomlkit.parse(chunk)
            except TOMLKitError:
                continue
            break
        else:
            return None
        keys = list(document.keys())
        item = document.item(name) if keys == [name] else None
        if isinstance(item, InlineTable):
            trivia = item.trivia
            tail = len(trivia.comment_ws) + len(trivia.comment) + len(trivia.trail)
            return offsets[index] + len(trivia.indent), offsets[index] + len(chunk) - tail
        index = last + 1
    return None


def _inline(value: dict[str, Any]) -> Any:
    """`value` as a TOML inline table, tables inside it inline too (an inline table holds no other kind)."""
    import tomlkit

    table = tomlkit.inline_table()
    for key, item in value.items():
        table[key] = _inline(item) if isinstance(item, dict) else item
    return table


def _header_key(line: str) -> tuple[str, ...] | None:
    """The key path a table header names, read by tomlkit itself (quoted and dotted keys included)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    if line.lstrip().startswith("[["):
        return ("[[",)
    try:
        node: Any = tomlkit.parse(line.strip()).unwrap()
    except TOMLKitError:
        return None
    keys: list[str] = []
    while isinstance(node, dict) and len(node) == 1:
        key, node = next(iter(node.items()))
        keys.append(key)
    return tuple(keys)


def _fill(server: HostServer, raw: dict[str, Any]) -> None:
    if isinstance(raw.get("command"), str):
        server.transport = "stdio"
        server.command = raw["command"]
        server.args = as_str_list(raw.get("args"))
        server.env = as_str_map(raw.get("env"))
        server.cwd = raw["cwd"] if isinstance(raw.get("cwd"), str) else None
        if raw.get("env_vars"):
            server.host_filled = "env_vars"
    elif isinstance(raw.get("url"), str):
        server.transport = "http"
        server.url = raw["url"]
        server.headers = as_str_map(raw.get("http_headers"))
        for key in ("bearer_token_env_var", "env_http_headers"):
            if raw.get(key):
                server.host_filled = key
