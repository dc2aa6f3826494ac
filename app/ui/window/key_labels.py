"""How an action's keys and label read outside a menu: in a tooltip, on a toolbar button, in the list of keys."""

from __future__ import annotations

import re

from PySide6.QtGui import QAction, QKeySequence

from app.ui.render import plain_tooltip

_HINT = re.compile(r"\s*[(（]&[^()（）]+[)）]")


def bare_label(text: str) -> str:
    """`text` without its mnemonic: "Pa&use sharing" → "Pause sharing", "暂停共享(&U)" → "暂停共享"."""
    return _HINT.sub("", text).replace("&&", "\0").replace("&", "").replace("\0", "&")


def key_names(action: QAction) -> str:
    """The action's keys as this desktop writes them ("Ctrl+Z, Ctrl+Shift+Z"), or ""."""
    return ", ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts())


def keyed_tooltip(text: str, action: QAction) -> str:
    """`text` with the action's first key after it, as a toolbar button's tooltip shows it."""
    keys = action.shortcuts()
    shown = f"{text} ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})" if keys else text
    return plain_tooltip(shown) or ""
