"""What a confined server may touch: the one function that decides it (`boundary`), and the sentence that says it.

A confined stdio server runs under a Landlock ruleset (`app.core.confine.landlock`) applied by a small launcher
just before `exec` (`app.core.confine.launch`), inherited by every child it starts. It may:

- read and change the folders it is given (the same list it would be told, `app.core.roots.sharing`), and only
  read those marked read-only;
- read and execute the system (`SYSTEM`) and its own program: the folder its command is found in, the install
  folder above it (an nvm node, a uv or pyenv Python, a venv and the base interpreter the venv names), the
  interpreter a script's `#!` line names, the script's folder for `python path/to/server.py` or `node
  server.js` (and for node, the `node_modules` or package folder its imports resolve in), the working folder
  for `python -m`, and the folders a launcher option names (`uv --directory`);
- read and change the package caches its launcher writes (`npx`: `~/.npm`; `uvx`/`uv`: uv's cache and data
  folders) and a private temporary folder of its own (its `TMPDIR`);
- use the devices and `/proc` entries a runtime needs (`DEVICES`, `PROC`): its own `/proc/<pid>`, never another
  process's.

Nothing else: not the rest of the home (`~/.ssh`, keyrings, other projects), not Rootkeeper's own settings and
state. A program folder is never the home itself, a folder above it, a top-level folder, a credential or app-data
folder or one of Rootkeeper's own: a server installed straight into the home gets only its own file's folder.
The network stays open.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.core.sensitive import broad_kind, is_virtual
from app.core.servers.folder_args import LAUNCHER_OPTIONS
from app.core.text import Message, message

SYSTEM: tuple[str, ...] = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
                           "/nix/store", "/snap", "/run/systemd/resolve")
"""Read and execute: programs, libraries, settings, certificates, and where `/etc/resolv.conf` may point."""
DEVICES: tuple[str, ...] = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty")
"""Read and write: the character devices programs open without asking."""
PROC: tuple[str, ...] = ("/proc/self", "/proc/cpuinfo", "/proc/meminfo", "/proc/stat", "/proc/loadavg",
                         "/proc/uptime", "/proc/version", "/proc/filesystems", "/proc/sys", "/sys/fs/cgroup",
                         "/sys/devices/system/cpu", "/sys/devices/system/node")
"""Read: what node and Python read of the kernel's state. `/proc/self` is opened by the launcher, so it is the
server's own `/proc/<pid>` (the same after `exec`), not its children's and not any other process's."""

INTERPRETERS = ("python", "node", "nodejs", "deno", "bun", "ruby", "perl", "php", "bash", "sh")
"""Commands whose first word that is not an option is the server's script."""
NODE_RUNTIMES = ("node", "nodejs", "deno", "bun")
NPM_LAUNCHERS = ("npx", "npm", "pnpm", "pnpx", "yarn", "node", "nodejs", "corepack")
UV_LAUNCHERS = ("uvx", "uv")


@dataclass(frozen=True)
class Boundary:
    """Everything a confined server may touch; every path absolute and normalized (symlinks resolved)."""

    read_write: tuple[str, ...]
    """The user's folders it may read and change."""
    read_only: tuple[str, ...]
    """The user's folders it may only read."""
    program: tuple[str, ...]
    """Read and execute: the system and its own program."""
    caches: tuple[str, ...]
    """Read and write: its launcher's package caches."""
    temp: str
    """Its private temporary folder (read and write), created by the launcher, given as `TMPDIR`."""
    devices: tuple[str, ...] = DEVICES
    proc: tuple[str, ...] = PROC


def boundary(
    command: str,
    args: Sequence[str],
    *,
    cwd: str | None,
    env: Mapping[str, str],
    folders: Iterable[str],
    read_only: Iterable[str] = (),
    temp: str,
    home: str,
) -> Boundary:
    """What the server started as `command args` (in `cwd`, with `env` its whole environment) may touch, given
    the folders it may see (`folders`, of which those in `read_only` only to read), its private `temp` folder and
    the user's `home`."""
    homes = {os.path.realpath(home), os.path.realpath(os.path.expanduser("~"))}
    given = [os.path.realpath(folder) for folder in folders]
    marked = {os.path.realpath(folder) for folder in read_only}
    program: list[str] = []

    def add(place: str | None) -> None:
        if place and _may_be_program(place, homes) and place not in program:
            program.append(place)

    path_variable = env.get("PATH", os.defpath)
    resolved = _resolve(command, path_variable, cwd)
    for place in _installation(resolved, path_variable, cwd):
        add(place)
    name = _program_name(command)
    if name.startswith(INTERPRETERS):
        script = _script(args, cwd)
        if script is not None:
            add(os.path.dirname(os.path.realpath(script)))
            if name.startswith(NODE_RUNTIMES):
                add(_node_package(os.path.realpath(script)))
        if name.startswith("python") and "-m" in args:
            add(os.path.realpath(cwd or os.getcwd()))  # `python -m` imports from its working folder (ours if unset)
    for index, arg in enumerate(args):
        option, _, value = arg.partition("=")
        if option in LAUNCHER_OPTIONS:
            value = value or (args[index + 1] if index + 1 < len(args) else "")
            if value:
                add(os.path.realpath(os.path.join(cwd or os.getcwd(), os.path.expanduser(value))))
    caches = _caches(name, env, os.path.realpath(home))
    return Boundary(
        read_write=tuple(dict.fromkeys(folder for folder in given if folder not in marked)),
        read_only=tuple(dict.fromkeys(folder for folder in given if folder in marked)),
        program=(*SYSTEM, *program),
        caches=tuple(caches),
        temp=temp,
    )


def _program_name(command: str) -> str:
    return os.path.basename(command).lower().removesuffix(".exe")


def _resolve(command: str, path_variable: str, cwd: str | None) -> str | None:
    if os.sep in command:
        full = os.path.join(cwd or os.getcwd(), os.path.expanduser(command))
        return os.path.normpath(full) if os.path.exists(full) else None
    return shutil.which(command, path=path_variable)


def _installation(resolved: str | None, path_variable: str, cwd: str | None, depth: int = 0) -> list[str]:
    """The folders a resolved program runs from: its own folder, the install prefix above a `bin` folder (for the
    path as found and for its real target), a venv's base interpreter, and what its `#!` line runs."""
    if resolved is None:
        return []
    places: list[str] = []
    real = os.path.realpath(resolved)
    for path in dict.fromkeys((os.path.abspath(resolved), real)):
        folder = os.path.dirname(path)
        places.append(folder)
        if os.path.basename(folder) == "bin":
            prefix = os.path.dirname(folder)
            places.append(prefix)
            base = _venv_base(prefix)
            if base is not None and depth < 2:
                places += _installation(base, path_variable, cwd, depth + 1)
    interpreter = _shebang(real)
    if interpreter is not None and depth < 2:
        places += _installation(_resolve(interpreter, path_variable, cwd), path_variable, cwd, depth + 1)
    return places


def _node_package(script: str) -> str | None:
    """Where a node script's imports resolve: the nearest `node_modules` folder above it (the packages beside its
    own), or else the nearest folder with a `package.json` (its own `node_modules` inside)."""
    ancestors: list[str] = []
    folder = os.path.dirname(script)
    while folder != os.path.dirname(folder):
        ancestors.append(folder)
        folder = os.path.dirname(folder)
    modules = next((place for place in ancestors if os.path.basename(place) == "node_modules"), None)
    return modules or next((place for place in ancestors if os.path.isfile(os.path.join(place, "package.json"))),
                           None)


def _venv_base(prefix: str) -> str | None:
    """The base interpreter a venv at `prefix` was made from (`home = …/bin` in its `pyvenv.cfg`)."""
    try:
        with open(os.path.join(prefix, "pyvenv.cfg"), encoding="utf-8") as config:
            for line in config:
                key, _, value = line.partition("=")
                if key.strip() == "home" and value.strip():
                    return os.path.join(value.strip(), "python3")
    except (OSError, UnicodeDecodeError):
        return None
    return None


def _shebang(path: str) -> str | None:
    """The program a script's `#!` line runs (`env`'s argument for `#!/usr/bin/env node`)."""
    try:
        with open(path, "rb") as script:
            first = script.readline(256)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode("utf-8", "replace").split()
    if not words:
        return None
    if os.path.basename(words[0]) == "env":
        rest = [word for word in words[1:] if not word.startswith("-")]
        return rest[0] if rest else None
    return words[0]


def _script(args: Sequence[str], cwd: str | None) -> str | None:
    """An interpreter's script: its first argument that is not an option, when it is a file."""
    for arg in args:
        if arg in {"-m", "-c"}:
            return None
        if arg.startswith("-"):
            continue
        path = os.path.join(cwd or os.getcwd(), os.path.expanduser(arg))
        return path if os.path.isfile(path) else None
    return None


def _may_be_program(place: str, homes: set[str]) -> bool:
    """Whether a folder may be read and run as a server's own program (see the module's last paragraph)."""
    from app.core.sensitive import own_folders

    place = os.path.normpath(place)
    if place.count(os.sep) < 2 or is_virtual(place):  # "/", "/root", "/home": covered by SYSTEM or refused
        return False
    if any(home == place or home.startswith(place.rstrip(os.sep) + os.sep) for home in homes):
        return False
    if any(place == own or place.startswith(own + os.sep) for own in own_folders()):
        return False
    return all(broad_kind(place, home) in (None, "broad.system", "broad.cache") for home in homes)


def _caches(name: str, env: Mapping[str, str], home: str) -> list[str]:
    """The package caches the launcher `name` reads and writes."""
    cache_home = env.get("XDG_CACHE_HOME") or os.path.join(home, ".cache")
    data_home = env.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    caches: list[str] = []
    if name in NPM_LAUNCHERS:
        caches.append(env.get("npm_config_cache") or env.get("NPM_CONFIG_CACHE") or os.path.join(home, ".npm"))
    if name in UV_LAUNCHERS:
        caches.append(env.get("UV_CACHE_DIR") or os.path.join(cache_home, "uv"))
        caches.append(env.get("UV_PYTHON_INSTALL_DIR") or os.path.join(data_home, "uv"))
    return [os.path.realpath(cache) for cache in caches]


def summary(server: str, limits: Boundary) -> Message:
    """One sentence for the user: what the server can change, what it can read, and that it sees nothing else."""
    return folders_summary(server, limits.read_write, limits.read_only)


def folders_summary(server: str, read_write: Sequence[str], read_only: Sequence[str]) -> Message:
    """`summary` of a server that may read and change `read_write` and only read `read_only` (as shown)."""
    if not read_write and not read_only:
        return message("confine.summary_none", server=server)
    if not read_only:
        return message("confine.summary", server=server, folders=", ".join(read_write))
    if not read_write:
        return message("confine.summary_read", server=server, read_only=", ".join(read_only))
    return message("confine.summary_both", server=server, folders=", ".join(read_write),
                   read_only=", ".join(read_only))
