"""Linux Landlock through its three system calls (`ctypes`): what the kernel offers, and a ruleset applied to
the calling process, inherited by everything it `exec`s and starts, never loosened.

Raw system calls rather than PyPI `landlock` (1.0.0.dev5, a development release) or `landlockpy`: the launcher
that applies a ruleset must start in a few milliseconds and import nothing else, it needs the ABI 6 scopes
(signals, abstract Unix sockets) that neither binding exposes, and the three calls fit in this file.
Plain Python: imported by the launcher (`app.core.confine.launch`) before anything else.
"""

from __future__ import annotations

import ctypes
import os
import stat
import sys

TYPE_CHECKING = False  # not `typing`'s, which the launcher would pay 20 ms to import
if TYPE_CHECKING:
    from collections.abc import Iterable

# Generic syscall numbers: the same on every architecture Linux gives Landlock to.
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2
TRUNCATE = 1 << 14  # ABI 3
IOCTL_DEV = 1 << 15  # ABI 5

SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1  # ABI 6

_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1, 5: (1 << 16) - 1}
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
"""The only rights a rule on a file (not a folder) may carry."""

READ = READ_FILE | READ_DIR
READ_EXECUTE = READ | EXECUTE
ALL = (1 << 16) - 1

TEST_ABI_VARIABLE = "ROOTKEEPER_TEST_LANDLOCK_ABI"
"""Tests only: the ABI this process believes the kernel offers (0: no Landlock), to see what an old kernel does."""


class LandlockError(OSError):
    """The kernel refused a step of applying a ruleset."""


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def abi_version(*, honour_test_switch: bool = True) -> int:
    """The Landlock ABI this kernel offers; 0 where there is none (not Linux, disabled, too old)."""
    if honour_test_switch and (forced := os.environ.get(TEST_ABI_VARIABLE)) is not None:
        return int(forced) if forced.isdigit() else 0
    if not sys.platform.startswith("linux"):
        return 0
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    version = libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(int(version), 0)


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def handled_rights(abi: int) -> int:
    """Every file-system right the kernel's ABI knows: anything not allowed by a rule is denied."""
    return _FS_BY_ABI.get(abi, ALL) if abi > 0 else 0


def restrict(rules: Iterable[tuple[str, int]], *, abi: int) -> None:
    """Deny this process (and all it starts) every file-system access but `rules` (path, rights); with ABI 6,
    also signals and abstract Unix sockets beyond its own domain. Paths that do not exist are skipped."""
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    handled = handled_rights(abi)
    attr = _RulesetAttr(handled, 0, SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0)
    size = ctypes.sizeof(_RulesetAttr)  # an older kernel accepts the longer struct while its tail is zero
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise _error("landlock_create_ruleset")
    try:
        for path, rights in rules:
            _add(libc, int(ruleset), path, rights & handled)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise _error("prctl(PR_SET_NO_NEW_PRIVS)")
        if libc.syscall(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise _error("landlock_restrict_self")
    finally:
        os.close(ruleset)


def _add(libc: ctypes.CDLL, ruleset: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # nothing there to allow
    try:
        if not stat.S_ISDIR(os.fstat(fd).st_mode):
            rights &= FILE_RIGHTS
        attr = _PathBeneathAttr(rights, fd)
        if libc.syscall(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH), ctypes.byref(attr),
                        ctypes.c_uint32(0)) != 0:
            raise _error(f"landlock_add_rule({path})")
    finally:
        os.close(fd)


def _error(step: str) -> LandlockError:
    number = ctypes.get_errno()
    return LandlockError(number, f"{step}: {os.strerror(number)}")
