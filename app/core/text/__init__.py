"""Every sentence Rootkeeper says to a person, written once: a stable code and its English template.

A code names the kind of sentence and never changes; its template has `{name}` placeholders that
the arguments fill. The templates live in this package's modules, each marked with
`QT_TRANSLATE_NOOP` so that `pyside6-lupdate` collects it into the "Messages" context. Every layer
says what happened as a `Message`: `code` names the kind of sentence (stable, never shown), `args`
fills its placeholders, and `text` is the English sentence built from both. The CLI, the bridge and
the logs print `text`; the GUI translates the same template and fills it with the same arguments
(app/ui/render.py). No sentence is spelled out anywhere else (tests/core/test_sentences_once.py).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from app.core.text.commands import COMMANDS
from app.core.text.hosts import HOSTS_AND_HUB
from app.core.text.sentences import BROAD_WHY, SENTENCES
from app.core.text.servers import SERVER_FAILURES

__all__ = ["BROAD_WHY", "CATALOGUE", "CONTEXT", "SENTENCES", "Message", "UserError", "fill_in", "message",
           "placeholders", "refusal", "sentence"]

CONTEXT = "Messages"
"""The translation context of every template (the first argument of each `QT_TRANSLATE_NOOP`)."""

CATALOGUE: dict[str, str] = {**SENTENCES, **SERVER_FAILURES, **HOSTS_AND_HUB, **COMMANDS}
"""Every code's English template: core's `SENTENCES`, the protocol layer's, the hosts', the commands'."""

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


@dataclass(frozen=True)
class Message:
    code: str
    text: str
    args: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class UserError(ValueError):
    """A refusal for the user: one sentence of the catalogue, with its code and arguments. Nothing was written."""

    def __init__(self, code: str, /, **args: object) -> None:
        self.message = message(code, **args)
        super().__init__(self.message.text)

    @property
    def code(self) -> str:
        return self.message.code

    @property
    def args_map(self) -> Mapping[str, str]:
        return self.message.args


def placeholders(template: str) -> list[str]:
    """The argument names a template's `{name}` placeholders ask for, in order."""
    return list(_pieces(template)[1::2])


@functools.cache
def _pieces(template: str) -> tuple[str, ...]:
    """The template cut at its placeholders: literal text at even indexes, argument names at odd ones."""
    return tuple(_PLACEHOLDER.split(template))


def fill_in(template: str, args: Mapping[str, str]) -> str:
    """`template` with each `{name}` that `args` holds replaced by its value (others are left as they are).

    One pass, and never `str.format`: a value that holds braces (a path, a server's words) is shown
    as it is, and a template's literal braces (a JSON example) stay as they are.
    """
    return _joined(_pieces(template), args, None)


def message(code: str, /, **args: object) -> Message:
    """The sentence `code` with `args` filled in; the arguments travel with it (as text) for translation."""
    shown = {name: str(value) for name, value in args.items()}
    return Message(code, _joined(_pieces(CATALOGUE[code]), shown, code), shown)


def sentence(code: str, /, **args: object) -> str:
    """Just the English sentence: for what is never translated (the bridge's answers to a host, the CLI's lines)."""
    return _joined(_pieces(CATALOGUE[code]), {name: str(value) for name, value in args.items()}, code)


def _joined(pieces: tuple[str, ...], args: Mapping[str, str], strict: str | None) -> str:
    """The pieces with each name replaced by its argument; a missing one raises for the sentence `strict`."""
    if len(pieces) == 1:
        return pieces[0]
    out = list(pieces)
    for index in range(1, len(out), 2):
        name = out[index]
        if name in args:
            out[index] = args[name]
        elif strict is not None:
            raise KeyError(f"the sentence {strict} needs the argument {name}")
        else:
            out[index] = "{" + name + "}"
    return "".join(out)


def one_argument(code: str, /) -> Callable[[str], str]:
    """The English sentence `code`, which takes exactly one argument, as a function of that argument.

    For sentences made many times over (a folder's access check, per folder per check): the template
    is cut once here, so each call joins three strings and nothing more.
    """
    pieces = _pieces(CATALOGUE[code])
    if len(pieces) != 3:
        raise ValueError(f"the sentence {code} does not take exactly one argument")
    before, _, after = pieces
    return lambda value: f"{before}{value}{after}"


def refusal(code: str, /, **args: object) -> UserError:
    return UserError(code, **args)
