"""How a stdio server is started now: the one place where the hub, `call` and the bridge turn an entry into the
command they spawn.

Two things depend on the folders the server may see: its placeholders (`app.core.servers.arguments`, filled with
`argument_folders`) and its confinement (`app.core.confine`: the launcher's ruleset, from `granted_folders`: read
and write, or read only where the folder is marked read-only). Either makes the started command change when the
folders (or their modes) change, and the starters restart it then.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from app.core.confine.wrap import confined_target, confines, server_boundary
from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.paths import printable
from app.core.policy import NO_POLICY, Policy
from app.core.roots.access import AccessResult
from app.core.roots.sharing import argument_folders, granted_folders
from app.core.servers.arguments import effective_entry, has_placeholders, left_out
from app.core.text import Message, message

log = logging.getLogger(__name__)
_notes: dict[str, Message] = {}
"""Per server name, the sentence about its last start's command line (`start_note`), for its log."""


def depends_on_folders(entry: ServerEntry) -> bool:
    """Whether `entry`'s started command changes with the folders it may see (and must be restarted then)."""
    return has_placeholders(entry.target) or confines(entry)


def started_entry(
    data: StoreData,
    statuses: Mapping[str, AccessResult],
    entry: ServerEntry,
    policy: Policy = NO_POLICY,
) -> tuple[ServerEntry, list[str] | None]:
    """`entry` as it is started now, and the folders filled into its command line (None: it takes none).

    The same object when neither placeholders nor confinement change it."""
    folders = argument_folders(data, statuses, entry, policy) if has_placeholders(entry.target) else None
    started = effective_entry(entry, folders) if folders is not None else entry
    note = separator_note(entry, folders)
    if note is not None:  # in the log of whoever starts it (hub, bridge, call), and in the server's own
        log.warning("%s", note.text)
        _notes[entry.name] = note
    else:
        _notes.pop(entry.name, None)
    if confines(entry):
        from app.core.system.locations import state_home

        target = started.target
        assert isinstance(target, StdioTarget)
        granted = granted_folders(data, statuses, entry, policy)
        limits = server_boundary(entry, target, granted.folders, granted.read_only, str(state_home() / "confined"))
        started = started.model_copy(update={"target": confined_target(target, limits)})
    return started, folders


def start_note(name: str) -> Message | None:
    """What the user should know about how `name` was last started here (a folder left out), or None."""
    return _notes.get(name)


def separator_note(entry: ServerEntry, folders: list[str] | None) -> Message | None:
    """The sentence saying which folders a joined placeholder leaves out of `entry`'s command, or None."""
    target = entry.target
    if folders is None or not isinstance(target, StdioTarget):
        return None
    missing = left_out(target, folders)
    if not missing:
        return None
    return message("arguments.separator_left_out", name=entry.name, folders=printable(", ".join(missing)))
