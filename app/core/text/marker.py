"""The marker that puts a template in the translation catalogue while core imports no Qt.

`pyside6-lupdate` collects every `QT_TRANSLATE_NOOP("Messages", "…")` call it finds in a Python
source by this name, without any option (as Picard's `N_()` and Vorta's `trans_late()` mark theirs);
at run time the call only returns the English template. The GUI translates that same template with
`QCoreApplication.translate("Messages", template)` (app/ui/render.py).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text` itself: `context` is read by `pyside6-lupdate` only."""
    return text
