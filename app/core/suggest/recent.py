"""The folders editors remember having opened, read from the files each editor keeps.

Formats read (all read-only; a file that is missing, locked or not as expected is skipped):

- VS Code family (VS Code, Insiders, VSCodium, Cursor, Windsurf), `<config>/<product>/User/globalStorage/`:
  `state.vscdb` (SQLite; `ItemTable` key `history.recentlyOpenedPathsList`, JSON `{"entries": [{"folderUri"}]}`,
  most recent first) and `storage.json` (older releases: `openedPathsList.entries` / `workspaces3`; every
  release: `windowsState`'s open windows and `profileAssociations.workspaces`).
- JetBrains IDEs (and Android Studio), `<config>/JetBrains/*/options/recentProjects.xml`: the
  `RecentProjectsManager` component's `additionalInfo` map keys (newest by `projectOpenTimestamp`)
  or its older `recentPaths` list, with `$USER_HOME$` standing for the home folder.
- Zed, `<data>/zed/db/*/db.sqlite`: the `workspaces` table's `paths` column (newline-separated) or,
  in older releases, `local_paths` (bincode: a count, then each path as a length and its bytes).
"""

from __future__ import annotations

import contextlib
import json
import os
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from app.core.paths import PathError, uri_to_path
from app.core.suggest.suggestion import Suggestion

VSCODE_PRODUCTS = {
    "Code": "vscode", "Code - Insiders": "vscode", "VSCodium": "vscodium", "Cursor": "cursor", "Windsurf": "windsurf",
}  # fmt: skip
_MAX_FILE = 64 << 20
_OPENED_AT = "projectOpenTimestamp"


def recent_workspaces(home: Path) -> list[Suggestion]:
    found: list[Suggestion] = []
    config, data = _config_dir(home), _data_dir(home)
    for product, kind in VSCODE_PRODUCTS.items():
        storage = config / product / "User" / "globalStorage"
        for source, path in (*_vscdb(storage / "state.vscdb"), *_storage_json(storage / "storage.json")):
            found.append(Suggestion(path, kind, str(source)))
    for pattern in ("JetBrains/*/options/recentProjects.xml", "Google/AndroidStudio*/options/recentProjects.xml"):
        for xml_file in sorted(config.glob(pattern)):
            found += [Suggestion(path, "jetbrains", str(xml_file)) for path in _jetbrains(xml_file, home)]
    for database in sorted((data / "zed" / "db").glob("*/db.sqlite")):
        found += [Suggestion(path, "zed", str(database)) for path in _zed(database)]
    return found


def _config_dir(home: Path) -> Path:
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", home / "AppData" / "Roaming"))
    xdg = os.environ.get("XDG_CONFIG_HOME")
    return Path(xdg) if xdg and os.path.isabs(xdg) else home / ".config"


def _data_dir(home: Path) -> Path:
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
    xdg = os.environ.get("XDG_DATA_HOME")
    return Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"


def _local(uri: object) -> str | None:
    if not isinstance(uri, str):
        return None
    try:
        return uri_to_path(uri)
    except PathError:  # a remote or virtual workspace (vscode-remote://, vscode-vfs://)
        return None


def _vscdb(database: Path) -> Iterator[tuple[Path, str]]:
    rows = _query(database, "SELECT value FROM ItemTable WHERE key = 'history.recentlyOpenedPathsList'")
    for (value,) in rows:
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            for entry in json.loads(value).get("entries", []):
                path = _local(entry.get("folderUri"))
                if path is not None:
                    yield database, path


def _storage_json(storage: Path) -> Iterator[tuple[Path, str]]:
    document = _json(storage)
    if not isinstance(document, dict):
        return
    candidates: list[object] = []
    opened = document.get("openedPathsList")
    if isinstance(opened, dict):
        candidates += [entry.get("folderUri") for entry in _dicts(opened.get("entries"))]
        candidates += [item for item in opened.get("workspaces3", []) if isinstance(item, str)]
    windows = document.get("windowsState")
    if isinstance(windows, dict):
        last = windows.get("lastActiveWindow")
        candidates += [last.get("folder")] if isinstance(last, dict) else []
        candidates += [window.get("folder") for window in _dicts(windows.get("openedWindows"))]
    associations = document.get("profileAssociations")
    if isinstance(associations, dict) and isinstance(associations.get("workspaces"), dict):
        candidates += list(associations["workspaces"])
    for candidate in candidates:
        path = _local(candidate)
        if path is not None:
            yield storage, path


def _jetbrains(xml_file: Path, home: Path) -> list[str]:
    from xml.etree import ElementTree  # here: the parser costs the tray app a MiB it needs only for this list

    try:
        if xml_file.stat().st_size > _MAX_FILE:
            return []
        root = ElementTree.parse(xml_file).getroot()
    except (OSError, ElementTree.ParseError):
        return []
    timed: list[tuple[int, str]] = []
    for component in root.iter("component"):
        if component.get("name") not in ("RecentProjectsManager", "RecentDirectoryProjectsManager"):
            continue
        for option in component.iter("option"):
            if option.get("name") == "additionalInfo":
                for entry in option.iter("entry"):
                    stamps = [o.get("value", "") for o in entry.iter("option") if o.get("name") == _OPENED_AT]
                    stamp = int(stamps[0]) if stamps and stamps[0].isdigit() else 0
                    timed.append((stamp, entry.get("key", "")))
            elif option.get("name") == "recentPaths":
                timed += [(0, item.get("value", "")) for item in option.iter("option") if item.get("value")]
    timed.sort(key=lambda pair: -pair[0])  # stable: equal stamps keep the file's order
    paths = [key.replace("$USER_HOME$", str(home)) for _stamp, key in timed]
    return [path for path in dict.fromkeys(paths) if os.path.isabs(path)]


def _zed(database: Path) -> list[str]:
    columns = {row[1] for row in _query(database, "PRAGMA table_info(workspaces)")}
    order = " ORDER BY timestamp DESC" if "timestamp" in columns else ""
    paths: list[str] = []
    if "paths" in columns:
        for (value,) in _query(database, f"SELECT paths FROM workspaces{order}"):
            if isinstance(value, str):
                paths += [line for line in value.split("\n") if line]
    elif "local_paths" in columns:
        for (value,) in _query(database, f"SELECT local_paths FROM workspaces{order}"):
            if isinstance(value, bytes):
                paths += _bincode_paths(value)
    return [path for path in dict.fromkeys(paths) if os.path.isabs(path)]


def _bincode_paths(blob: bytes) -> list[str]:
    try:
        (count,) = struct.unpack_from("<Q", blob, 0)
        offset, paths = 8, []
        for _ in range(min(count, 1024)):
            (length,) = struct.unpack_from("<Q", blob, offset)
            offset += 8
            paths.append(os.fsdecode(blob[offset : offset + length]))
            offset += length
        return paths
    except struct.error:
        return []


def _query(database: Path, sql: str) -> list[Any]:
    import sqlite3  # loaded when an editor's database is read, not by every importer of the suggestions

    if not database.is_file():
        return []
    try:
        # Read-only, so a running editor's database is never locked or changed by us.
        with contextlib.closing(sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True, timeout=0.5)) as db:
            return db.execute(sql).fetchall()
    except sqlite3.Error:
        return []


def _json(path: Path) -> object:
    try:
        if path.stat().st_size > _MAX_FILE:
            return None
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


def _dicts(value: object) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
