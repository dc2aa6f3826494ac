"""The folder placeholders a server's command line may carry (see `app.core.servers.arguments`), without pydantic."""

from __future__ import annotations

ROOTS = "{roots}"
ROOT = "{root}"
ROOTS_JSON = "{roots_json}"
PLACEHOLDERS = (ROOTS, ROOT, ROOTS_JSON)
