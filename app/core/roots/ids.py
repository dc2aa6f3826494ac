"""New roots' ids and times, without pydantic: the model's field defaults and the plain writer use the same ones."""

from __future__ import annotations

import itertools
import os
from datetime import UTC, datetime

_ID_PREFIX = os.urandom(6).hex()  # `secrets.token_hex(6)`, without importing hashlib and hmac
_ID_COUNTER = itertools.count()


def new_root_id() -> str:
    """An id unique within this process by construction (a counter), and across processes by a random
    48-bit prefix per process; an edit still checks it against the store it joins (`unused_root_id`)."""
    return f"r{_ID_PREFIX}{next(_ID_COUNTER):x}"


def unused_root_id(taken: set[str]) -> str:
    while (candidate := new_root_id()) in taken:
        pass
    return candidate


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)
