from __future__ import annotations

import os
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.paths import PathError, canonicalize, clean_pasted, display_name, path_to_uri, uri_to_path

name_chars = st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00")
names = st.text(name_chars, min_size=1, max_size=40).filter(lambda n: n not in (".", ".."))
raw_names = st.binary(min_size=1, max_size=30).filter(
    lambda b: b"/" not in b and b"\x00" not in b and b not in (b".", b"..")
)


@given(st.lists(names, min_size=1, max_size=5))
def test_path_uri_round_trip_is_identity(parts: list[str]) -> None:
    path = "/" + "/".join(parts)
    uri = path_to_uri(path)
    assert uri_to_path(uri) == path
    split = urlsplit(uri)
    assert split.scheme == "file"
    assert split.netloc == ""
    assert " " not in uri and "#" not in uri.removeprefix("file://") and "?" not in uri


@given(st.lists(raw_names, min_size=1, max_size=4))
def test_non_utf8_byte_names_round_trip(parts: list[bytes]) -> None:
    path = os.fsdecode(b"/" + b"/".join(parts))
    uri = path_to_uri(path)
    assert uri.isascii()
    assert uri_to_path(uri) == path
    assert urlsplit(uri).netloc == ""


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names)
def test_real_folders_with_any_name_canonicalize_and_round_trip(tmp_path: Path, name: str) -> None:
    try:
        folder = tmp_path / name
        folder.mkdir(exist_ok=True)
    except OSError:  # a name longer than the file system allows in bytes
        return
    canonical = canonicalize(str(folder))
    assert canonical.resolved == os.path.realpath(folder)
    assert uri_to_path(path_to_uri(canonical.resolved)) == canonical.resolved


@pytest.mark.parametrize(
    "name", ["with space", "hash#tag", "per%cent", "what?", "中文目录", "e\u0301", "\u00e9", "emoji😀"]
)
def test_awkward_names_are_encoded_and_survive(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name
    folder.mkdir()
    uri = path_to_uri(canonicalize(str(folder)).resolved)
    assert uri_to_path(uri) == str(folder.resolve())
    assert uri.isascii()


def test_nfc_and_nfd_names_stay_distinct(tmp_path: Path) -> None:
    nfc = tmp_path / unicodedata.normalize("NFC", "café")
    nfd = tmp_path / unicodedata.normalize("NFD", "café")
    nfc.mkdir()
    nfd.mkdir()
    assert path_to_uri(str(nfc)) != path_to_uri(str(nfd))
    assert uri_to_path(path_to_uri(str(nfd))) == str(nfd)
    assert display_name(str(nfd)) == "café"


@pytest.mark.parametrize(
    ("pasted", "expected"),
    [
        ('  "/srv/My Project"  \n', "/srv/My Project"),
        ("'/a/b'", "/a/b"),
        ("“/a/b”", "/a/b"),
        ("/a/b\r\n/c/d", "/a/b"),
        ("\t/a b \t", "/a b"),
        ('"unbalanced', '"unbalanced'),
    ],
)
def test_clean_pasted(pasted: str, expected: str) -> None:
    assert clean_pasted(pasted) == expected


def test_relative_tilde_and_dotdot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert canonicalize("~/a/b/../b").entered == str(tmp_path / "a" / "b")
    assert canonicalize("a/./b", base=str(tmp_path)).resolved == str((tmp_path / "a" / "b").resolve())


def test_symlink_keeps_entered_path_and_resolves_target(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.mkdir()
    link = tmp_path / "link"
    link.symlink_to(target)
    canonical = canonicalize(str(link))
    assert canonical.entered == str(link)
    assert canonical.resolved == str(target.resolve())
    assert canonical.is_symlinked


def test_file_uri_input_is_accepted(tmp_path: Path) -> None:
    folder = tmp_path / "a b"
    folder.mkdir()
    assert canonicalize(folder.as_uri()).resolved == str(folder.resolve())
    assert canonicalize("file://localhost" + str(folder).replace(" ", "%20")).resolved == str(folder.resolve())


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("http://example.com/x", "Only local file://"),
        ("file://otherhost/share", "another computer"),
        ("/nonexistent/\x00bad", "NUL byte"),
        ("", "empty"),
        ("/definitely/not/here/at/all", "does not exist"),
        ("/" + "x" * 300, "allows at most"),
        ("/" + "/".join(["y" * 200] * 30), "allows at most"),
    ],
)
def test_refusals_are_one_sentence(text: str, fragment: str) -> None:
    with pytest.raises(PathError) as caught:
        canonicalize(text)
    message = str(caught.value)
    assert fragment in message
    assert message.endswith(".") and "\n" not in message


def test_symlink_loop_is_refused(tmp_path: Path) -> None:
    (tmp_path / "one").symlink_to(tmp_path / "two")
    (tmp_path / "two").symlink_to(tmp_path / "one")
    with pytest.raises(PathError, match="symbolic link loop"):
        canonicalize(str(tmp_path / "one"))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["", "/", ".", "..", "a", "b c", "caf\udce9", "%", "é", ".x", "?#"]), max_size=6))
def test_the_uri_of_any_path_is_the_one_pathlib_spells(parts: list[str]) -> None:
    from pathlib import PurePosixPath
    from urllib.parse import quote_from_bytes

    path = "".join(parts)
    posix = PurePosixPath(path)
    if not posix.is_absolute():
        with pytest.raises(ValueError, match="relative path"):
            path_to_uri(path)
    else:
        assert path_to_uri(path) == "file://" + quote_from_bytes(bytes(posix), safe="/")
