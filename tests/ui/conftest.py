"""Fixtures for the GUI tests: bridges a test started beside the app, closed at its end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.bridge import BridgeProcess


@pytest.fixture(name="bridges")
def bridges_fixture() -> Iterator[list[BridgeProcess]]:
    """The `BridgeProcess`es a test appends here, each closed (killed if it will not end) at teardown."""
    started: list[BridgeProcess] = []
    yield started
    for bridge in started:
        bridge.close()
