"""Share a pasted or typed path: cleaned and previewed (canonical path, link target, warnings) before saving."""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable, Sequence

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.ui import text
from app.ui.flows.services import Preview
from app.ui.render import render
from app.ui.slots import asyncSlot

PreviewService = Callable[[Sequence[str]], Awaitable[list[Preview]]]
DEBOUNCE_MS = 150


class PasteDialog(QDialog):
    def __init__(self, preview: PreviewService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pasteDialog")
        self._preview = preview
        self.current: Preview | None = None
        self.setMinimumWidth(560)
        self._prompt = QLabel(self)
        self._prompt.setWordWrap(True)
        self.input = QLineEdit(self)
        self.input.setClearButtonEnabled(True)
        self.summary = QLabel(self)
        self.summary.setObjectName("pastePreview")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setMinimumHeight(72)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.share_button = self._buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.share_button.setEnabled(False)
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._prompt)
        layout.addWidget(self.input)
        layout.addWidget(self.summary, 1)
        layout.addWidget(self._buttons)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self._refresh)
        self.input.textChanged.connect(self._typed)
        self.retranslate()
        self._show("", None)

    def offer(self, clipboard: str) -> None:
        """Start from what is on the clipboard (one line: a path, not a paragraph), previewed and selected,
        so Ctrl+V then Enter shares it and typing replaces it."""
        first = clipboard.strip()
        if first and "\n" not in first:
            self.input.setText(first)
            self.input.selectAll()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Share a path"))
        self._prompt.setText(self.tr("Paste or type the path of a folder or file. Quotes, spaces around it and "
                                     "file:// links are cleaned up; nothing is saved until you choose Share."))
        self.input.setPlaceholderText(self.tr("For example ~/projects/website"))
        self.share_button.setText(self.tr("Share"))

    def _typed(self) -> None:
        self.share_button.setEnabled(False)
        self._debounce.start()

    @asyncSlot()
    async def _refresh(self) -> None:
        self._show(self.input.text(), await self._preview_of(self.input.text()))

    async def _preview_of(self, typed: str) -> Preview | None:
        return (await self._preview([typed]))[0] if typed.strip() else None

    def _show(self, typed: str, preview: Preview | None) -> None:
        if typed != self.input.text():
            return  # the user kept typing; a newer preview is on its way
        self.current = preview
        self.share_button.setEnabled(preview is not None and preview.can_add)
        self.summary.setText(self._describe(typed, preview))
        self._grow_to_fit()

    def _grow_to_fit(self) -> None:
        """Taller when the preview's warnings need it (never shrinking under the user's hand)."""
        layout = self.layout()
        if layout is None:
            return
        needed = layout.heightForWidth(self.width()) if layout.hasHeightForWidth() else layout.sizeHint().height()
        if needed > self.height():
            self.resize(self.width(), needed)

    def _describe(self, typed: str, preview: Preview | None) -> str:
        if preview is None:
            return f"<span style='color:#80868b'>{html.escape(self.tr('Nothing to share yet.'))}</span>"
        lines: list[str] = []
        if preview.text != typed:
            lines.append(self._line(self.tr("Cleaned up:"), preview.text))
        plan = preview.plan
        if plan is None:
            return "<br>".join([*lines, _colored("#b3261e", "✗ " + (render(preview.error) if preview.error else ""))])
        root = plan.root
        kind = self.tr("File:") if root.is_file else self.tr("Folder:")
        lines.append(self._line(kind, text.home_relative(root.entered_path)))
        if root.path != root.entered_path:
            lines.append(self._line(self.tr("Links to:"), text.home_relative(root.path)))
        lines.append(self._line(self.tr("Name:"), root.name))
        if plan.duplicate is not None:
            lines.append(_colored("#b3261e", "✗ " + self.tr("This is already shared as '%1'.").replace(
                "%1", plan.duplicate.other.name)))
        for reason in preview.reasons():
            if plan.duplicate is None:
                lines.append(_colored("#8a5a00", "⚠ " + render(reason)))
        return "<br>".join(lines)

    @staticmethod
    def _line(label: str, value: str) -> str:
        return f"<b>{html.escape(label)}</b> {html.escape(value)}"

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def _colored(color: str, value: str) -> str:
    return f"<span style='color:{color}'>{html.escape(value)}</span>"
