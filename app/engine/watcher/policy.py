"""The administrator's policy as a running process sees it: read at start, again whenever its file changes.

The watcher watches the policy files' folders like the store's, so a rule that forbids a shared
folder takes it out of every list at once; the periodic re-check reads it too, for a folder
that could not be watched.
"""

from __future__ import annotations

import logging
import os

from app.core.policy import Policy, load_policy, policy_paths

log = logging.getLogger(__name__)


class PolicyWatch:
    def __init__(self) -> None:
        self.paths = policy_paths()
        self.policy: Policy = load_policy()
        self._say()

    @property
    def folders(self) -> set[str]:
        return {str(path.parent) for path in self.paths}

    def watched(self) -> set[str]:
        """The policy's folder while it exists. Never a folder above it (for /etc/rootkeeper that is
        /etc, busy and large): a policy folder made later is read by the periodic round instead."""
        return {folder for folder in self.folders if os.path.isdir(folder)}

    def concerns(self, paths: set[str]) -> bool:
        """Whether file events at `paths` may have changed the policy file."""
        return any(str(path) in paths for path in self.paths) or bool(self.folders & paths)

    def reload(self) -> bool:
        """Read the files again; True when what they say changed."""
        fresh = load_policy()
        changed = fresh != self.policy
        self.policy = fresh
        if changed:
            self._say()
        return changed

    def _say(self) -> None:
        """A broken policy shares nothing; the log (and the window, where a folder shows why) says so once."""
        if self.policy.broken is not None:
            log.warning("%s", self.policy.broken.text)
