"""PySide6 reads the source of every module imported after it, and keeps it: the same question, asked cheaply.

For its `__feature__` switches (PYSIDE-2029) PySide6 asks of each newly imported module whether its
source mentions "PySide6", with `inspect.getsource`, which splits the file into lines and keeps them
in `linecache` for the life of the process. In this app that is every module loaded after Qt, the
standard library's and pydantic's included: about 9 MiB of cached lines in a settled GUI (its
largest single holder of Python memory) and milliseconds before the tray is on screen. Reading the
file's bytes once and keeping nothing gives the same answer. A module that is not a plain `.py`
file is left to PySide6's own check, and a PySide6 without this hook is left as it is.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (loading Qt installs the hook whose check is replaced)

_MARK = "_rootkeeper_reads_bytes"


def install() -> bool:
    """Replace PySide6's check (once); False when this PySide6 has no such check."""
    feature = sys.modules.get("shibokensupport.feature")
    original: Callable[[ModuleType], bool] | None = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or original is None:
        return False
    if getattr(original, _MARK, False):
        return True

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return original(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return original(module)

    setattr(uses_pyside, _MARK, True)
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]  # looked up by name on each import
    return True


install()
