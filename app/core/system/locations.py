"""Where Rootkeeper keeps things: the settings folder (the store) and the state folder (logs, status).

`ROOTKEEPER_HOME` must be absolute: a relative one would mean a different store in every working
folder, so it is refused (`check_home`, and every lookup) rather than silently resolved.
"""

from __future__ import annotations

import os
from pathlib import Path

from app.core.text import refusal

HOME_VARIABLE = "ROOTKEEPER_HOME"

STORE_STATE_FOLDERS: set[Path] = set()
"""The state folders of the stores this process opened (`app.core.servers.secrets.known_folder` tells why)."""


def _override() -> Path | None:
    value = os.environ.get(HOME_VARIABLE)
    if not value:
        return None
    path = Path(os.path.expanduser(value))
    if not path.is_absolute():
        raise refusal("home.relative", value=value.encode("utf-8", "backslashreplace").decode("utf-8"))
    return path


def check_home() -> None:
    """Refuse (UserError, one sentence) a `ROOTKEEPER_HOME` that cannot name one fixed folder."""
    _override()


def config_home() -> Path:
    override = _override()
    if override is not None:
        return override
    import platformdirs

    return Path(platformdirs.user_config_dir("rootkeeper", appauthor=False))


def state_home() -> Path:
    """Logs and live status; under ROOTKEEPER_HOME when set, so a test or a portable setup stays in one folder."""
    override = _override()
    if override is not None:
        return override / "state"
    import platformdirs

    return Path(platformdirs.user_state_dir("rootkeeper", appauthor=False))


def log_dir() -> Path:
    return state_home() / "logs"


SOCKET_PATH_MAX = 100
"""A Unix socket's path must fit in `sun_path` (104 bytes on macOS, 108 on Linux), with room to spare."""


def is_private_folder(path: Path) -> bool:
    """A real folder (not a link) owned by this user that no one else can enter or write."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    import stat

    owner_ok = not hasattr(os, "geteuid") or info.st_uid == os.geteuid()
    return stat.S_ISDIR(info.st_mode) and owner_ok and not info.st_mode & 0o077


def runtime_dir(state_dir: Path, socket_name: str) -> Path | None:
    """A private folder for the single-instance socket, or None when no candidate is private.

    Tried in order: `$XDG_RUNTIME_DIR/rootkeeper` (the desktop's per-user runtime folder), the state
    folder, then `rootkeeper-UID` in the temporary folder. A candidate must be private (another
    local user who made it first, or a symlink, disqualifies it) and short enough for a socket path.
    """
    import tempfile

    from app.core.system.fileio import private_dir

    candidates = []
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime) and is_private_folder(Path(runtime)):
        candidates.append(Path(runtime) / "rootkeeper")
    candidates.append(state_dir)
    uid = os.geteuid() if hasattr(os, "geteuid") else 0
    candidates.append(Path(tempfile.gettempdir()) / f"rootkeeper-{uid}")
    for folder in candidates:
        if len(os.fsencode(folder / socket_name)) > SOCKET_PATH_MAX:
            continue
        try:
            if not folder.exists():
                private_dir(folder)
        except OSError:
            continue
        if is_private_folder(folder):
            return folder
    return None
