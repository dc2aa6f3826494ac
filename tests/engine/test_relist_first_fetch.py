"""A session that has not fetched its roots yet is never told they changed (`app.engine.relist`).

Its first fetch is answered from the list of that moment, so a change between connecting and that fetch is
no news to it. Telling it anyway made a freshly started server list twice (the hub found it so when a
folder's first check finished while an enabled server was still connecting).
"""

from __future__ import annotations

from app.core.roots.sharing import SharedRoot
from app.engine.relist import RelistTracker

ALPHA = SharedRoot("file:///a", "a")
LATER = SharedRoot("file:///later", "later")


def test_a_change_before_the_first_fetch_is_no_news() -> None:
    tracker = RelistTracker([ALPHA])
    assert not tracker.changed([ALPHA, LATER])
    tracker.listing([ALPHA, LATER])
    assert not tracker.changed([ALPHA, LATER])
    assert tracker.changed([ALPHA])


def test_a_new_session_waits_for_its_own_first_fetch() -> None:
    tracker = RelistTracker()
    tracker.new_session([ALPHA])
    tracker.listing([ALPHA])
    assert tracker.changed([ALPHA, LATER])
    tracker.new_session([ALPHA])
    assert not tracker.changed([ALPHA, LATER])
    tracker.listing([ALPHA])
    assert tracker.changed([ALPHA, LATER])
