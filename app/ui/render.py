"""Sentences on screen: core's catalogue translated by Qt, filled with the message's arguments.

Every sentence has one English template, in `app.core.text` (where `pyside6-lupdate` collects it).
Here that same template is looked up in the loaded translation ("Messages" context) and its
`{name}` placeholders are filled from the `Message`'s arguments, in one pass, so a value that holds
braces or `%1` is shown as it is. A code that is not in the catalogue shows the English text it came
with. The UI's own words (context "Text" and the widgets' contexts) use Qt's `%1` placeholders,
filled by `fill`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from app.core.text import CATALOGUE, CONTEXT, Message, fill_in, placeholders

translate = QCoreApplication.translate

_NUMBERED = re.compile(r"%(\d+)")


def _known_hosts() -> str:
    from app.core.hosts import HOSTS  # at the first sentence that needs it, not when the tray starts

    return ", ".join(HOSTS)


FILLED_HERE = {"hosts": _known_hosts}
"""Arguments a sentence names that the UI can supply when a message does not carry them (an older one)."""


def fill(template: str, values: list[str]) -> str:
    """Qt-style `%1`…`%n` substitution in one pass, so an argument that contains `%2` stays as it is."""

    def value(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return values[index - 1] if 1 <= index <= len(values) else match.group(0)

    return _NUMBERED.sub(value, template)


def render_message(said: Message) -> str:
    template = CATALOGUE.get(said.code)
    if template is None:
        return said.text
    values = {name: _arg(said.args, name) for name in placeholders(template)}
    return fill_in(translate(CONTEXT, template), values)


def _arg(args: Mapping[str, str], name: str) -> str:
    if name in args:
        return str(args[name])
    supply = FILLED_HERE.get(name)
    return supply() if supply is not None else ""


def render(problem: object) -> str:
    """Any sentence for the user: a `Message`, an exception carrying one (`UserError`, `StoreError`), or text."""
    if isinstance(problem, Message):
        return render_message(problem)
    carried = getattr(problem, "message", None)
    if isinstance(carried, Message):
        return render_message(carried)
    return str(problem)


def quoted(name: str) -> str:
    """A name in the language's quotation marks (“…” in zh_CN, 「…」 in zh_TW)."""
    return translate("Text", "'%1'").replace("%1", name)


def quoted_list(names: list[str]) -> str:
    return translate("Text", ", ").join(quoted(name) for name in names)


def plain_tooltip(text: str | None) -> str | None:
    """A tooltip that shows `text` literally: Qt renders a tooltip as HTML whenever it looks like HTML.

    Text that Qt would take for HTML is wrapped in `<qt>` with the text escaped and its line breaks
    kept, so a server's `<img>` or a folder named `<b>x</b>` is shown as typed and loads nothing;
    any other text is already shown as it is.
    """
    # Qt takes text for HTML only when it holds a tag or an escaped one ("&lt;"): most text needs no look.
    if text is None or ("<" not in text and "&" not in text):
        return text
    from PySide6.QtGui import Qt  # here: Qt's namespace builds all its enums (15 ms) and the tray shows first

    if not Qt.mightBeRichText(text):
        return text
    import html  # only here: it loads the whole table of named entities, and the tray's first tooltip needs none

    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


_MARKUP_LOOKALIKES = str.maketrans({"<": "‹", ">": "›", "&": "＆"})


def notification_text(text: str) -> str:
    """`text` for a desktop notification, where no markup can take effect.

    Notification servers that support "body-markup" render `<b>`, `<a>` and `<img>` in a body, and
    escaping with entities would show `&lt;` on those that do not; look-alike characters read the
    same on both and render nothing.
    """
    return text.translate(_MARKUP_LOOKALIKES)
