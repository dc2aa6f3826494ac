"""How binding a server's list of folders is: one word and one sentence, from what the server was seen doing.

The roots protocol is advice a server may ignore, so what a list means depends on the server:

- `confined`: it runs under a ruleset that refuses it every file of the user's outside its folders
  (`core.confine`), restarted with a new one when they change: the list binds whatever the server does;
- `arguments`: its command line carries the folder placeholders (`core.servers.arguments`): it starts with
  exactly the folders it may see and is restarted when they change;
- `own_folders`: the user kept folders on its own command line (`ServerEntry.kept_folders`, see
  `core.servers.folder_args`): it serves them whatever the list says;
- `told`: it asked for its folders again after being told they changed;
- `told_at_connect`: it asked when it connected but not after being told of a change (Rootkeeper reconnects
  it when its folders change);
- `not_told`: it connected without asking: it sees only what its own configuration gives it (in the
  2026-07-28 era: it ran tool calls without asking; some servers ask only when they connect in the
  handshake era, and the sentence shown names the command pinning that era: `core.servers.era.era_hint`);
- `unknown`: it has not yet been seen asking for its folders (or connecting without asking).

What it was seen doing is `ServerEntry.asks_roots`, remembered by the hub, `call` and the bridge (`learned`).
No pydantic: `servers list` computes it from the store's plain data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Literal

from app.core.servers.placeholders import PLACEHOLDERS
from app.core.text import Message, message

AsksRoots = Literal["never", "at_connect", "on_change"]
"""What a server was seen doing: connected without asking; asked at connect but not after a change; asked
again after being told of a change."""


class Binding(StrEnum):
    CONFINED = "confined"
    ARGUMENTS = "arguments"
    OWN_FOLDERS = "own_folders"
    TOLD = "told"
    TOLD_AT_CONNECT = "told_at_connect"
    NOT_TOLD = "not_told"
    UNKNOWN = "unknown"

    def word(self) -> Message:
        return message(f"binding.{self.value}.word")


_BY_ASKING: dict[str | None, Binding] = {
    "on_change": Binding.TOLD, "at_connect": Binding.TOLD_AT_CONNECT, "never": Binding.NOT_TOLD, None: Binding.UNKNOWN,
}


def binding(command_line: Iterable[str], own_folders: Sequence[str], asks_roots: str | None) -> Binding:
    """The binding of a server whose args and env values are `command_line`, with `own_folders` named on it."""
    if any(mark in text for text in command_line for mark in PLACEHOLDERS):
        return Binding.ARGUMENTS
    if own_folders:
        return Binding.OWN_FOLDERS
    return _BY_ASKING.get(asks_roots, Binding.UNKNOWN)


def server_binding(
    stdio: bool, args: Sequence[str], env_values: Iterable[str], kept_folders: Sequence[str], asks_roots: str | None,
    *, confined: bool = False,
) -> tuple[Binding, list[str]]:
    """A server's binding, and the folders it keeps as its own (`stdio`: it has a command line; `kept_folders`:
    the folders on it the user chose to leave, `ServerEntry.kept_folders`; `confined`: `ServerEntry.confined`)."""
    if not stdio:
        return binding((), (), asks_roots), []
    own = list(kept_folders)
    if confined:
        return Binding.CONFINED, own
    return binding([*args, *env_values], own, asks_roots), own


def explained(kind: Binding, own_folders: Sequence[str] = ()) -> Message:
    """The sentence that says what `kind` means for the user's folders."""
    if kind is Binding.OWN_FOLDERS:
        return message("binding.own_folders", folders=", ".join(own_folders))
    return message(f"binding.{kind.value}")


_RANK: dict[str, int] = {"never": 1, "at_connect": 2, "on_change": 3}


def learned(before: AsksRoots | None, seen: AsksRoots) -> AsksRoots:
    """What to remember after seeing `seen`: asking after a change outranks asking at connect, which
    outranks never asking (a server may skip a fetch, but a fetch seen is never unseen)."""
    return before if before is not None and _RANK[before] > _RANK[seen] else seen


def serves_withdrawn(texts: Iterable[str], withdrawn: Sequence[str]) -> bool:
    """Whether a server answering with (or about) `texts` still serves one of the `withdrawn` folders.

    The rule that teaches `ServerEntry.keeps_after_empty`: the server was given `withdrawn` (paths and their
    `file://` URIs), then answered an empty list, and a successful answer to a request of the host still names a
    path inside one of them (in the request's arguments or in the answer itself). A name that merely starts the
    same (`/data/alpha` in `/data/alphabet`) does not count.
    """
    marks = [folder.rstrip("/\\") or folder for folder in withdrawn if folder]
    if not marks:
        return False
    for text in texts:
        for mark in marks:
            start = text.find(mark)
            while start != -1:
                after = text[start + len(mark): start + len(mark) + 1]
                if not after or not (after.isalnum() or after in "._-~"):
                    return True
                start = text.find(mark, start + 1)
    return False
