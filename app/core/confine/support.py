"""Whether this system can confine a server, and the sentence that says why not: asked by every place that offers
confinement or turns it on (`servers add`/`import`/`confine`, the server dialog, the consent prompt, the details).

Linux confines through Landlock (`app.core.confine.landlock`), macOS through `sandbox-exec`
(`app.core.confine.seatbelt`). Windows has nothing Rootkeeper can apply before a
server starts: servers there run unconfined, and confinement cannot be turned on.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from app.core.confine import landlock
from app.core.text import Message, UserError, message

if TYPE_CHECKING:  # `servers list` reads plain views: no pydantic model is built or imported for it
    from app.core.model import HttpTarget, StdioTarget


def confine_refusal(platform: str = sys.platform) -> Message | None:
    """Why servers cannot be confined on `platform` (this system by default), or None when they can."""
    if platform == "win32":
        return message("confine.windows")
    if platform == "darwin":
        from app.core.confine.seatbelt import SANDBOX_EXEC

        return None if os.access(SANDBOX_EXEC, os.X_OK) else message("confine.no_sandbox_exec")
    if platform.startswith("linux") and landlock.abi_version() > 0:
        return None
    return message("confine.unsupported")


def can_confine(platform: str = sys.platform) -> bool:
    """Whether servers can be confined here: new stdio servers then start confined unless the user says no."""
    return confine_refusal(platform) is None


def confined_by_default(target: StdioTarget | HttpTarget, platform: str = sys.platform) -> bool:
    """Whether a new server reached through `target` starts confined: a stdio one (Rootkeeper starts it), where the
    system can confine it. Servers already in a store keep what they had (the model's default is off)."""
    return target.kind == "stdio" and can_confine(platform)


class ConfinementImpossible(UserError):
    """Confinement was asked for where the system cannot confine: the sentence says why (`confine_refusal`)."""


def confined_for(target: StdioTarget | HttpTarget, asked: bool | None, platform: str = sys.platform) -> bool:
    """Whether a new server reached through `target` runs confined: as `asked`, or by default (None,
    `confined_by_default`). Asking for it where the system cannot confine raises `ConfinementImpossible`; an HTTP
    server is never confined (Rootkeeper does not start it)."""
    if asked is None:
        return confined_by_default(target, platform)
    if asked and target.kind == "stdio" and (why := confine_refusal(platform)) is not None:
        raise ConfinementImpossible(why.code, **why.args)
    return asked and target.kind == "stdio"


def confine_command(server: str) -> str:
    """The command that turns confinement on for `server`."""
    import shlex

    return f"rootkeeper servers confine {shlex.quote(server)} on"


def unconfined_note(server: str, *, stdio: bool, confined: bool, platform: str = sys.platform) -> Message | None:
    """What to tell about a server that runs unconfined: on Windows that it cannot be confined, elsewhere (where
    the system can confine) the command that confines it; None for a confined or an HTTP server."""
    if confined or not stdio:
        return None
    if platform == "win32":
        return message("confine.windows")
    if not can_confine(platform):
        return None
    return message("confine.hint", command=confine_command(server))


def may_confine(target: StdioTarget | HttpTarget, confined: bool, platform: str = sys.platform) -> bool:
    """Whether to offer confinement for a server: one Rootkeeper starts, unconfined, where the system can confine."""
    return target.kind == "stdio" and not confined and can_confine(platform)


def confinement_lines(server: str, target: StdioTarget | HttpTarget, confined: bool, folders: Sequence[str],
                      platform: str = sys.platform, *, read_only: Collection[str] = ()) -> list[Message]:
    """What a server's details say about its confinement: for a confined one, which of the `folders` it sees now
    it may read and change and which only read (those in `read_only`), and that the network stays open; for an
    unconfined one, `unconfined_note`."""
    if confined and target.kind == "stdio":
        from app.core.confine.boundary import folders_summary

        changed = [folder for folder in folders if folder not in read_only]
        only_read = [folder for folder in folders if folder in read_only]
        return [folders_summary(server, changed, only_read), message("confine.network")]
    note = unconfined_note(server, stdio=target.kind == "stdio", confined=confined, platform=platform)
    return [note] if note is not None else []
