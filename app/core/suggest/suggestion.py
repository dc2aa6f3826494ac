"""One folder worth sharing, and where it was found."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Suggestion:
    path: str
    kind: str
    """`git`, `hg`, … for a repository; `vscode`, `cursor`, `jetbrains`, `zed`, … for a recent workspace."""
    detail: str
    """Where it was found (the editor's file, or the repository's marker)."""

    def as_json(self) -> dict[str, str]:
        return {"path": self.path, "kind": self.kind, "detail": self.detail}
