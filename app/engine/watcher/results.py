"""A round of many access results, taken in without holding the event loop still.

The hub runs on the GUI's event loop, so a round of 10,000 results taken in one go holds the
window still for tens of milliseconds. Each slice of `RESULTS_PER_TURN` results is applied, then
the loop gets a turn; nothing is published before the last slice, so subscribers still hear one
change per round and a root that became unreachable leaves every list together with the others.
The first lists' shared roots are made on a thread (`warm_shared`), garbage collection waits while
a whole store is loaded, and the first time checked (`app.core.system.collection_hold`), and what is alive
after that round is left out of later full garbage collections (`settle_long_lived`).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import NamedTuple

from app.core.model import Root, StoreData
from app.core.policy import Policy
from app.core.roots.access import AccessResult
from app.core.roots.sharing import SharedRoot, SharedRootCache, visible_lists

RESULTS_PER_TURN = 1000
"""About a millisecond of work on the loop: small enough never to be felt, large enough to cost few turns."""


async def take_results(
    asked: Sequence[tuple[Root, int]],
    results: Mapping[str, AccessResult],
    *,
    current: Callable[[], Mapping[str, Root]],
    access: Callable[[], MutableMapping[str, AccessResult]],
    applied: Callable[[], MutableMapping[str, int]],
    noted: Callable[[list[str]], None],
) -> bool:
    """Apply `results` for the roots `asked` (with their check numbers); True if any root's status changed.

    The holders are read again for each slice (through the callables): a store change applied
    between two slices replaces them, and a root it removed or moved is skipped from then on.
    """
    changed = False
    for start in range(0, len(asked), RESULTS_PER_TURN):
        if start:
            await asyncio.sleep(0)
        chunk = asked[start:start + RESULTS_PER_TURN]
        roots, held, numbers = current(), access(), applied()
        for root, number in chunk:
            # Only the newest check of a root counts, and only while the root still has that path.
            now = roots.get(root.id)
            if now is None or now.path != root.path or number < numbers.get(root.id, 0):
                continue
            numbers[root.id] = number
            before = held.get(root.id)
            result = held[root.id] = results[root.id]
            changed = changed or before is None or before.status != result.status
        noted([root.id for root, _number in chunk])
    return changed


WARM_ON_THREAD = 2000
"""From this many roots on, the first lists' shared roots are made on a thread (see `warm_shared`)."""


class Warmed(NamedTuple):
    """The lists `warm_shared` made, and what it made them from."""

    lists: dict[str, list[SharedRoot]]
    data: StoreData
    access: dict[str, AccessResult]
    policy: Policy


def warmed_lists(warmed: Warmed | None, data: StoreData, access: Mapping[str, AccessResult],
                 policy: Policy) -> dict[str, list[SharedRoot]] | None:
    """The lists `warm_shared` made if they are this state's (the same store and policy, equal results), else None."""
    if warmed is None or data is not warmed.data or policy is not warmed.policy:
        return None
    return warmed.lists if access == warmed.access else None  # results compare by identity first: 100,000 in ms


async def warm_shared(cache: SharedRootCache, data: StoreData, access: Mapping[str, AccessResult],
                      policy: Policy) -> Warmed | None:
    """Make the first lists, and every passing root's `SharedRoot`, on a thread (None: too few roots to matter).

    The first lists of 10,000 roots clean as many URIs and names (over 10 ms in one go); on a
    thread the interpreter hands the loop a turn every few milliseconds. When nothing changed
    meanwhile (`warmed_lists`), the lists made are the lists, and are not made again on the
    loop (at 100,000 roots a tenth of a second); else the lists computed on the loop find each
    root made. The cache only ever holds correct entries (each is checked against its root's very
    URI and name), so a list computed on the loop meanwhile stays right.
    """
    if len(data.roots) < WARM_ON_THREAD:
        return None
    held = dict(access)  # a copy: the loop may take more results in while the thread reads
    lists = await asyncio.to_thread(visible_lists, data, held, cache=cache, policy=policy)
    return Warmed(lists, data, held, policy)


FREEZE_FROM_ROOTS = WARM_ON_THREAD
"""From this many roots on, a full collection is long enough to be felt (see `settle_long_lived`)."""


def settle_long_lived(roots: int) -> None:
    """Exempt everything alive now (the modules, the store just loaded and checked) from later full collections.

    A full garbage collection walks every object in the process: with 10,000 roots held, their
    results and the window's rows, that is 30-40 ms in one go on the event loop, whenever enough
    new objects have piled up (a round of checks makes 10,000). What is alive once the first round
    is taken lives as long as the process, so later collections need not walk it again. Objects
    still freed by reference counting (a replaced store, an old result) are freed as before; only
    a reference cycle already unreachable now is kept, which is why this is done once per process
    and only for a store large enough to need it.
    """
    if roots >= FREEZE_FROM_ROOTS and gc.get_freeze_count() == 0:
        gc.freeze()
