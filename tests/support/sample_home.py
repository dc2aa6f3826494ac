"""A store that looks like a real user's, for the pictures of the app (the README screenshots)."""

from __future__ import annotations

import sys
from pathlib import Path

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from tests.support.project import PROJECT


def make_sample_data(home: Path, user_home: Path) -> None:
    """A store that looks like a real user's: projects, notes, a link, a folder gone missing, servers."""
    for folder in ("projects/website", "projects/api-server", "Documents/Research notes", "Documents/Thesis 2026",
                   "Downloads/old-experiments", "Backups/usb-drive"):
        (user_home / folder).mkdir(parents=True, exist_ok=True)
    (user_home / "notes.md").write_text("# notes\n")
    (user_home / "thesis").symlink_to(user_home / "Documents" / "Thesis 2026")

    def python_server(name: str, module: str, *args: str) -> StdioTarget:
        # A launcher in the sample user's ~/.local/bin, as an installed server would have, so the
        # window shows a command a reader recognises rather than this checkout's interpreter path.
        launcher = user_home / ".local" / "bin" / name
        launcher.parent.mkdir(parents=True, exist_ok=True)
        launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tests.servers.{module} "$@"\n')
        launcher.chmod(0o755)
        return StdioTarget(command=str(launcher), args=list(args), env={"PYTHONPATH": str(PROJECT)}, cwd=str(PROJECT))

    def fill(data: StoreData) -> None:
        for path, name in (("projects/website", None), ("projects/api-server", None),
                           ("Documents/Research notes", "Research"), ("thesis", "Thesis"), ("notes.md", None),
                           ("Downloads/old-experiments", None), ("Backups/usb-drive", "USB backup")):
            data.roots.append(plan_add(data, str(user_home / path), name=name).root)
        data.roots[5].enabled = False
        data.roots[2].read_only = True  # confined servers may only read "Research"
        chosen = [data.roots[0].id, data.roots[1].id]
        record = str(user_home / "seen.jsonl")
        data.servers += [
            ServerEntry(name="notes-assistant", target=python_server("notes-assistant", "roots_tool"),
                        share="all", consent="given"),
            ServerEntry(name="code-review", target=python_server("code-review", "legacy_recorder", "--record", record),
                        share=chosen, consent="given"),
        ]

    Store(home).update(fill)
    (user_home / "Backups" / "usb-drive").rmdir()  # unplugged since it was shared
