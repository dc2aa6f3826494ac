"""The confining launcher: `python -I -m app.core.confine.launch OPTIONS -- COMMAND [ARG...]`.

It applies the Landlock ruleset its options describe to itself and then `exec`s the server in its place (same
process, same pid, same stdio, so the server's own `/proc/<pid>` stays its own), which inherits the ruleset with
everything it starts. Options, each repeatable, each one path:

    --rw FOLDER      the user's folders it may read and change
    --ro FOLDER      the user's folders it may only read
    --rx PATH        the system and its own program: read and execute
    --cache FOLDER   its launcher's package caches: read and write
    --dev PATH       devices: read and write
    --proc PATH      kernel state: read
    --tmp FOLDER     its private temporary folder: created (mode 0700) when missing, read and write, its TMPDIR

It fails closed: when the kernel cannot confine the server (no Landlock, too old a version, a refused step) it
writes one sentence of the catalogue to stderr (the server's log) and exits with `REFUSED`, starting nothing.
The starters also ask `refusal` before spawning it, so the user reads the same sentence where they started it.
Light on purpose, since it runs before every confined server: started as a file with `python -I -S` (no site
packages), it imports only `landlock` (ctypes) until it has to refuse; no pydantic, no asyncio, no argparse, not
even `typing` (`make bench`: the launcher against the bare interpreter).
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__" and not __package__:  # run as a file with `-I -S` (no site: 30 ms less per start)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))

from app.core.confine import landlock

TYPE_CHECKING = False  # not `typing`'s: importing it (with `re`, `collections`, `functools`) costs a launch 20 ms
if TYPE_CHECKING:
    from collections.abc import Sequence

    from app.core.text import Message

MODULE = "app.core.confine.launch"
REFUSED = 126
"""The launcher's exit status when it refused to start the server."""
NOT_FOUND = 127

_OPTIONS = ("--rw", "--ro", "--rx", "--cache", "--dev", "--proc", "--tmp")
_RIGHTS = {
    "--rw": landlock.ALL,
    "--ro": landlock.READ_EXECUTE,
    "--rx": landlock.READ_EXECUTE,
    "--cache": landlock.ALL,
    "--dev": landlock.READ | landlock.WRITE_FILE | landlock.IOCTL_DEV,
    "--proc": landlock.READ,
    "--tmp": landlock.ALL,
}
PREFIX = "Rootkeeper: "
"""How the launcher's own lines in the server's log begin."""
REFUSAL_PREFIX = "Rootkeeper (confinement): "
"""How its refusal begins: told apart from the hub's own notes in the same log, which begin with `PREFIX`."""
MINIMUM_ABI = 1
READ_ONLY_ABI = 3
"""Read-only folders need ABI 3: before it, `truncate()` on a file there is not a right Landlock can withhold."""


class Plan:
    """The launcher's command line, read."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.paths: dict[str, list[str]] = {option: [] for option in _OPTIONS}
        self.command: list[str] = []
        index = 0
        while index < len(argv):
            word = argv[index]
            if word == "--":
                self.command = list(argv[index + 1:])
                break
            if word not in self.paths or index + 1 >= len(argv):
                raise ValueError(f"unexpected launcher argument {word!r}")
            self.paths[word].append(argv[index + 1])
            index += 2
        if not self.command:
            raise ValueError("no command to launch")

    @property
    def needed_abi(self) -> int:
        return READ_ONLY_ABI if self.paths["--ro"] else MINIMUM_ABI

    def rules(self) -> list[tuple[str, int]]:
        return [(path, _RIGHTS[option]) for option, paths in self.paths.items() for path in paths]


def refusal(argv: Sequence[str], abi: int | None = None) -> Message | None:
    """Why the server this launcher command line starts cannot be confined here, or None when it can."""
    plan = Plan(argv)
    abi = landlock.abi_version() if abi is None else abi
    if abi >= plan.needed_abi:
        return None
    from app.core.text import message  # only to refuse: the catalogue costs a launch 25 ms

    command = plan.command[0]
    if abi <= 0:
        return message("confine.unavailable", command=command)
    return message("confine.abi_too_old", command=command, abi=abi, needed=plan.needed_abi)


def refusal_in(line: str) -> str | None:
    """The launcher's sentence when a line of a server's log is its refusal to start the server, else None."""
    return line.removeprefix(REFUSAL_PREFIX) if line.startswith(REFUSAL_PREFIX) else None


def _private_folder(path: str) -> None:
    """Create the server's temporary folder, refusing one that is not a folder of ours that only we can enter.

    Every folder it creates on the way (Rootkeeper's `confined` folder too) is 0700 whatever the umask; the
    umask the server inherits is put back first."""
    umask = os.umask(0o077)
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    finally:
        os.umask(umask)
    info = os.lstat(path)
    if not os.path.isdir(path) or os.path.islink(path) or info.st_uid != os.getuid():
        raise OSError(f"{path} is not a private folder of this user")
    os.chmod(path, 0o700)


def main(argv: Sequence[str]) -> int:
    """Confine this process, then become the server; returns only when it cannot (the exit status)."""
    command = argv[argv.index("--") + 1] if "--" in argv[:-1] else "?"
    try:
        plan = Plan(argv)
        refused = refusal(argv)
        if refused is None:
            for temp in plan.paths["--tmp"]:
                _private_folder(temp)
                os.environ["TMPDIR"] = temp
            import warnings  # noqa: F401  # `os.execvp` imports it: after the ruleset this interpreter's
            # own library may be out of reach (a node server's ruleset does not name it)
            landlock.restrict(plan.rules(), abi=landlock.abi_version())
    except (OSError, ValueError) as error:
        from app.core.text import message

        refused = message("confine.failed", command=command, reason=str(error))
    if refused is not None:
        sys.stderr.write(f"{REFUSAL_PREFIX}{refused.text}\n")
        sys.stderr.flush()
        return REFUSED
    try:
        os.execvp(plan.command[0], plan.command)
    except OSError as error:
        sys.stderr.write(f"{PREFIX}cannot start {command}: {error.strerror or error}\n")
        return NOT_FOUND


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
