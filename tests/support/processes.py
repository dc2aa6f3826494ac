"""The processes a test started, and only those: found from the pids it spawned, never by reading every process.

Below a process means in the tree the kernel keeps: `/proc/<pid>/task/<tid>/children` lists the children
each thread started (zombies included, as `pgrep -P` does). Another Rootkeeper on the machine, running the
same server, is never below a test. A process that outlives its parent leaves that tree (the kernel hands
it to init), so two ways follow such a process further:

- `Followed` remembers every process it met below this one and reports it for as long as it runs;
- `python -m tests.support.processes --leftovers FILE -- COMMAND...` (`kept`) runs COMMAND as a child
  subreaper (PR_SET_CHILD_SUBREAPER): whatever COMMAND leaves running is handed to it, not to init. When
  COMMAND exits, the survivors are written to FILE (read with `leftovers`), then killed. Signals are
  passed on to COMMAND, and its exit code is the keeper's.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36


def children(pid: int) -> list[int]:
    """The children of `pid` (every thread's), zombies included; none once it is gone."""
    found: list[int] = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in threads:
        try:
            found += [int(child) for child in Path(f"/proc/{pid}/task/{tid}/children").read_text().split()]
        except OSError:
            continue  # the thread ended meanwhile
    return found


def descendants(pid: int | None = None) -> list[int]:
    """Every process below `pid` (this process by default), zombies included."""
    found: list[int] = []
    below = children(os.getpid() if pid is None else pid)
    while below:
        found += below
        below = [child for parent in below for child in children(parent)]
    return found


def _stat(pid: int) -> list[str] | None:
    """`/proc/<pid>/stat` after the command name: [state, parent pid, ...]; None once the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def running(pid: int) -> bool:
    """Whether `pid` exists and is not a zombie."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def gone(pid: int) -> bool:
    """Whether `pid` no longer runs (a zombie waiting for its reaper counts as gone)."""
    return not running(pid)


def parent(pid: int) -> int | None:
    fields = _stat(pid)
    return None if fields is None else int(fields[1])


def argv(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace").split("\0")[:-1]
    except OSError:
        return []


def _environment(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def mentions(pid: int, marker: str) -> bool:
    """Whether the command line or the environment of `pid` contains `marker`."""
    return marker in " ".join(argv(pid)) or marker in _environment(pid)


def still_running(pids: list[int] | set[int], marker: str) -> list[int]:
    """Those of `pids` still running and mentioning `marker` (a pid the system gave to another process does not)."""
    return sorted(pid for pid in pids if running(pid) and mentions(pid, marker))


def processes_mentioning(marker: str, below: int) -> list[int]:
    """Running processes below `below` (a pid the test started, or this process for what it starts in-process)
    whose command line or environment contains `marker`."""
    return still_running(set(descendants(below)), marker)


class Followed:
    """The processes mentioning `marker` that this test started: each call looks below `below` again and
    also reports every one met before that still runs, one whose parent ended (no longer below us) included."""

    def __init__(self, marker: str, below: int) -> None:
        self.marker = marker
        self.below = below
        self.met: set[int] = set()

    def __call__(self) -> dict[int, tuple[int | None, list[str]]]:
        """pid -> (parent pid, argv) of each one running now."""
        self.met.update(processes_mentioning(self.marker, self.below))
        self.met = set(still_running(self.met, self.marker))
        return {pid: (parent(pid), argv(pid)) for pid in sorted(self.met)}


def child_pids() -> set[int]:
    """Processes whose parent is this test process, zombies included (read from its own /proc entry)."""
    return set(children(os.getpid()))


def end(process: subprocess.Popen[bytes]) -> None:
    """Terminate `process` if it still runs (killed if it will not stop), and reap it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def kept(leftovers: Path, command: list[str]) -> list[str]:
    """`command` run by the keeper, which writes to `leftovers` whatever it left running when it exited."""
    return [sys.executable, "-m", "tests.support.processes", "--leftovers", str(leftovers), "--", *command]


def leftovers(report: Path, marker: str = "") -> list[list[str]]:
    """The argv of each process the kept command left running (those mentioning `marker`), as the keeper saw them.

    A missing report is a keeper that never got to write it: that is a failure, not an empty list.
    """
    assert report.exists(), f"the keeper wrote no report at {report}: it did not see its command end"
    return [left["argv"] for left in json.loads(report.read_text()) if marker in left["argv_and_environment"]]


def _keep(report: Path, command: list[str]) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")
    started: list[subprocess.Popen[bytes]] = []
    pending: list[int] = []

    def pass_on(number: int, _frame: object) -> None:
        for child in started:
            child.send_signal(number)
        if not started:
            pending.append(number)  # for the command, as soon as it exists

    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, pass_on)
    started.append(child := subprocess.Popen(command))
    for number in pending:
        child.send_signal(number)
    code = child.wait()
    # Everything still below is what the command left running: the kernel handed it to this subreaper.
    left = [pid for pid in descendants() if running(pid)]
    found = [{"pid": pid, "argv": argv(pid), "argv_and_environment": " ".join(argv(pid)) + " " + _environment(pid)}
             for pid in left]
    report.write_text(json.dumps(found), encoding="utf-8")
    while below := descendants():  # kill what was left (and what it starts meanwhile), reap it all
        for pid in below:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        try:
            os.wait()
        except ChildProcessError:
            break
    return code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--leftovers", type=Path, required=True, help="where to write what COMMAND left running")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARG...]")
    args = parser.parse_args()
    code = _keep(args.leftovers, args.command[1:] if args.command[:1] == ["--"] else args.command)
    if code < 0:  # ended by a signal: end the same way, so the caller sees what it would have seen
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)


if __name__ == "__main__":
    main()
