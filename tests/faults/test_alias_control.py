"""`servers alias` refuses a remote path holding a line break or another control character (issue 36, #13)."""

from __future__ import annotations

import json
import sys

import pytest

from app.core.store.store import STORE_FILE


@pytest.mark.parametrize("remote", ["/work\nspace", "/work\rspace", "/work\tspace", "/work\x1b[31m", "/w\x7f",
                                    "/w\x85", "/workspace\n"])
def test_a_remote_path_with_a_control_character_is_refused(cli, rk_home, tmp_path, remote: str) -> None:  # type: ignore[no-untyped-def]
    assert cli("servers", "add", "box", "--share", "none", "--", sys.executable, "-V").code == 0
    before = (rk_home / STORE_FILE).read_bytes()
    refused = cli("servers", "alias", "box", f"{tmp_path}={remote}")
    assert refused.code == 1, refused
    lines = refused.err.strip().splitlines()
    assert len(lines) == 1 and "control character" in lines[0], refused.err
    assert "\x1b" not in refused.err and (rk_home / STORE_FILE).read_bytes() == before


def test_a_plain_remote_path_is_still_taken(cli, rk_home, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert cli("servers", "add", "box", "--share", "none", "--", sys.executable, "-V").code == 0
    assert cli("servers", "alias", "box", f"{tmp_path}=/workspace").code == 0
    stored = json.loads((rk_home / STORE_FILE).read_text())["servers"][0]["path_aliases"]
    assert stored == {str(tmp_path): "/workspace"}
