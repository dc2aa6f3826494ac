"""A large store's roots are validated in slices: the same state, the same damage rule, no call holding the interpreter
for the whole list."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from app.core.model import Root, StoreData
from app.core.store.parse import ROOTS_PER_VALIDATION, parse
from app.core.store.store import STORE_FILE, Store


def _raw_store(count: int) -> dict[str, Any]:
    roots = [{"id": f"r{n:05}", "name": f"folder {n}", "entered_path": f"/data/f{n}", "path": f"/data/f{n}",
              "uri": f"file:///data/f{n}", "added_at": "2026-01-02T03:04:05.678901+00:00"} for n in range(count)]
    roots[7]["from_a_newer_version"] = {"kept": True}
    return {"schema_version": 2, "roots": roots, "servers": []}


def _validations(text: str) -> tuple[StoreData, int]:
    """`parse(text)`, and how many calls it made into pydantic-core's validator."""
    calls = 0

    def count(_frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "c_call" and getattr(arg, "__name__", "") == "validate_python":
            calls += 1

    sys.setprofile(count)
    try:
        data = parse(text)
    finally:
        sys.setprofile(None)
    return data, calls


def test_a_large_store_validated_in_slices_is_the_state_one_validation_gives() -> None:
    raw = _raw_store(2 * ROOTS_PER_VALIDATION + ROOTS_PER_VALIDATION // 2)
    data, calls = _validations(json.dumps(raw))
    assert calls == 3 + 1  # three slices of roots, then the whole state (its roots already validated)
    assert all(type(root) is Root for root in data.roots)
    assert data.model_dump() == StoreData.model_validate(raw).model_dump()
    assert data.roots[7].model_extra == {"from_a_newer_version": {"kept": True}}


def test_a_small_store_is_validated_in_one_call() -> None:
    _data, calls = _validations(json.dumps(_raw_store(ROOTS_PER_VALIDATION)))
    assert calls == 1


def test_a_damaged_root_in_a_later_slice_moves_the_file_aside(tmp_path: Path) -> None:
    raw = _raw_store(2 * ROOTS_PER_VALIDATION)
    del raw["roots"][ROOTS_PER_VALIDATION + 700]["path"]
    store = Store(tmp_path / "home")
    store.home.mkdir()
    content = json.dumps(raw).encode()
    store.path.write_bytes(content)
    assert store.load().roots == []
    aside = list(store.home.glob(f"{STORE_FILE}.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
