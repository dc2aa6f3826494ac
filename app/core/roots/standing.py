"""A root's standing: whether it is shared, and if not, why. Decided here once; the roots table, the tray
and its health sentence, and `rootkeeper roots list|check` (its `standing` field) only render it.

A root is sent to servers only when it is enabled, passes its last access check and the administrator's
policy permits it, and sharing is not paused. When several reasons keep it back, the first of these is
its standing:

1. `PAUSED`      sharing is paused: every server sees an empty list (it says nothing about the root itself,
                 so views that show the pause on their own ask with `paused=False`).
2. `FORBIDDEN`   the administrator's policy forbids the folder: the user cannot lift it, so it is named even
                 for a folder also turned off (turning it on would be refused).
3. `DISABLED`    the user turned it off.
4. `UNCHECKED`   not checked yet: not sent until a check passes, and not a problem yet.
5. `UNREACHABLE` the last check failed (the access status says how: missing, offline, moved …): the one
                 standing that needs the user's attention.
6. `SHARED`      sent to every server whose sharing and consent pick it (those are the server's, not the
                 root's: a server waiting for consent is given nothing, see `app.core.roots.sharing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.core.model import Root
    from app.core.policy import Policy
    from app.core.roots.access import AccessResult


class Standing(StrEnum):
    PAUSED = "paused"
    FORBIDDEN = "forbidden"
    DISABLED = "disabled"
    UNCHECKED = "unchecked"
    UNREACHABLE = "unreachable"
    SHARED = "shared"

    @property
    def decided(self) -> bool:
        """Kept back by a decision (the user's or the administrator's), not by what the last check found."""
        return self in _DECIDED


_DECIDED = frozenset({Standing.PAUSED, Standing.FORBIDDEN, Standing.DISABLED})


def standing(enabled: bool, ok: bool | None, *, forbidden: bool = False, paused: bool = False) -> Standing:
    """The root's standing (see the module's list for the order). `ok`: its last access check passed (None:
    not checked yet); `forbidden`: the policy refuses its path; `paused`: sharing is paused."""
    if paused:
        return Standing.PAUSED
    if forbidden:
        return Standing.FORBIDDEN
    if not enabled:
        return Standing.DISABLED
    if ok is None:
        return Standing.UNCHECKED
    return Standing.SHARED if ok else Standing.UNREACHABLE


def needs_attention(enabled: bool, ok: bool | None, *, forbidden: bool = False) -> bool:
    """Meant to be shared and the last check failed (`UNREACHABLE` with the pause left aside: a folder
    gone while sharing is paused is still gone)."""
    return standing(enabled, ok, forbidden=forbidden) is Standing.UNREACHABLE


def shared_roots(roots: list[Root], statuses: Mapping[str, AccessResult], policy: Policy) -> list[Root]:
    """The roots whose standing is `SHARED` while sharing is not paused, in list order: `standing` for a
    whole list at once (at 100,000 roots a call per root would cost more than the list's change)."""
    return _permitted([root for root in roots if root.enabled and (seen := statuses.get(root.id)) is not None
                       and seen.ok], policy)


def turned_on(roots: list[Root], policy: Policy | None) -> list[Root]:
    """The roots whose standing, the pause left aside, is neither `DISABLED` nor `FORBIDDEN` (the ones servers
    are told about once they pass their check), for a whole list at once."""
    return _permitted([root for root in roots if root.enabled], policy)


def _permitted(enabled: list[Root], policy: Policy | None) -> list[Root]:
    if policy is None or not policy.active:
        return enabled
    return [root for root in enabled if policy.permits_folder(root.path)]
