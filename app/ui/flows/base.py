"""What the desktop and host flows need of the main flows (`app.ui.flows.flows.Flows`), which own them."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.ui.flows.edit_history import EditHistory
    from app.ui.flows.services import StoreEditor
    from app.ui.models.live import LiveState
    from app.ui.window.message_bar import Level

T = TypeVar("T")


class FlowHost(Protocol):
    editor: StoreEditor
    live: LiveState
    history: EditHistory

    def report(self, text: str, level: Level) -> None: ...

    async def guard(self, edit: Awaitable[T]) -> T | None:
        """The edit's result, or None when it was refused (the refusal is reported)."""

    async def saved(self, edit: Awaitable[object]) -> bool:
        """Whether the edit was saved (a refusal is reported)."""

    async def add_paths(self, parent: QWidget, texts: Sequence[str], *, notes: Sequence[str] = ()) -> None: ...
