"""Folder names that are not valid UTF-8, under a desktop locale and under `C` (issue 10, #6).

Output never crashes, `roots list` keeps working, and the exit status says whether the store changed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.store.store import STORE_FILE
from tests.faults.hostile import is_terminal_safe
from tests.faults.store_guard import StoreGuard
from tests.support.project import PROJECT

LOCALES = [pytest.param({"LANG": "en_US.UTF-8", "LC_ALL": ""}, id="en_US.UTF-8"),
           pytest.param({"LANG": "C", "LC_ALL": "C"}, id="C")]
NAMES = [pytest.param(b"caf\xe9", id="latin-1"), pytest.param(b"\xff\xfe", id="invalid-start"),
         pytest.param(b"half\xe2\x82", id="cut-sequence"), pytest.param(b"esc\x9b2J\xc0", id="c1-and-overlong")]


def _run(home: Path, locale: dict[str, str], *args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT), **locale)
    env.pop("PYTHONIOENCODING", None)
    env.pop("PYTHONUTF8", None)
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, env=env, cwd=PROJECT,
                          timeout=60, check=False)


def _assert_clean(proc: subprocess.CompletedProcess[bytes]) -> None:
    for stream in (proc.stdout, proc.stderr):
        text = stream.decode("utf-8")  # valid UTF-8 whatever the locale: undecodable bytes are shown escaped
        assert "Traceback" not in text and "Error" not in text, text
        assert is_terminal_safe(text), text


def _roots(home: Path) -> list[dict[str, str]]:
    roots: list[dict[str, str]] = json.loads((home / STORE_FILE).read_text("ascii"))["roots"]
    return roots


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("raw", NAMES)
def test_an_undecodable_folder_name_is_added_listed_and_renamed(
    rk_home: Path, tmp_path: Path, store_guard: StoreGuard, locale: dict[str, str], raw: bytes
) -> None:
    folder = os.path.join(os.fsencode(tmp_path), raw)
    os.mkdir(folder)
    added = _run(rk_home, locale, "roots", "add", folder)
    store_guard.watch(rk_home, unchanged=False)  # listing and renaming may not lose or break it
    assert added.returncode == 0, added
    _assert_clean(added)
    (root,) = _roots(rk_home)
    assert os.fsencode(root["path"]) == folder  # the exact bytes are kept for the path
    for args in (("roots", "list"), ("roots", "check"), ("roots", "list", "--json")):
        listed = _run(rk_home, locale, *args)
        assert listed.returncode == 0, listed
        _assert_clean(listed)
    (row,) = json.loads(_run(rk_home, locale, "roots", "list", "--json").stdout)
    assert os.fsencode(row["path"]) == folder
    renamed = _run(rk_home, locale, "roots", "rename", folder, b"new " + raw)
    assert renamed.returncode == 0, renamed
    _assert_clean(renamed)
    store_guard.lost(0 if [os.fsencode(root["path"]) for root in _roots(rk_home)] == [folder] else 1)
    (root,) = _roots(rk_home)
    assert root["name"].startswith("new ") and root["name"].encode("utf-8")  # a name for people: valid text
    listed = _run(rk_home, locale, "roots", "list")
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 1, listed
    _assert_clean(listed)


@pytest.mark.parametrize(("text", "shown"), [("caf\udce9", "caf\ufffd"), ("\ud800lone", "\ufffd\ufffd\ufffdlone"),
                                            ("ok", "ok")])
def test_a_name_for_people_is_always_valid_unicode(text: str, shown: str) -> None:
    from app.core.paths import readable

    assert readable(text) == shown
