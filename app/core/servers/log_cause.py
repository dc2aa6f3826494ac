"""Which line of a server's log says why it failed.

A failing server's last line is rarely the cause: node ends a crash with "Node.js v20.20.2" ten lines below
"Error: Cannot find module …", and a server killed while it worked ends with whatever it logged last. The cause
is the last line that looks like an error (`error_line`); with none, nothing in the log is quoted as a cause.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_ERROR = re.compile(
    r"(?:^|[\s:(\[])(?:[A-Za-z_.]*(?:Error|Exception)\b|Traceback\b|fatal\b|FATAL\b|panic(?:ked)?\b|"
    r"E(?:NOENT|ACCES|PERM|ADDRINUSE|CONNREFUSED|NOTDIR|ISDIR|MFILE)\b|"
    r"[Pp]ermission denied|[Nn]o such file or directory|[Cc]annot find module|command not found|"
    r"not found|[Uu]nable to|[Ff]ailed to|ERROR\b|CRITICAL\b)"
)
_STACK = re.compile(r"^\s*(?:at\s|File\s\"|\^|~+\s*$|\.\.\.\s*\d+\s+more)")
"""Stack-trace frames and source markers: they name where, not what."""
_BANNERS = re.compile(r"^(?:Node\.js v\d|Require stack:|During handling of the above exception)")


def error_line(lines: Sequence[str]) -> str | None:
    """The last line of `lines` (oldest first) that says what went wrong, or None when none looks like an error.

    A Python traceback ends with its exception (`ModuleNotFoundError: No module named 'x'`), which is the line
    wanted; its frames and node's stack frames are passed over, as are runtime banners."""
    for line in reversed(lines):
        text = line.strip()
        if not text or _STACK.match(line) or _BANNERS.match(text):
            continue
        if _ERROR.search(text):
            return text
    return None
