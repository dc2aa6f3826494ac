"""One-click roots: the "Suggested folders" menu shown in the roots page and the tray menu.

`Suggester` runs core's search off the GUI thread (a home folder can be large or slow) and keeps
the last answer; each `SuggestionsMenu` shows it. Picking an entry only asks for that folder to be
shared (through the same flow as the folder picker); nothing is shared by being suggested.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from app.core.paths import printable
from app.core.suggest.suggestion import Suggestion

if TYPE_CHECKING:
    from app.ui.models.snapshot import Snapshot

translate = QCoreApplication.translate
SuggestFunction = Callable[[Sequence[str]], list[Suggestion]]


def search_home(shared: Sequence[str]) -> list[Suggestion]:
    """Core's search of this user's home folder, less what the administrator's policy forbids (a thread)."""
    from app.core.policy import load_policy
    from app.core.suggest.suggestions import suggest

    policy = load_policy()
    return [found for found in suggest(Path.home(), shared=shared) if policy.permits_folder(found.path)]


def kind_text(kind: str) -> str:
    kinds = {
        "git": translate("Suggestions", "Git repository"),
        "hg": translate("Suggestions", "Mercurial repository"),
        "svn": translate("Suggestions", "Subversion working copy"),
        "jj": translate("Suggestions", "Jujutsu repository"),
        "vscode": translate("Suggestions", "Recently opened in VS Code"),
        "vscodium": translate("Suggestions", "Recently opened in VSCodium"),
        "cursor": translate("Suggestions", "Recently opened in Cursor"),
        "windsurf": translate("Suggestions", "Recently opened in Windsurf"),
        "jetbrains": translate("Suggestions", "Recently opened in a JetBrains IDE"),
        "zed": translate("Suggestions", "Recently opened in Zed"),
    }
    return kinds.get(kind, kind)


def shown_path(path: str) -> str:
    home = str(Path.home())
    inside = path == home or path.startswith(home.rstrip(os.sep) + os.sep)
    return printable("~" + path[len(home) :] if inside else path)


class Suggester(QObject):
    """The suggestions, refreshed on demand; already-shared folders drop out at once without a new search."""

    suggestionsChanged = Signal()

    def __init__(self, search: SuggestFunction, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._search = search
        self._found: list[Suggestion] = []
        self._shared: set[str] = set()
        self._roots_source: object = None
        self._task: asyncio.Task[None] | None = None
        self.searched = False
        """Whether a search was started (the first one waits until someone looks)."""

    @property
    def suggestions(self) -> list[Suggestion]:
        return [s for s in self._found if s.path not in self._shared]

    def follow(self, snapshot: Snapshot) -> None:
        """The folders `snapshot` shares; the store's very list again (a round of checks) changed none."""
        if snapshot.roots_source is None or snapshot.roots_source is not self._roots_source:
            self._roots_source = snapshot.roots_source
            self.set_shared([row.root.path for row in snapshot.roots])

    def set_shared(self, paths: Sequence[str]) -> None:
        shared = set(paths)
        if shared != self._shared:
            self._shared = shared
            self.suggestionsChanged.emit()

    def refresh(self) -> None:
        """Search again (in a thread); without a running event loop (a window shown by a test) nothing starts."""
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.searched = True
        self._task = loop.create_task(self._refresh())

    async def _refresh(self) -> None:
        self._found = await asyncio.to_thread(self._search, sorted(self._shared))
        self.suggestionsChanged.emit()


class SuggestionsMenu(QMenu):
    """Lists the suggester's folders; `chosen(path)` when the user picks one."""

    chosen = Signal(str)

    def __init__(self, suggester: Suggester, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("suggestionsMenu")
        self._suggester = suggester
        self.setToolTipsVisible(True)
        suggester.suggestionsChanged.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        self.clear()
        self.setTitle(translate("Suggestions", "Suggested &folders"))
        found = self._suggester.suggestions
        if not found:
            empty = self.addAction(translate("Suggestions", "No suggestions: no repositories or recent projects found"))
            empty.setEnabled(False)
        for suggestion in found[:20]:
            action = QAction(shown_path(suggestion.path).replace("&", "&&"), self)
            action.setObjectName("suggestion")
            action.setData(suggestion.path)
            action.setToolTip(f"{kind_text(suggestion.kind)}\n{printable(suggestion.path)}")
            action.triggered.connect(lambda _checked=False, path=suggestion.path: self.chosen.emit(path))
            self.addAction(action)
        self.addSeparator()
        again = self.addAction(translate("Suggestions", "Look again"))
        again.setObjectName("suggestionsRefresh")
        again.triggered.connect(self._suggester.refresh)

    @property
    def searched(self) -> bool:
        return self._suggester.searched

    def refresh(self) -> None:
        self._suggester.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.rebuild()
        super().changeEvent(event)

    def suggestion_actions(self) -> list[QAction]:
        return [action for action in self.actions() if action.objectName() == "suggestion"]
