"""Where Rootkeeper keeps things: the settings folder (the store) and the state folder (logs, status).

`ROOTKEEPER_HOME` must be absolute: a relative one would mean a different store in every working
folder, so it is refused (`check_home`, and every lookup) rather than silently resolved.
"""

from __future__ import annotations

import os
from pathlib import Path

from app.core.edits.sentences import refusal

HOME_VARIABLE = "ROOTKEEPER_HOME"


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
