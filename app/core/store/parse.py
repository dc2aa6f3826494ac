"""Reading the store's file: its text, its schema version, the migrations from older ones, what a damaged one raises."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.text import message

if TYPE_CHECKING:
    from app.core.model import StoreData


class StoreError(Exception):
    """The store cannot be used; one sentence for the user, with its code and arguments. Nothing was written.

    Not a ValueError on purpose: `load` treats ValueError as a damaged file to move aside.
    """

    def __init__(self, code: str, /, **args: str) -> None:
        self.message = message(code, **args)
        super().__init__(self.message.text)

    @property
    def code(self) -> str:
        return self.message.code


def _migrate_v1(raw: dict[str, Any]) -> dict[str, Any]:
    # Version 1 kept sharing as `shared_with: [server names]` on each root; version 2 keeps it on
    # the server, where consent also lives.
    shared_with: dict[str, list[str]] = {}
    for root in raw.get("roots", []):
        for server in root.pop("shared_with", []) or []:
            shared_with.setdefault(server, []).append(root["id"])
    for server in raw.get("servers", []):
        chosen = shared_with.get(server.get("name", ""))
        server.setdefault("share", chosen if chosen is not None else "all")
        server.setdefault("consent", "given" if chosen is not None else "pending")
    raw["schema_version"] = 2
    return raw


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_v1}


def parse(text: str) -> StoreData:
    """Validate a store file's text, migrating older schemas; raises ValueError or StoreError."""
    from app.core.model import SCHEMA_VERSION, StoreData

    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError("the top level is not an object")
    version = raw.get("schema_version", 1)
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"schema_version {version!r} is not a positive integer")
    if version > SCHEMA_VERSION:
        raise StoreError("store.newer", version=str(version), supported=str(SCHEMA_VERSION))
    while version < SCHEMA_VERSION:
        raw = MIGRATIONS[version](raw)
        version = raw["schema_version"]
    roots = raw.get("roots")
    if isinstance(roots, list) and len(roots) > ROOTS_PER_VALIDATION:
        raw = {**raw, "roots": _validated_roots(roots)}
    return StoreData.model_validate(raw)


ROOTS_PER_VALIDATION = 1000
"""Roots validated per call into pydantic-core, which holds the interpreter for the whole call.

Read on a thread of the GUI's process, a 10,000-root store validated in one call stopped the
window's event loop for that call's 40-80 ms; between slices the loop gets its turns.
"""


def _validated_roots(roots: list[Any]) -> list[Any]:
    from pydantic import TypeAdapter

    from app.core.model import Root

    adapter = TypeAdapter(list[Root])
    validated: list[Any] = []
    for start in range(0, len(roots), ROOTS_PER_VALIDATION):
        try:
            validated += adapter.validate_python(roots[start:start + ROOTS_PER_VALIDATION])
        except ValueError as exc:  # pydantic's ValidationError, whose positions count from the slice's start
            raise ValueError(f"in the roots from position {start} on: {exc}") from exc
    return validated


DAMAGED = (ValueError, KeyError, TypeError, RecursionError)
"""What parsing a damaged file raises (pydantic's ValidationError is a ValueError; a 100,000-deep nesting is a
RecursionError); such a file is moved aside."""


def read_text(path: Path) -> str | None:
    """The store file's text (None if there is none); StoreError if it cannot be read or is not a file."""
    # Opened without blocking and checked before reading: a FIFO would hang every command, and
    # a link to a device such as /dev/zero would never end.
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError("store.unreadable", path=str(path), reason=str(exc.strerror or exc)) from exc
    kind = os.fstat(fd).st_mode
    if not stat.S_ISREG(kind):
        os.close(fd)
        raise StoreError("store.is_folder" if stat.S_ISDIR(kind) else "store.not_a_file", path=str(path))
    with os.fdopen(fd, "rb") as handle:
        try:
            raw = handle.read()
        except OSError as exc:
            raise StoreError("store.unreadable", path=str(path), reason=str(exc.strerror or exc)) from exc
    return raw.decode("utf-8", "surrogateescape")
