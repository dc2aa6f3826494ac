"""The Qt layer. Loading it first makes PySide6's per-import source check cheap (see `app.ui.pyside_scan`)."""

from app.ui import pyside_scan as _pyside_scan  # noqa: F401
