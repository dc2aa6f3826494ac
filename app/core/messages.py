"""Sentences for people, carried with a stable code and arguments so every interface can translate them.

Core and the protocol layer say what happened as a `Message`: `code` names the kind of sentence
(stable, never shown), `args` fills its placeholders, and `text` is the English sentence built from
both. The CLI prints `text`; the GUI looks `code` up in its translations and falls back to `text`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Message:
    code: str
    text: str
    args: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class UserError(ValueError):
    """A refusal for the user: one sentence, and the code and arguments to translate it. Nothing was written."""

    def __init__(self, code: str, text: str, **args: str) -> None:
        super().__init__(text)
        self.message = Message(code, text, dict(args))

    @property
    def code(self) -> str:
        return self.message.code

    @property
    def args_map(self) -> Mapping[str, str]:
        return self.message.args
