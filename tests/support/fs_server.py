"""The reference filesystem server from npm (tests/node), `FS_SERVER` in `tests.support.bridge`: the node that
runs it, the folders it says it uses, and the lists it logs applying."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from tests.support.bridge import FS_APPLIED, FS_SERVER
from tests.support.cli import CliResult


def node() -> str:
    """The `node` that runs it (both installed by `make test`)."""
    found = shutil.which("node")
    assert found is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    return found


def allowed_text(result: dict[str, Any]) -> list[str]:
    """The folders a `list_allowed_directories` result names."""
    heading, *lines = result["content"][0]["text"].splitlines()
    assert heading.startswith("Allowed directories"), result
    return lines


def allowed(result: CliResult) -> list[str]:
    """The folders `rootkeeper call SERVER list_allowed_directories` printed, once it succeeded."""
    assert result.code == 0, result
    return allowed_text(result.json())


def applied_counts(log: Path) -> list[int]:
    """How many folders each list it applied held, oldest first, from its log (stderr)."""
    if not log.exists():
        return []
    counts = []
    for line in log.read_text(errors="replace").splitlines():
        if FS_APPLIED in line:
            counts.append(int(line.split(":")[1].split()[0]))
    return counts
