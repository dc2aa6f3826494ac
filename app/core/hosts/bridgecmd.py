"""The command a host runs to start a server through Rootkeeper's bridge, and how to recognise it."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path, PurePath

from app.core.text import Message, message

_SCRIPT_NAMES = {"rootkeeper", "rootkeeper.exe"}
_PYTHON_PREFIXES = ("python", "pythonw")


_CHECKOUT = Path(__file__).resolve().parents[3]
"""The folder holding the `app` package: a source checkout when it also holds `pyproject.toml`."""


def development_copy() -> Path | None:
    """The source checkout this Rootkeeper runs from (`make run`, an editable install), or None when it is
    installed (a package, a wheel in site-packages, a frozen build): an entry pointing into a checkout stops
    working when the checkout is moved, cleaned or deleted."""
    if getattr(sys, "frozen", False) or not (_CHECKOUT / "pyproject.toml").is_file():
        return None
    return _CHECKOUT


def _installed_on_path(checkout: Path) -> str | None:
    """A `rootkeeper` on PATH that is not this checkout's own (the package's, pipx's): it outlives the checkout."""
    found = shutil.which("rootkeeper")
    if found is None:
        return None
    real = Path(found).resolve()
    return None if real.is_relative_to(checkout) or Path(os.path.abspath(found)).is_relative_to(checkout) \
        else os.path.abspath(found)


def rootkeeper_launcher() -> list[str]:
    """An absolute command that starts this Rootkeeper, whatever launched it; run from a development copy,
    an installed `rootkeeper` on PATH is preferred (see `launcher_note`).

    A frozen build or the installed `rootkeeper` console script is used as it was started (made
    absolute but not resolved: a .deb's /usr/bin link or a venv's bin/ script keeps working across
    upgrades, where the resolved target may not). Under `python -m app` the interpreter is kept as
    its venv path, not resolved to the base interpreter that would lose the venv's packages.
    """
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    checkout = development_copy()
    installed = _installed_on_path(checkout) if checkout is not None else None
    if installed is not None:
        return [installed]
    started = sys.argv[0] if sys.argv else ""
    if PurePath(started).name.lower() in _SCRIPT_NAMES:
        # On Windows the console script is rootkeeper.exe while argv[0] may lack the suffix.
        for candidate in (started, started + ".exe"):
            if os.path.isfile(candidate):
                return [os.path.abspath(candidate)]
    return [os.path.abspath(sys.executable), "-m", "app"]


PORTABLE_COMMAND = "rootkeeper"
"""What a project's shared config file runs: the command found on each teammate's PATH."""


def launcher_note() -> Message | None:
    """What to tell the user when the entries written can only point into a development copy."""
    checkout = development_copy()
    if checkout is None or _installed_on_path(checkout) is not None:
        return None
    return message("hosts.development_launcher", folder=str(checkout))


def bridge_command(server: str) -> list[str]:
    """What the host runs; a settings folder chosen with ROOTKEEPER_HOME goes with it, since hosts pick the env.

    The server's name is positional: some hosts (the MCP Inspector) take `--server` as their own option."""
    home = os.environ.get("ROOTKEEPER_HOME")
    where = ["--home", os.path.abspath(home)] if home else []
    return [*rootkeeper_launcher(), "bridge", server, *where]


def portable_bridge_command(server: str, command_line: list[str], *, confined: bool = True) -> list[str]:
    """What a project's shared config file runs: no path of this machine, no settings folder; the server's own
    command travels with it, so a teammate's Rootkeeper registers it under the same name (consent pending) on
    first start, and this machine's finds the server `hosts install --project` registered. A server the user chose
    to run unconfined says so (`--no-confine`), so a teammate's registers it the same way; a confined one needs
    nothing (new servers run confined where the system can confine them)."""
    choice = [] if confined else ["--no-confine"]
    return [PORTABLE_COMMAND, "bridge", "--name", server, *choice, "--", *command_line]


def bridged_server_name(command: str, args: list[str]) -> str | None:
    """The Rootkeeper server a command line bridges to, or None when it is not Rootkeeper's bridge."""
    program = PurePath(command.replace("\\", "/")).name.lower()
    rest = list(args)
    if program not in _SCRIPT_NAMES:
        if not program.startswith(_PYTHON_PREFIXES) or rest[:2] != ["-m", "app"]:
            return None
        rest = rest[2:]
    if rest[:1] != ["bridge"]:
        return None
    if "--" in rest:
        rest = rest[: rest.index("--")]
    for index, arg in enumerate(rest):
        if arg == "--server" and index + 1 < len(rest):
            return rest[index + 1]
        if arg.startswith("--server="):
            return arg.partition("=")[2]
    # `bridge [--name NAME] -- COMMAND`: an ad-hoc bridged server, still running through Rootkeeper.
    for index, arg in enumerate(rest):
        if arg == "--name" and index + 1 < len(rest):
            return rest[index + 1]
    # `bridge NAME`: the first word that is neither an option nor an option's value.
    words = iter(rest[1:])
    for word in words:
        if word in ("--home", "--name"):
            next(words, None)
        elif not word.startswith("-"):
            return word
    return ""
