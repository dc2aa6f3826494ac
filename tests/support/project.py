"""Where the checkout is: test servers and child programs run from its root, with it on PYTHONPATH."""

from __future__ import annotations

from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent.parent
