"""macOS: the same `Boundary` as a Seatbelt profile (SBPL), enforced by `/usr/bin/sandbox-exec`.

`sandbox-exec` is deprecated by Apple but still enforced by the kernel, and inherited by everything the server
starts (Codex and Claude Code confine their commands with it). The profile denies everything, then allows:

- reading (`file-read*`) and running (`file-map-executable`, for `dyld` and native modules) the system
  (`SYSTEM`, and the Linux names `Boundary.program` also carries), the server's own program, its folders, its
  caches and its temporary folder; reading its own open files (`OWN`) and the list of top-level names
  (`LISTED`); changing (`file-write*`) only its read-write folders, its caches, its
  temporary folder and the devices; `file-ioctl` on the devices;
- looking at any file's metadata (`file-read-metadata`: `stat`, `realpath`), as Landlock does not restrict it
  either: runtimes walk up every folder above their own;
- starting processes (each under the same profile), signals and process information within the sandbox,
  `sysctl` reads, POSIX semaphores and shared memory (Python's `multiprocessing`), the network (it stays open,
  as on Linux) and the few system services a node or Python runtime looks up (`SERVICES`).

Paths are written as escaped string literals (backslash, quote and control characters), a folder as
`(subpath "…")`, a device as `(literal "…")`, each folder also by its real path when a symlink leads there
(`/etc` is `/private/etc`, `/tmp` is `/private/tmp`): Seatbelt compares the path it resolved. Devices and the
kernel's entries are written as they are (`/proc/self` resolved here would be this process).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from app.core.confine.boundary import Boundary

SANDBOX_EXEC = "/usr/bin/sandbox-exec"
"""By its full path: never one found on the server's `PATH`."""

SYSTEM: tuple[str, ...] = (
    "/System", "/Library/Apple", "/Library/Frameworks", "/Library/Preferences", "/Library/Developer/CommandLineTools",
    "/Applications/Xcode.app/Contents/Developer", "/private/etc", "/private/var/db/timezone", "/private/var/db/dyld",
    "/usr", "/bin", "/sbin", "/opt/homebrew", "/opt/local",
)
"""Read and execute on macOS: the system, its frameworks and settings, the developer tools `/usr/bin/python3`
runs, Homebrew and MacPorts."""
OWN: tuple[str, ...] = ("/dev/fd",)
"""Read: the server's own open files (macOS's `/proc/self/fd`; Python lists it before starting a child)."""
LISTED: tuple[str, ...] = ("/",)
"""Read as one folder, not what is inside: the top-level names, which `getcwd` may walk through."""

SERVICES: tuple[str, ...] = (
    "com.apple.system.opendirectoryd.libinfo",  # user and group names (getpwuid)
    "com.apple.system.notification_center",  # time zone changes
    "com.apple.system.logger",
    "com.apple.logd",
    "com.apple.bsd.dirhelper",  # confstr(_CS_DARWIN_USER_TEMP_DIR)
    "com.apple.dnssd.service",  # name resolution: the network stays open
    "com.apple.SystemConfiguration.DNSConfiguration",
    "com.apple.SystemConfiguration.configd",
    "com.apple.trustd.agent",  # certificates, for TLS through the system's libraries
    "com.apple.SecurityServer",
)
"""The system services a node or Python runtime looks up (`mach-lookup`)."""

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quoted(text: str) -> str:
    """`text` as an SBPL string literal: backslash and quote escaped, control characters written as escapes,
    so no path can end the string or add a rule."""
    out = ['"']
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\x{ord(char):02x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def profile(limits: Boundary, *, resolve: Callable[[str], str] = os.path.realpath) -> str:
    """The Seatbelt profile that lets a server touch what `limits` allows and nothing else (see the module).
    `resolve` gives a path's real path (each path is allowed by both spellings)."""

    def folders(paths: Iterable[str]) -> list[str]:
        return [f"(subpath {quoted(spelling)})" for spelling in _spellings(paths, resolve)]

    def kernel(paths: Iterable[str]) -> list[str]:  # never resolved: `/proc/self` is this process here
        return [f"(subpath {quoted(path)})" for path in dict.fromkeys(paths)]

    def files(paths: Iterable[str]) -> list[str]:
        return [f"(literal {quoted(path)})" for path in dict.fromkeys(paths)]

    runnable = folders((*SYSTEM, *limits.program, *limits.read_only, *limits.read_write, *limits.caches,
                        limits.temp))
    readable = [*runnable, *kernel((*limits.proc, *OWN))]
    writable = folders((*limits.read_write, *limits.caches, limits.temp))
    devices = files(limits.devices)
    lines = [
        "(version 1)",
        "(deny default)",
        "(allow process-exec)",
        "(allow process-fork)",
        "(allow signal (target same-sandbox))",
        "(allow process-info* (target same-sandbox))",
        "(allow sysctl-read)",
        "(allow ipc-posix-sem)",
        "(allow ipc-posix-shm)",
        "(allow network*)",
        _rule("mach-lookup", [f"(global-name {quoted(name)})" for name in SERVICES]),
        "(allow file-read-metadata)",
        _rule("file-read*", [*readable, *devices, *files(LISTED)]),
        _rule("file-map-executable", runnable),
        _rule("file-write*", [*writable, *devices]),
        _rule("file-ioctl", devices),
    ]
    return "\n".join(line for line in lines if line) + "\n"


def _rule(operation: str, filters: list[str]) -> str:
    """`(allow OPERATION FILTER…)`; nothing at all without filters (which would allow it everywhere)."""
    if not filters:
        return ""
    inner = "".join(f"\n  {one}" for one in filters)
    return f"(allow {operation}{inner})"


def _spellings(paths: Iterable[str], resolve: Callable[[str], str]) -> list[str]:
    """Each path, and its real path where a symlink leads elsewhere; in order, once each."""
    spelled: dict[str, None] = {}
    for path in paths:
        spelled[path] = None
        spelled[resolve(path)] = None
    return list(spelled)
