"""The words a server entry's settings take, without pydantic: the model's types and the CLI's choices."""

from __future__ import annotations

from typing import Literal, get_args

SharingMode = Literal["all", "none"]
Consent = Literal["pending", "given"]
EraPin = Literal["auto", "2025-11-25", "2026-07-28"]
"""`auto` lets the connection detect the era; a date pins the handshake era (2025-11-25) or the modern one."""
RootsSource = Literal["rootkeeper", "host", "merge"]

ERAS: tuple[str, ...] = get_args(EraPin)
ROOTS_SOURCES: tuple[str, ...] = get_args(RootsSource)
