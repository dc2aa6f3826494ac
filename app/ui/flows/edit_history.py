"""The user's last edits, to take back with Ctrl+Z and do again with Ctrl+Shift+Z (Edit ▸ Undo / Redo).

Each flow that saves an edit records a `Step`: two coroutines that put the store back and do the
edit again, through the same core edits as everything else (the removals through
`app.core.edits.undo`). A new edit forgets what was undone; an undo or redo the store refuses (the
folder was removed meanwhile, by another process) is reported by the flow and leaves the step out.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

MOST_STEPS = 50
"""How many edits can be undone; older ones are forgotten."""


@dataclass(eq=False)
class Step:
    undo: Callable[[], Awaitable[bool]]
    """Put the store back as it was before the edit; False when the store refused (reported already)."""
    redo: Callable[[], Awaitable[bool]]
    """Make the edit again."""
    forget: Callable[[], None] = field(default=lambda: None)
    """Called once the step can no longer be undone or redone (it keeps a removed server's secrets)."""


class EditHistory(QObject):
    changed = Signal()
    """What can be undone or redone changed (the Undo and Redo actions follow it)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._done: list[Step] = []
        self._undone: list[Step] = []
        self._busy = False

    def can_undo(self) -> bool:
        return bool(self._done) and not self._busy

    def can_redo(self) -> bool:
        return bool(self._undone) and not self._busy

    def record(self, step: Step) -> Step:
        """A new edit: it can be undone; what was undone before it can no longer be redone."""
        self._drop(self._undone)
        self._done.append(step)
        self._drop(self._done[:-MOST_STEPS])
        del self._done[:-MOST_STEPS]
        self.changed.emit()
        return step

    def discard(self, step: Step) -> None:
        """Forget `step` (its Undo offer lapsed and what it needs is gone)."""
        for steps in (self._done, self._undone):
            if step in steps:
                steps.remove(step)
                self._drop([step])
        self.changed.emit()

    async def undo(self, step: Step | None = None) -> None:
        """Undo the last edit, or `step` (the Undo of a message about it)."""
        await self._move(self._done, self._undone, step, redo=False)

    async def redo(self) -> None:
        await self._move(self._undone, self._done, None, redo=True)

    async def _move(self, source: list[Step], target: list[Step], step: Step | None, *, redo: bool) -> None:
        if self._busy or not source or (step is not None and step not in source):
            return
        chosen = step if step is not None else source[-1]
        source.remove(chosen)
        self._busy = True
        self.changed.emit()
        try:
            ok = await (chosen.redo() if redo else chosen.undo())
        finally:
            self._busy = False
        if ok:
            target.append(chosen)
        else:
            self._drop([chosen])
        self.changed.emit()

    @staticmethod
    def _drop(steps: list[Step]) -> None:
        for step in list(steps):
            step.forget()
        steps.clear()
