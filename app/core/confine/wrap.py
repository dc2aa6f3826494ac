"""A confined server's command line: the launcher (`app.core.confine.launch`) with its `Boundary`, then the server
(on Linux); on macOS `sandbox-exec` with the same `Boundary` as a Seatbelt profile (`app.core.confine.seatbelt`).

The started target *is* this command line, so everything that compares how a server is started (the hub's
connection key, the bridge's restart condition) sees a change of its folders as a change of its command: the
server is restarted with the new ruleset.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence

from app.core.confine import launch, seatbelt
from app.core.confine.boundary import Boundary, boundary, summary
from app.core.model import ServerEntry, StdioTarget
from app.core.text import Message, message

LAUNCHER = os.path.abspath(launch.__file__)
"""Run as a file with `-I -S`: no site packages, no environment variables of the server's own Python."""
FROZEN_SWITCH = "--confined-launch"
"""A frozen build has no interpreter to run the launcher's file with: its own binary runs the launcher when
this is its first argument (packaging/entry.py), before the CLI is imported."""


def _launcher() -> list[str]:
    """The launcher's command line up to its options: this interpreter on the launcher's file, or the frozen
    binary with `FROZEN_SWITCH`."""
    if getattr(sys, "frozen", False):
        return [sys.executable, FROZEN_SWITCH]
    return [sys.executable, "-I", "-S", LAUNCHER]


def launcher_args(limits: Boundary) -> list[str]:
    """The launcher's options for `limits` (the server's command follows `--`)."""
    words: list[str] = []
    for option, paths in (("--rw", limits.read_write), ("--ro", limits.read_only), ("--rx", limits.program),
                          ("--cache", limits.caches), ("--dev", limits.devices), ("--proc", limits.proc),
                          ("--tmp", (limits.temp,))):
        for path in paths:
            words += [option, path]
    return words


PREPARE_TEMP = ('umask 077 && mkdir -p -- "$1" && [ -d "$1" ] && [ ! -h "$1" ] && [ -O "$1" ] && chmod 700 -- "$1" '
                '|| exit 126; TMPDIR=$1; export TMPDIR; shift; exec "$@"')
"""macOS, before `sandbox-exec` (which creates nothing): the server's private temporary folder, made as the Linux
launcher makes it (a folder of this user's that only it can enter, not a symlink), then given as `TMPDIR`."""


def confined_target(target: StdioTarget, limits: Boundary, *, platform: str = sys.platform) -> StdioTarget:
    """`target` confined to `limits`: through the Landlock launcher on Linux, through `sandbox-exec` on macOS."""
    if platform == "darwin":
        return _seatbelt_target(target, limits)
    command, *prefix = _launcher()
    args = [*prefix, *launcher_args(limits), "--", target.command, *target.args]
    return target.model_copy(update={"command": command, "args": args})


def _seatbelt_target(target: StdioTarget, limits: Boundary) -> StdioTarget:
    args = ["-c", PREPARE_TEMP, "rootkeeper-confine", limits.temp,
            seatbelt.SANDBOX_EXEC, "-p", seatbelt.profile(limits), "--", target.command, *target.args]
    return target.model_copy(update={"command": "/bin/sh", "args": args})


def launcher_argv(command: str, args: Sequence[str]) -> list[str] | None:
    """The launcher's own arguments when `command args` starts a server through it; None for any other command."""
    if len(args) >= 3 and list(args[:3]) == ["-I", "-S", LAUNCHER]:
        return list(args[3:])
    if list(args[:1]) == [FROZEN_SWITCH] and getattr(sys, "frozen", False) and \
            os.path.abspath(command) == os.path.abspath(sys.executable):
        return list(args[1:])
    return None


def confines(entry: ServerEntry) -> bool:
    """Whether `entry` is started confined (an HTTP server is not started by Rootkeeper at all)."""
    return entry.confined and isinstance(entry.target, StdioTarget)


def server_boundary(entry: ServerEntry, target: StdioTarget, folders: Sequence[str], read_only: Sequence[str],
                    temp_root: str) -> Boundary:
    """What `entry`, started as `target` (its placeholders filled), may touch, given its folders."""
    return boundary(
        target.command,
        target.args,
        cwd=target.cwd,
        env={**os.environ, **target.env},
        folders=folders,
        read_only=read_only,
        temp=os.path.join(temp_root, entry.name),
        home=os.path.expanduser("~"),
    )


def started_confined(command: str, args: Sequence[str]) -> Message | None:
    """For a server's log, where `command args` starts it through the launcher: why it will not start (this system
    cannot confine it), or else that it runs confined and what it may touch (`summary`); None when unconfined."""
    argv = launcher_argv(command, args)
    if argv is None:
        return None
    refused = launch.refusal(argv)
    if refused is not None:
        return refused
    plan = launch.Plan(argv)
    temp = next(iter(plan.paths["--tmp"]), "")
    name = os.path.basename(temp) or os.path.basename(plan.command[0])  # its temporary folder bears its name
    limits = Boundary(read_write=tuple(plan.paths["--rw"]), read_only=tuple(plan.paths["--ro"]),
                      program=tuple(plan.paths["--rx"]), caches=tuple(plan.paths["--cache"]), temp=temp)
    return message("confine.running", summary=summary(name, limits).text)


def served_command(command: str, args: Sequence[str]) -> str:
    """The server's own command when `command args` starts it through the launcher (else `command`): the program
    the user knows, for the sentences that name it."""
    argv = launcher_argv(command, args)
    if argv is None:
        return command
    try:
        return launch.Plan(argv).command[0]
    except ValueError:
        return command


def program_missing(command: str, path_variable: str | None, cwd: str | None) -> bool:
    """Whether the server's program cannot be found, checked before confining it: once confined, a missing program
    and a refused one look alike, and the user should read "not found"."""
    if os.sep in command:
        full = os.path.join(cwd or os.getcwd(), os.path.expanduser(command))
        return not os.path.isfile(full)
    return shutil.which(command, path=path_variable) is None
