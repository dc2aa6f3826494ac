"""Folders written on a stdio server's command line, recognised so that they can become placeholders.

A server imported from an AI host (or added by hand) often names its folders itself:
`npx -y @modelcontextprotocol/server-filesystem /home/u/project`. Left there, it serves them whatever
the user decides in Rootkeeper: while its consent is pending, while sharing is paused, after the
folder is taken away. `folder_arguments` finds those folders and writes the command with the
placeholders of `app.core.servers.arguments` in their place, so the server is started with exactly
the folders it may see (and restarted when they change). The caller shows the exact before → after
and asks; nothing here writes anything.

What counts as a folder: an absolute path (`~` expanded) to a folder that exists now, not one of the
kernel's virtual folders. Relative paths are left alone: they depend on the working folder the host
starts the server in. Files are left alone too: on a command line they are the server's program,
script, settings or database, and a placeholder would fill them with folders.

Known servers get their exact form:

- the filesystem server (`@modelcontextprotocol/server-filesystem`): its folders are the arguments
  after the package; they become one `{roots}` where the first one stood;
- mcp-server-git: `--repository PATH` or `--repository=PATH` becomes `--repository={root}`.

Every other server gets the generic rule:

- consecutive folders as whole arguments become one `{roots}` (one argument per folder shared), the
  way a list of positional folders is written. After a long option (`--data /x`) the pair becomes
  `--data={root}`, repeated per folder, since an option names one value at a time; after a short one
  (`-d /x`) it becomes `-d{root}`, the attached form every common parser accepts;
- `--flag=PATH` becomes `--flag={root}`;
- an environment value that is a folder, or a list of folders separated by the platform's path
  separator, becomes `{roots}` (the folders joined the same way);
- never touched: the server's own folders, which hold its program rather than the user's data: its
  working folder, a folder holding a file named on its command line (or one above it), the value
  of a launcher's option (`uv --directory`, `npm --prefix`, `uvx --from` …), system folders, and the
  environment variables that tell a program where its tools live (`PATH`, `PYTHONPATH`, `*_HOME` …).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass

from app.core.model import HttpTarget, StdioTarget
from app.core.sensitive import broad_kind, is_virtual
from app.core.servers.arguments import FILESYSTEM_SERVER, GIT_SERVER, has_placeholders
from app.core.servers.placeholders import ROOT, ROOTS

LAUNCHER_OPTIONS = frozenset({"--directory", "--project", "--prefix", "--from", "--with-editable", "--cwd", "-C"})
"""Options whose value is where a launcher finds the server's own code, never the user's data."""

PROGRAM_VARIABLES = frozenset({"PATH", "PYTHONPATH", "PYTHONHOME", "NODE_PATH", "LD_LIBRARY_PATH", "HOME",
                               "USERPROFILE", "TMPDIR", "TEMP", "TMP", "VIRTUAL_ENV", "CONDA_PREFIX", "GOPATH",
                               "PWD", "SHELL"})
PROGRAM_PREFIXES = ("XDG_", "NPM_", "UV_", "PIP_", "PYTHON", "NODE_", "LD_", "DYLD_", "CONDA", "CARGO_", "RUSTUP_")
"""Environment variables that tell a program where its own tools, libraries and settings live."""


@dataclass(frozen=True)
class Change:
    """One part of the command, as the user sees it: the command line, or one `KEY=value` of its environment."""

    before: str
    after: str


@dataclass(frozen=True)
class FolderArguments:
    """The command with placeholders in place of its folders, the folders found, and each change shown."""

    target: StdioTarget
    folders: tuple[str, ...]
    changes: tuple[Change, ...]


def _absolute_folder(text: str) -> str | None:
    """`text` as a normalized absolute folder that exists now; None for anything else."""
    expanded = os.path.expanduser(text)
    if not text or "\x00" in text or not os.path.isabs(expanded) or not os.path.isdir(expanded):
        return None
    folder = os.path.normpath(expanded)
    return None if is_virtual(folder) else folder


def _is_own_or_system(folder: str, own: list[str]) -> bool:
    if broad_kind(folder, os.path.expanduser("~")) == "broad.system":
        return True
    return any(place == folder or place.startswith(folder.rstrip(os.sep) + os.sep) for place in own)


def _own_places(target: StdioTarget) -> list[str]:
    """Where the server's own code is: its working folder and the folders of files named on its command line."""
    places = [os.path.normpath(target.cwd)] if target.cwd else []
    for word in [target.command, *target.args]:
        value = word.partition("=")[2] if word.startswith("-") else word
        expanded = os.path.expanduser(value)
        if value and os.path.isabs(expanded) and os.path.isfile(expanded):
            places.append(os.path.dirname(os.path.normpath(expanded)))
    return places


def _filesystem(args: list[str], found: list[str]) -> list[str]:
    start = next(i for i, arg in enumerate(args) if FILESYSTEM_SERVER in arg or "server-filesystem" in arg) + 1
    out = args[:start]
    for arg in args[start:]:
        folder = None if arg.startswith("-") else _absolute_folder(arg)
        if folder is None:
            out.append(arg)
            continue
        found.append(folder)
        if ROOTS not in out:
            out.append(ROOTS)
    return out


def _git(args: list[str], found: list[str]) -> list[str]:
    out: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        value, width = (args[index + 1], 2) if arg == "--repository" and index + 1 < len(args) else (
            arg.removeprefix("--repository="), 1) if arg.startswith("--repository=") else (None, 1)
        folder = _absolute_folder(value) if value is not None else None
        if folder is not None:
            found.append(folder)
            out.append(f"--repository={ROOT}")
        else:
            out.extend(args[index:index + width])
        index += width
    return out


def _generic(args: list[str], found: list[str], taken: Callable[[str], str | None]) -> list[str]:
    out: list[str] = []
    index, after_dashes = 0, False
    while index < len(args):
        arg = args[index]
        index += 1
        if arg == "--" and not after_dashes:
            after_dashes = True
            out.append(arg)
            continue
        if not after_dashes and arg in LAUNCHER_OPTIONS and index < len(args):
            out += [arg, args[index]]
            index += 1
            continue
        flag, equals, value = arg.partition("=")
        if not after_dashes and arg.startswith("--") and equals:
            folder = None if flag in LAUNCHER_OPTIONS else taken(value)
            if folder is not None:
                found.append(folder)
            out.append(f"{flag}={ROOT}" if folder is not None else arg)
            continue
        folder = taken(arg)
        if folder is None:
            out.append(arg)
            continue
        found.append(folder)
        previous = out[-1] if out else ""
        if not after_dashes and previous.startswith("--") and "=" not in previous and len(previous) > 2:
            out[-1] = f"{previous}={ROOT}"
        elif not after_dashes and len(previous) == 2 and previous.startswith("-") and previous != "--":
            out[-1] = f"{previous}{ROOT}"
        elif previous != ROOTS:
            out.append(ROOTS)
    return out


def _environment(env: dict[str, str], found: list[str], taken: Callable[[str], str | None]) -> dict[str, str]:
    out = dict(env)
    for key, value in env.items():
        upper = key.upper()
        if upper in PROGRAM_VARIABLES or upper.startswith(PROGRAM_PREFIXES) or upper.endswith("_HOME"):
            continue
        folders = [taken(part) for part in value.split(os.pathsep) if part]
        if folders and all(folder is not None for folder in folders):
            found += [folder for folder in folders if folder is not None]
            out[key] = ROOTS
    return out


def folder_arguments(target: StdioTarget | HttpTarget) -> FolderArguments | None:
    """The folders on a stdio server's command line and the command rewritten with placeholders in their
    place; None when there are none (or it already uses placeholders: the user wrote its form)."""
    if not isinstance(target, StdioTarget) or has_placeholders(target):
        return None
    found: list[str] = []
    args, env = list(target.args), dict(target.env)
    words = [target.command, *args]
    if any(FILESYSTEM_SERVER in word or "server-filesystem" in word for word in args):
        args = _filesystem(args, found)
    elif any(GIT_SERVER in word for word in words):
        args = _git(args, found)
    else:
        own = _own_places(target)

        def taken(text: str) -> str | None:
            folder = _absolute_folder(text)
            return None if folder is None or _is_own_or_system(folder, own) else folder

        args = _generic(args, found, taken)
        env = _environment(env, found, taken)
    if not found:
        return None
    changes = []
    if args != target.args:
        changes.append(Change(shlex.join([target.command, *target.args]), shlex.join([target.command, *args])))
    changes += [Change(f"{key}={value}", f"{key}={env[key]}") for key, value in target.env.items()
                if env[key] != value]
    rewritten = target.model_copy(update={"args": args, "env": env})
    return FolderArguments(rewritten, tuple(dict.fromkeys(found)), tuple(changes))


def command_line_folders(target: StdioTarget | HttpTarget) -> list[str]:
    """The folders `folder_arguments` finds on the command line (none for a server reached by URL)."""
    found = folder_arguments(target)
    return list(found.folders) if found is not None else []
