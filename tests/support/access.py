"""Access checks that hang, as on a dead network mount: the one stand-in for a path that never answers."""

from __future__ import annotations

import threading
from pathlib import Path

from app.core.roots.access import AccessResult, AccessStatus, check_now


class HangingCheck:
    """A check that blocks on one path until released, as a dead network mount would: the one stand-in."""

    def __init__(self, hung: str) -> None:
        self.hung = hung
        self.release = threading.Event()
        self.calls: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, path: str, expect_file: bool) -> AccessResult:
        with self.lock:
            self.calls.append(path)
        if path == self.hung:
            assert self.release.wait(60), "the test never released the hung check"
            return AccessResult(AccessStatus.OK, "late")
        return check_now(path, expect_file=expect_file)


def stuck_and_fine(tmp_path: Path, stuck: str, fine: int) -> tuple[Path, list[Path]]:
    """A folder whose check will hang (named like a dead or slow mount) and `fine` ordinary ones, all made."""
    hung = tmp_path / stuck
    others = [tmp_path / f"fine-{n}" for n in range(fine)]
    for folder in (hung, *others):
        folder.mkdir()
    return hung, others
