"""How an action's keys and label read outside a menu: in a tooltip, on a toolbar button, in the list of keys."""

from __future__ import annotations

import re

from PySide6.QtCore import QKeyCombination, Qt
from PySide6.QtGui import QAction, QKeySequence

from app.ui.render import plain_tooltip

_HINT = re.compile(r"\s*[(（]&[^()（）]+[)）]")


def bare_label(text: str) -> str:
    """`text` without its mnemonic: "Pa&use sharing" → "Pause sharing", "暂停共享(&U)" → "暂停共享"."""
    return _HINT.sub("", text).replace("&&", "\0").replace("&", "").replace("\0", "&")


def typed(key: QKeySequence) -> bool:
    """Whether a person types `key` on an ordinary keyboard: not a media key such as Find, Paste or Back."""
    if key.count() != 1:
        return True
    combination: QKeyCombination = key[0]  # type: ignore[index]  # (PySide's stubs lack __getitem__)
    if combination.keyboardModifiers() != Qt.KeyboardModifier.NoModifier:
        return True
    code = combination.key()
    return bool(Qt.Key.Key_F1.value <= code.value <= Qt.Key.Key_F35.value or code == Qt.Key.Key_Delete)


def key_names(action: QAction) -> str:
    """The action's keys as this desktop writes them ("Ctrl+Z, Alt+Backspace"), media keys left out, or ""."""
    return ", ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts() if typed(key))


def keyed_tooltip(text: str, action: QAction) -> str:
    """`text` with the action's first key after it, as a toolbar button's tooltip shows it."""
    keys = action.shortcuts()
    shown = f"{text} ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})" if keys else text
    return plain_tooltip(shown) or ""
