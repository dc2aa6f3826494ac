"""Repairs that change what the store said keep the original bytes aside, and say so (issue 36, #9):
`{"schema_version": true}`, invalid UTF-8 and lone surrogates in a name, an `http://` URI, duplicate
ids, unknown fields. A file a write would not change gets no copy."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.model import SCHEMA_VERSION
from app.core.store.store import STORE_FILE
from tests.support.cli import CliResult


def _root(root_id: str, path: Path, name: str | None = None, uri: str | None = None) -> dict[str, object]:
    return {"id": root_id, "name": name or path.name, "entered_path": str(path), "path": str(path),
            "uri": uri or path.as_uri()}


def _documents(folder: Path) -> dict[str, bytes]:
    def text(document: dict[str, object]) -> bytes:
        return json.dumps(document).encode()

    current = {"schema_version": SCHEMA_VERSION}
    return {
        "schema-version-true": text({"schema_version": True, "roots": [_root("r1", folder)]}),
        "invalid-utf8-name": text({**current, "roots": [_root("r1", folder, name="NAME")]}).replace(
            b"NAME", b"caf\xe9"),
        "lone-surrogate-name": text({**current, "roots": [_root("r1", folder, name="NAME")]}).replace(
            b"NAME", b"\\ud800x"),
        "http-uri": text({**current, "roots": [_root("r1", folder), _root("r2", folder.parent,
                                                                          uri="http://example.invalid/")]}),
        "duplicate-ids": text({**current, "roots": [_root("r1", folder), _root("r1", folder.parent)]}),
        "unknown-fields": text({**current, "roots": [{**_root("r1", folder), "colour": "teal"}],
                                "servers": [{"name": "s", "target": {"kind": "stdio", "command": "true", "args": [],
                                                                     "env": {}, "future": 1}}]}),
    }


KINDS = ["schema-version-true", "invalid-utf8-name", "http-uri", "duplicate-ids"]
KEPT_AS_SAID = {"lone-surrogate-name": ("name", "\ud800x"), "unknown-fields": ("colour", "teal")}
"""Odd files this version writes back saying the same (a lone surrogate, unknown fields): no copy is needed."""


@pytest.mark.parametrize("kind", KINDS)
def test_a_repairing_write_keeps_the_original_and_says_so(
    cli: Callable[..., CliResult], rk_home: Path, tmp_path: Path, kind: str
) -> None:
    folder, new = tmp_path / "shared", tmp_path / "new"
    folder.mkdir()
    new.mkdir()
    original = _documents(folder)[kind]
    rk_home.mkdir()
    (rk_home / STORE_FILE).write_bytes(original)
    result = cli("roots", "add", str(new))
    assert "Traceback" not in result.err, result
    written = (rk_home / STORE_FILE).read_bytes()
    if written == original:  # refused with the file as it was: nothing to keep
        assert result.code != 0, result
        return
    copies = sorted(rk_home.glob(f"{STORE_FILE}.original-*"))
    assert [copy.read_bytes() for copy in copies] == [original], (result, copies)
    assert f"its original is kept at {copies[0]}" in result.err, result
    again = cli("roots", "add", str(tmp_path))
    assert len(list(rk_home.glob(f"{STORE_FILE}.original-*"))) == 1, again  # kept once


@pytest.mark.parametrize("kind", sorted(KEPT_AS_SAID))
def test_an_odd_file_written_back_as_it_said_gets_no_copy(
    cli: Callable[..., CliResult], rk_home: Path, tmp_path: Path, kind: str
) -> None:
    folder, new = tmp_path / "shared", tmp_path / "new"
    folder.mkdir()
    new.mkdir()
    rk_home.mkdir()
    (rk_home / STORE_FILE).write_bytes(_documents(folder)[kind])
    result = cli("roots", "add", str(new))
    assert result.code == 0 and "original" not in result.err, result
    key, value = KEPT_AS_SAID[kind]
    assert json.loads((rk_home / STORE_FILE).read_text())["roots"][0][key] == value
    assert list(rk_home.glob(f"{STORE_FILE}.original-*")) == []


def test_a_file_a_write_does_not_change_gets_no_copy(
    cli: Callable[..., CliResult], rk_home: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    assert cli("roots", "add", str(folder)).code == 0
    data = json.loads((rk_home / STORE_FILE).read_text())
    (rk_home / STORE_FILE).write_text(json.dumps(data))  # the same, written by hand on one line
    os.sync()
    result = cli("roots", "add", str(tmp_path))
    assert result.code == 0 and "original" not in result.err, result
    assert list(rk_home.glob(f"{STORE_FILE}.original-*")) == []
