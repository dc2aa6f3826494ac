"""The shared machinery of hosts whose config is a JSON (or JSON-with-comments) file.

A JSON host module says where its server maps are (`server_maps`), how one entry reads
(`parse_entry`) and what the bridge entry looks like (`bridge_entry`); reading, the text edit and
the restore are the same for all of them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
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


class _Parsed:
    """Documents read lately, by the very text object they were read from.

    One command reads a file, plans its edits and applies them, each step handed the text of the one before:
    a text seen before is not read again, and a text made by an edit gets its document from the edit
    (`jsonc.replaced`). Kept by identity, not by content: hashing or comparing megabytes would cost what a
    read saves. Few are kept, so a long-running process does not hold on to big files."""

    def __init__(self, read: int = 2, edited: int = 2) -> None:
        self._lock = threading.Lock()
        self._kept: dict[bool, OrderedDict[tuple[int, bool, bool], tuple[str, jsonc.Node, str | None]]] = {
            False: OrderedDict(), True: OrderedDict()}
        self._sizes = {False: read, True: edited}

    def get(self, text: str, flavour: tuple[bool, bool]) -> tuple[jsonc.Node, str | None] | None:
        """The document and the line ending (None: not known yet) of `text`, when it was read (or made by an
        edit) lately."""
        with self._lock:
            for kept in self._kept.values():
                found = kept.get((id(text), *flavour))
                if found is not None and found[0] is text:
                    kept.move_to_end((id(text), *flavour))
                    return found[1], found[2]
        return None

    def put(self, text: str, flavour: tuple[bool, bool], top: jsonc.Node, newline: str | None, *,
            edited: bool) -> None:
        with self._lock:
            kept = self._kept[edited]
            kept[(id(text), *flavour)] = (text, top, newline)
            kept.move_to_end((id(text), *flavour))
            while len(kept) > self._sizes[edited]:
                kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            for kept in self._kept.values():
                kept.clear()


_PARSED = _Parsed()


def forget_documents() -> None:
    """Let go of the documents read lately (a file was written: they are of texts it no longer holds)."""
    _PARSED.clear()


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
        return self._document(path, text)[0]

    def _document(self, path: Path, text: str) -> tuple[jsonc.Node, str | None]:
        """The document in `text` and the file's line ending, when known already."""
        flavour = (self.comments, self.trailing_commas)
        known = _PARSED.get(text, flavour)
        if known is not None:
            return known
        try:
            top = jsonc.parse(text, comments=self.comments, trailing_commas=self.trailing_commas)
        except jsonc.JsoncError as exc:
            raise self.unreadable(path, str(exc)) from exc
        if not isinstance(top.value, dict):
            raise self.unreadable(path, "its top level is not an object")
        _PARSED.put(text, flavour, top, None, edited=False)
        return top, None

    def _edited(self, top: jsonc.Node, text: str, location: tuple[str, ...], value_text: str,
                new_text: str, *, newline: str | None) -> jsonc.Node | None:
        """The document `new_text` is: `text` with the value at `location` replaced by `value_text`; None when
        `value_text` is not one value standing alone. `newline`: the line ending of both texts (None: not
        known to be the same)."""
        new = jsonc.parse_value(value_text, comments=self.comments, trailing_commas=self.trailing_commas)
        if new is None:
            return None
        edited = jsonc.replaced(top, text, location, new, new_text)
        _PARSED.put(new_text, (self.comments, self.trailing_commas), edited, newline, edited=True)
        return edited

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
        top, known_newline = self._document(path, text)
        newline = known_newline or jsonc.newline_of(text)
        node = top.find(server.location)
        if node is None:
            raise self.uneditable(path, server.name, "it is no longer there")
        intended = self.bridge_entry(node.value, command)
        installed = jsonc.render(intended, text, node.start, newline)
        new_text = jsonc.replace_span(text, node, installed)
        # The edit is proven, not assumed: the new text reads back holding exactly the intended entry. The
        # entry is written with the file's own line ending and JSON escapes every other one: it stays the same.
        edited = self._edited(top, text, server.location, installed, new_text, newline=newline)
        written = edited.find(server.location) if edited is not None else None
        if written is None or written.value != intended:
            raise self.uneditable(path, server.name, "the rewritten file did not read back as intended")
        return Edit(server.location, text[node.start : node.end], installed, new_text)

    def install_edits(self, path: Path, text: str, chosen: list[tuple[HostServer, list[str]]]) -> list[Edit] | None:
        """What `install_edit` one entry after another gives, made in one pass over the text (a big file is
        copied once, not once per entry), or None when the entries' edits would touch each other's lines
        or the line the file's indentation is taken from (then one by one it is). Only the last edit's
        `text` is the file with every edit; the earlier ones carry it too."""
        top, known_newline = self._document(path, text)
        newline = known_newline or jsonc.newline_of(text)
        unit, unit_line_end = jsonc.indentation(text)
        made: list[tuple[HostServer, jsonc.Node, dict[str, Any], str]] = []
        for server, command in chosen:
            node = top.find(server.location)
            if node is None:
                raise self.uneditable(path, server.name, "it is no longer there")
            intended = self.bridge_entry(node.value, command)
            made.append((server, node, intended, jsonc.render(intended, text, node.start, newline, unit=unit)))
        spans = sorted((node.start, node.end) for _, node, _, _ in made)
        line_starts = [text.rfind("\n", 0, start) + 1 for start, _ in spans]
        if any(start < unit_line_end for start, _ in spans) or any(
                line_start <= end for (_, end), line_start in zip(spans, line_starts[1:], strict=False)):
            return None
        news = []
        for server, _node, intended, installed in made:
            new = jsonc.parse_value(installed, comments=self.comments, trailing_commas=self.trailing_commas)
            if new is None or new.value != intended:  # proven, not assumed, as in `install_edit`
                raise self.uneditable(path, server.name, "the rewritten file did not read back as intended")
            news.append((server.location, installed, new))
        done = jsonc.replaced_all(top, text, news)
        if done is None:
            return None
        new_text, edited = done
        _PARSED.put(new_text, (self.comments, self.trailing_commas), edited, newline, edited=True)
        return [Edit(server.location, text[node.start : node.end], installed, new_text)
                for server, node, _, installed in made]

    def restore_edits(self, path: Path, text: str, records: list[tuple[tuple[str, ...], str, str]]
                      ) -> tuple[str, list[bool]] | None:
        """What `restore_edit` one record (location, installed as, original) after another gives, made in one
        pass over the text: the restored text and, for each record, whether it was put back (False: the entry
        is no longer the bridge entry, and stays). None when that cannot be done in one pass."""
        top, _ = self._document(path, text)
        news, done = [], []
        for location, installed_as, original in records:
            node = top.find(location)
            if node is None or not self.is_bridge_entry(node.value, installed_as):
                done.append(False)
                continue
            new = jsonc.parse_value(original, comments=self.comments, trailing_commas=self.trailing_commas)
            if new is None:
                return None
            news.append((location, original, new))
            done.append(True)
        if not news:
            return text, done
        made = jsonc.replaced_all(top, text, news)
        if made is None:
            return None
        _PARSED.put(made[0], (self.comments, self.trailing_commas), made[1], None, edited=True)
        return made[0], done

    def restore_edit(self, path: Path, text: str, location: tuple[str, ...], installed_as: str,
                     original: str) -> str | None:
        top = self._parse(path, text)
        node = top.find(location)
        if node is None or not self.is_bridge_entry(node.value, installed_as):
            return None
        restored = jsonc.replace_span(text, node, original)
        if self._edited(top, text, location, original, restored, newline=None) is None:
            self._parse(path, restored)  # not one value alone: the whole file says whether it still reads
        return restored
