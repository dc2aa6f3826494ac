"""How a command line is shortened to fit a cell: the program's name and its first arguments stay readable.

Cut from the left, `node ~/.npm/…/server-filesystem/dist/index.js {roots}` showed "…s}"; cut in the
middle, it hid which program runs. Here the command is shortened word by word, in this order, until
it fits: the program by its name alone (`/usr/bin/python3` → `python3`), then each path by the middle
(`…/dist/index.js`, then `…/index.js`), then the last arguments dropped for one "…". Whatever is left
too long (the program and its first argument) is cut at its end by the view. The whole line is in the tooltip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt

COMMAND_WORDS_ROLE = Qt.ItemDataRole.UserRole + 20
"""A cell's command line as its words (program first), for the delegate that shortens it (`elide_command`)."""

ELLIPSIS = "…"
KEPT_PARTS = (2, 1)
"""How many of a path's last parts stay, tried in turn (`…/dist/index.js`, then `…/index.js`)."""


def elide_command(words: Sequence[str], fits: Callable[[str], bool]) -> str:
    """The longest of the shortenings (see the module) of `words` for which `fits` holds; if none does, the program
    and its first argument, for the view to cut at the end."""
    if not words:
        return ""
    shown = list(words)
    if fits(line := " ".join(shown)):
        return line
    shown[0] = program_name(shown[0])
    if fits(line := " ".join(shown)):
        return line
    for keep in KEPT_PARTS:
        shown = [shown[0], *(middle_elided(word, keep) for word in shown[1:])]
        if fits(line := " ".join(shown)):
            return line
    for count in range(len(shown) - 2, 0, -1):  # the first arguments say most: drop from the end
        if fits(line := " ".join([*shown[:1 + count], ELLIPSIS])):
            return line
    return " ".join([*shown[:2], ELLIPSIS] if len(shown) > 2 else shown)  # the view cuts its end


def program_name(command: str) -> str:
    """`/usr/bin/python3` → `python3`; a bare name stays as it is."""
    name = command.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    return name or command


def middle_elided(word: str, keep: int) -> str:
    """A path's first part and its last `keep` parts around "…" (`~/…/dist/index.js`); other words as they are.

    An option's value (`--root=/a/b/c`) is shortened after its `=`.
    """
    head, sep, value = word.partition("=") if "=" in word.split("/", 1)[0] else ("", "", word)
    parts = value.split("/")
    if len(parts) <= keep + 2:  # nothing in the middle worth hiding
        return word
    return f"{head}{sep}{parts[0]}/{ELLIPSIS}/{'/'.join(parts[-keep:])}"
