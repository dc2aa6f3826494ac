"""Where Rootkeeper keeps things: the settings folder (the store) and the state folder (logs, status)."""

from __future__ import annotations

import os
from pathlib import Path


def config_home() -> Path:
    override = os.environ.get("ROOTKEEPER_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("rootkeeper", appauthor=False))


def state_home() -> Path:
    """Logs and live status; under ROOTKEEPER_HOME when set, so a test or a portable setup stays in one folder."""
    override = os.environ.get("ROOTKEEPER_HOME")
    if override:
        return Path(override) / "state"
    import platformdirs

    return Path(platformdirs.user_state_dir("rootkeeper", appauthor=False))


def log_dir() -> Path:
    return state_home() / "logs"
