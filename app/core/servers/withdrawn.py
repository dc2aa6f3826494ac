"""What one server process was given, and which folders an empty list took from it: the one record that arms
the rule teaching `ServerEntry.keeps_after_empty` (`binding.serves_withdrawn`).

Every way a list reaches a server feeds it: a handshake-era `roots/list` answer and a 2026-07-28
input-required round in the bridge, the SDK's roots callback in the hub and `call`. While the last list given
was empty, `serves` tells whether an answer still names a folder given before; otherwise it is not armed and
costs nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from app.core.paths import PathError, uri_to_path
from app.core.servers.binding import serves_withdrawn


class GivenFolders:
    """The folders given to one server process, and those withdrawn by an empty list.

    `before`: URIs it was given before this record began (for `call`, the last list the history holds for it);
    they count as given until `forget` (a new process). Cheap on every roots answer (a list given again, the
    same object, costs nothing; a new one adds its URIs to a set): their paths are worked out only when an
    empty list arms the check.
    """

    def __init__(self, before: Iterable[str] = ()) -> None:
        self._before = tuple(before)
        self._given: set[str] = set()
        self._last: Sequence[str] | None = None
        """The last list given, by identity: the hub and `call` give one list object until the list changes."""
        self._marks: list[str] | None = None
        """The given URIs and their paths, once worked out (None: worked out at the next empty list)."""
        self.withdrawn: list[str] = []
        """Set while the last list given was empty: the folders given before, which it must not serve."""
        self.forget()

    def forget(self) -> None:
        """A new process took over: it was given nothing yet."""
        self._given = set(self._before)
        self._last = self._marks = None
        self.withdrawn = []

    def given(self, uris: Sequence[str]) -> None:
        """The server was just given `uris` (as sent); an empty list arms `serves`, any other disarms it."""
        if not uris:
            if self._marks is None:
                self._marks = sorted(_with_paths(self._given))
            self.withdrawn = self._marks
            return
        self.withdrawn = []
        if uris is self._last:
            return
        self._last = uris
        size = len(self._given)
        self._given.update(uris)
        if len(self._given) != size:
            self._marks = None

    @property
    def armed(self) -> bool:
        return bool(self.withdrawn)

    def serves(self, asked: Any, answer: Any) -> bool:
        """Whether a successful `answer` (a JSON-RPC result, decoded) to a request with the params `asked` names a
        withdrawn folder: the server still serves it after its empty list."""
        if not self.withdrawn or not isinstance(answer, dict) or answer.get("isError") is True:
            return False
        return serves_withdrawn([*strings(asked), *strings(answer)], self.withdrawn)


def _with_paths(uris: Iterable[str]) -> set[str]:
    """The URIs and the local paths they name (what a server may answer with)."""
    marks = set(uris)
    for uri in list(marks):
        with contextlib.suppress(PathError):
            marks.add(uri_to_path(uri))
    return marks


def strings(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON value (without recursion: a server may nest as deep as the parser allows)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
