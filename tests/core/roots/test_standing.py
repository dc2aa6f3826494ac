"""A root's standing: one order of reasons, and the whole-list forms the hub and the tray use agree with it."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from app.core.model import Root
from app.core.policy import NO_POLICY, load_policy
from app.core.roots.access import AccessResult, AccessStatus
from app.core.roots.standing import Standing, needs_attention, shared_roots, standing, turned_on

OK = AccessResult(AccessStatus.OK, "readable")
GONE = AccessResult(AccessStatus.MISSING, "deleted")
MOVED = AccessResult(AccessStatus.MOVED, "leads elsewhere")

# Every combination of (enabled, last check, forbidden, paused).
CASES = list(itertools.product((True, False), (None, OK, GONE, MOVED), (False, True), (False, True)))


def expected(enabled: bool, access: AccessResult | None, forbidden: bool, paused: bool) -> Standing:
    """The documented order, written out as a table of reasons: the first that holds."""
    reasons = [(paused, Standing.PAUSED), (forbidden, Standing.FORBIDDEN), (not enabled, Standing.DISABLED),
               (access is None, Standing.UNCHECKED), (access is not None and not access.ok, Standing.UNREACHABLE)]
    return next((found for holds, found in reasons if holds), Standing.SHARED)


@pytest.mark.parametrize(("enabled", "access", "forbidden", "paused"), CASES)
def test_the_first_reason_in_the_documented_order_is_the_standing(
    enabled: bool, access: AccessResult | None, forbidden: bool, paused: bool
) -> None:
    ok = None if access is None else access.ok
    found = standing(enabled, ok, forbidden=forbidden, paused=paused)
    assert found is expected(enabled, access, forbidden, paused)
    assert needs_attention(enabled, ok, forbidden=forbidden) is (
        standing(enabled, ok, forbidden=forbidden) is Standing.UNREACHABLE)


def test_the_orders_the_copies_disagreed_on() -> None:
    # Turned off and forbidden: the policy is named (the table's "Seen by" said "turned off"; the CLI, the
    # Status column and the sharing dialog named the policy). Turning it on would be refused anyway.
    assert standing(False, True, forbidden=True) is Standing.FORBIDDEN
    # Paused and unreachable: the pause is named (the CLI said nothing of the pause).
    assert standing(True, False, paused=True) is Standing.PAUSED
    # Forbidden and unreachable: nothing to attend to, the folder is not to be shared anyway.
    assert standing(True, False, forbidden=True) is Standing.FORBIDDEN
    assert not needs_attention(True, False, forbidden=True) and needs_attention(True, False)
    assert [s for s in Standing if s.decided] == [Standing.PAUSED, Standing.FORBIDDEN, Standing.DISABLED]


def test_the_whole_list_forms_agree_with_standing(tmp_path: Path) -> None:
    roots, statuses, forbidden = [], {}, set()
    for n, (enabled, access, is_forbidden, _paused) in enumerate(CASES):
        folder = f"/data/{'secret' if is_forbidden else 'open'}/r{n}"
        root = Root(id=f"r-{n}", name=f"r{n}", entered_path=folder, path=folder, uri=f"file://{folder}",
                    enabled=enabled)
        roots.append(root)
        if access is not None:
            statuses[root.id] = access
        if is_forbidden:
            forbidden.add(root.id)
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps({"deny_folders": ["/data/secret"]}))
    policy = load_policy(policy_file)
    assert policy.active

    def own(root: Root, *, policy_on: bool = True) -> Standing:
        seen = statuses.get(root.id)
        return standing(root.enabled, None if seen is None else seen.ok, forbidden=policy_on and root.id in forbidden)

    assert shared_roots(roots, statuses, policy) == [r for r in roots if own(r) is Standing.SHARED]
    assert turned_on(roots, policy) == [r for r in roots if own(r) not in (Standing.DISABLED, Standing.FORBIDDEN)]
    assert shared_roots(roots, statuses, NO_POLICY) == [r for r in roots if own(r, policy_on=False) is Standing.SHARED]
    assert turned_on(roots, None) == [r for r in roots if r.enabled]
