"""Roots as arguments: folder placeholders in a server's command line and environment.

For servers that take their folders on the command line instead of asking for roots (the 2026-07-28
specification's migration path), a stdio server's args and env may carry placeholders, filled with
the folders that server may see (`sharing.argument_folders`: its sharing, consent, pause, access
checks and path aliases, the same rule as its roots):

- `{roots}` as a whole argument becomes one argument per folder;
- an argument containing `{root}` is repeated once per folder (`--repository={root}`);
- `{roots_json}` becomes a JSON array of the folders;
- `{roots}` or `{root}` inside a longer argument or an environment value becomes the folders joined
  by the platform's path separator (`:` or `;`), as in PATH. A folder whose path holds that separator
  is left out there (it would read as two folders, one never checked), and the starter says so.

All placeholders of a text are filled in one pass, so a folder named `x{roots_json}y` stays as it is.

Sharing `none` fills them with nothing, like pending consent and pause: the user said this server
sees no folder, and a command line is no way around that. With no folder, `{roots}` and the
`{root}` arguments disappear and `{roots_json}` is `[]`: the server starts with what is left.
Servers that also support roots (the filesystem server) then wait for roots; one that insists on a
folder fails to start and says why in its log, and starts again as soon as a folder is shared,
because a changed expansion restarts the server.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence

from app.core.model import HttpTarget, ServerEntry, StdioTarget
from app.core.servers.placeholders import PLACEHOLDERS, ROOT, ROOTS, ROOTS_JSON

FILESYSTEM_SERVER = "@modelcontextprotocol/server-filesystem"
GIT_SERVER = "mcp-server-git"


def _holds_placeholder(text: str) -> bool:
    return any(mark in text for mark in PLACEHOLDERS)


def has_placeholders(target: StdioTarget | HttpTarget) -> bool:
    """Whether the target's command line or environment depends on the folders it may see."""
    if not isinstance(target, StdioTarget):
        return False
    return any(_holds_placeholder(arg) for arg in target.args) or any(
        _holds_placeholder(value) for value in target.env.values()
    )


_MARKS = re.compile("|".join(re.escape(mark) for mark in (ROOTS_JSON, ROOTS, ROOT)))


def joinable(folders: Sequence[str]) -> list[str]:
    """The folders that may be joined with the path separator: one holding it would split into others."""
    return [folder for folder in folders if os.pathsep not in folder]


def left_out(target: StdioTarget, folders: Sequence[str]) -> list[str]:
    """The folders a joined form in `target` leaves out, because their path holds the separator."""
    joined_used = any(
        _joins(arg) for arg in target.args
    ) or any(ROOTS in value or ROOT in value for value in target.env.values())
    return [folder for folder in folders if os.pathsep in folder] if joined_used else []


def _joins(arg: str) -> bool:
    """Whether `arg` fills a joined form: `{roots}` inside a longer argument (one with `{root}` is repeated)."""
    return ROOTS in arg and arg != ROOTS


def _fill(text: str, folders: Sequence[str], root: str | None = None) -> str:
    """Every placeholder of `text` filled in one pass: a folder's name is never read for placeholders."""
    joined = os.pathsep.join(joinable(folders))
    values = {ROOTS_JSON: json.dumps(list(folders), ensure_ascii=False), ROOTS: joined,
              ROOT: joined if root is None else root}
    return _MARKS.sub(lambda found: values[found.group(0)], text)


def expand_args(args: Sequence[str], folders: Sequence[str]) -> list[str]:
    expanded: list[str] = []
    for arg in args:
        if arg == ROOTS:
            expanded.extend(folders)
        elif ROOT in arg:
            for folder in folders:
                expanded.append(_fill(arg, folders, root=folder))
        else:
            expanded.append(_fill(arg, folders))
    return expanded


def expand_target(target: StdioTarget, folders: Sequence[str]) -> StdioTarget:
    """The command to start, placeholders filled with `folders`; the same object when it has none.

    A folder whose path holds the path separator is left out of every joined form (`left_out` says which)."""
    if not has_placeholders(target):
        return target
    env = {key: _fill(value, folders) for key, value in target.env.items()}
    return target.model_copy(update={"args": expand_args(target.args, folders), "env": env})


def effective_entry(entry: ServerEntry, folders: Sequence[str]) -> ServerEntry:
    """`entry` with its command line expanded for starting it; the same object when nothing changes."""
    target = entry.target
    if not isinstance(target, StdioTarget) or not has_placeholders(target):
        return entry
    return entry.model_copy(update={"target": expand_target(target, folders)})


def keeps_folders_when_empty(entry: ServerEntry) -> bool:
    """Whether the server goes on serving folders when told its list is empty.

    One with folders of its own kept on its command line serves them whatever it is told; the filesystem
    server keeps the last list it applied when it is given an empty one (it logs "No valid root
    directories provided by client" and carries on); any other server once it was seen doing the same
    (`ServerEntry.keeps_after_empty`, learned by the hub, `call` or a bridge). A server written with placeholders
    is restarted with none instead (`effective_entry`), so an empty list reaches it.
    """
    target = entry.target
    if not isinstance(target, StdioTarget) or has_placeholders(target):
        return False
    if entry.kept_folders or entry.keeps_after_empty:  # its own folders, or seen serving after an empty list
        return True
    return any(FILESYSTEM_SERVER in word or "server-filesystem" in word for word in [target.command, *target.args])
