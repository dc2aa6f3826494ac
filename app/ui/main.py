"""The tray app's entry point (the window and tray arrive with the GUI work)."""

from __future__ import annotations

import sys


def run_gui(*, self_test: bool = False) -> int:
    print("rootkeeper: The tray app is not available in this build yet; use 'rootkeeper roots' and "
          "'rootkeeper servers'.", file=sys.stderr)
    return 1
