"""Turning what a user typed, pasted or dropped into a canonical local path, and paths into URIs.

Non-UTF-8 file names survive as Python's surrogate-escaped strings (`os.fsdecode`), so the round
trip path -> URI -> path is exact for every name the file system can hold.
"""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from urllib.parse import quote_from_bytes, unquote_to_bytes, urlsplit

from app.core.text import UserError

_QUOTE_PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`"}


class PathError(UserError):
    """A path or URI the user gave cannot be used; one sentence for the user, with its code and arguments."""


def clean_pasted(text: str) -> str:
    """Strip what a paste drags along: whitespace, newlines, one pair of surrounding quotes."""
    cleaned = text.strip()
    first_line = cleaned.splitlines()[0] if cleaned else ""
    if len(cleaned.splitlines()) > 1:
        cleaned = first_line.strip()
    if len(cleaned) >= 2 and _QUOTE_PAIRS.get(cleaned[0]) == cleaned[-1]:
        cleaned = cleaned[1:-1].strip()
    return cleaned


def path_to_uri(path: str) -> str:
    """A `file://` URI with an empty host, built from the path's bytes: pure ASCII, every unsafe byte `%XX`.

    A name that is not valid UTF-8 (`caf\\xe9`) becomes `caf%E9`, never a surrogate on the wire.
    """
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        return PureWindowsPath(path).as_uri()
    if not _is_plain_absolute(path):  # else `PurePosixPath` would give it back unchanged: skip its cost
        posix = PurePosixPath(path)
        if not posix.is_absolute():
            raise ValueError(f"relative path can't be expressed as a file URI: {path!r}")
        path = str(posix)
    elif _URI_KEEPS_ALL.fullmatch(path):  # most paths: half the cost of encoding and quoting them
        return "file://" + path
    return "file://" + quote_from_bytes(os.fsencode(path), safe="/")


_URI_KEEPS_ALL = re.compile(r"[A-Za-z0-9_.~/-]*")
"""The characters `quote_from_bytes(..., safe="/")` leaves as they are."""


def _is_plain_absolute(path: str) -> bool:
    """Absolute, with no empty or `.` part and no trailing `/`: what `PurePosixPath` leaves as it is.

    Every store load builds each root's URI (to check it), so this is the common case made cheap.
    """
    return (
        path[:1] == "/" and "//" not in path and "/./" not in path and not path.endswith(("/", "/."))
    ) or path == "/"


_URI_KEEP = "".join(chr(code) for code in range(0x21, 0x7F))
"""Every visible ASCII character: `wire_uri` leaves what is already ASCII (and its `%XX` escapes) alone."""


def wire_uri(uri: str) -> str:
    """`uri` as pure ASCII: each non-ASCII character (surrogate escapes included) percent-encoded as its bytes."""
    if uri.isascii():
        return uri
    try:
        raw = uri.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate no file name produced
        raw = uri.encode("utf-8", "surrogatepass")
    return quote_from_bytes(raw, safe=_URI_KEEP)


def uri_to_path(uri: str) -> str:
    """The local path named by a `file://` URI; anything else is refused."""
    parts = urlsplit(uri)
    if parts.scheme.lower() != "file":
        raise PathError("path.not_local", uri=printable(uri))
    if parts.netloc not in ("", "localhost"):
        raise PathError("path.remote", uri=printable(uri), host=printable(parts.netloc))
    if parts.query or parts.fragment:
        raise PathError("path.query", uri=printable(uri))
    if not parts.path.startswith("/"):  # `file://`, `file:` or `file:x` would otherwise mean the working folder
        raise PathError("path.uri_no_path", uri=printable(uri))
    raw = unquote_to_bytes(parts.path)
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        text = raw.decode("utf-8")
        return str(PureWindowsPath(text.lstrip("/")))
    return os.fsdecode(raw)


@dataclass(frozen=True)
class CanonicalPath:
    """`entered` is absolute with `~`, `.` and `..` handled but symlinks kept; `resolved` follows them."""

    entered: str
    resolved: str

    @property
    def is_symlinked(self) -> bool:
        return self.entered != self.resolved


def _reject_unusable(text: str) -> None:
    if not text:
        raise PathError("path.empty")
    if "\x00" in text:
        raise PathError("path.nul")


def _absolute(text: str, base: str | None) -> str:
    if text.startswith(("file:", "FILE:")) or "://" in text:
        text = uri_to_path(text)
    expanded = os.path.expanduser(text)
    if not os.path.isabs(expanded):
        expanded = os.path.join(base or os.getcwd(), expanded)
    # normpath collapses `..` lexically, as a user reading the path would; resolution comes after.
    normalized = os.path.normpath(expanded)
    if normalized.startswith("//") and not normalized.startswith("///"):
        normalized = "/" + normalized.lstrip("/")
    return normalized


def _check_length(path: str) -> None:
    encoded = os.fsencode(path)
    try:
        name_max = os.pathconf("/", "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
        path_max = os.pathconf("/", "PC_PATH_MAX") if hasattr(os, "pathconf") else 4096
    except OSError:  # pragma: no cover - pathconf unsupported on this file system
        name_max, path_max = 255, 4096
    if len(encoded) >= path_max:
        raise PathError("path.too_long", length=str(len(encoded)), limit=str(path_max - 1))
    longest = max((len(part) for part in encoded.split(b"/")), default=0)
    if longest > name_max:
        raise PathError("path.name_too_long", length=str(longest), limit=str(name_max))


def canonicalize(text: str, *, base: str | None = None, must_exist: bool = True) -> CanonicalPath:
    """Make `text` (a pasted path, `~/x`, a relative path or a file:// URI) canonical.

    Raises PathError with one sentence when the path cannot be a root.
    """
    _reject_unusable(text)
    entered = _absolute(text, base)
    _reject_unusable(entered)  # a file:// URI can smuggle a NUL in as %00
    _check_length(entered)
    try:
        resolved = os.path.realpath(entered, strict=must_exist)
    except OSError as exc:
        raise describe_os_error(exc, entered) from exc
    if must_exist:
        try:
            os.stat(resolved)
        except OSError as exc:
            raise describe_os_error(exc, entered) from exc
    return CanonicalPath(entered=entered, resolved=resolved)


def looks_like_path(text: str) -> bool:
    """Whether a selector or name reads as a path: a separator, `~`, `.`/`..`, or a file: URI.

    Such a selector always means the path (never a name), and no root may be named like one.
    """
    cleaned = text.strip()
    return (
        "/" in cleaned
        or os.sep in cleaned
        or cleaned in ("~", ".", "..")
        or cleaned.startswith("~")
        or cleaned.lower().startswith("file:")
    )


def display_name(path: str) -> str:
    """The default name of a root: its last component, or the path itself for `/`."""
    return readable(Path(path).name or path)


def readable(text: str) -> str:
    """Text for people (a name): undecodable bytes become U+FFFD, so it is valid Unicode everywhere.

    Paths keep their exact bytes (surrogate escapes); names are shown to people and servers, which
    need real text.
    """
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate that no file name produced (pasted, or from JSON)
        raw = text.encode("utf-8", "surrogatepass")
    decoded = raw.decode("utf-8", "replace")
    return unicodedata.normalize("NFC", decoded)


def describe_os_error(exc: OSError, path: str) -> PathError:
    """The refusal (one sentence, with its code) for why `path` could not be used."""
    shown = printable(path)
    codes = {
        errno.ENOENT: "path.missing",
        errno.EACCES: "path.permission_denied",
        errno.EPERM: "path.permission_denied",
        errno.ELOOP: "path.loop",
        errno.ENAMETOOLONG: "path.os_too_long",
        errno.ENOTDIR: "path.not_a_folder_part",
    }
    code = codes.get(exc.errno or 0)
    if code is not None:
        return PathError(code, path=shown)
    return PathError("path.os_error", path=shown, reason=exc.strerror or type(exc).__name__)


# What a terminal acts on: C0 controls (newline included: it would forge a row), DEL, C1 controls
# (0x9b is a one-byte CSI), bidirectional overrides and isolates, and Unicode line separators.
TERMINAL_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_control(match: re.Match[str]) -> str:
    ch = match.group()
    return _NAMED_ESCAPES.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) <= 0xFF else f"\\u{ord(ch):04x}")


def printable(text: str, limit: int | None = 160) -> str:
    """`text` (a path, a name, a server's words) safe to print on any terminal: the one escaping rule.

    Undecodable bytes (surrogate escapes) and every character a terminal acts on are shown as
    backslash escapes, so nothing moves the cursor, retitles or clears the terminal, or starts a
    new row; text longer than `limit` is shortened in the middle (None keeps it whole).
    """
    if text.isascii() and text.isprintable():  # nothing to escape (the common case, checked in C)
        shown = text
    else:
        shown = text.encode("utf-8", "backslashreplace").decode("utf-8")
        shown = TERMINAL_CONTROLS.sub(_escape_control, shown)
    if limit is not None and len(shown) > limit:
        shown = shown[: limit // 2] + "…" + shown[-limit // 2 :]
    return shown
