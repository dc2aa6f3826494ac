"""Which parts of a server's target are secret (see `app.core.servers.secrets`), for model targets and plain ones alike.

Here without pydantic, so that commands reading the store as plain data (`servers list`, `roots add`)
mask and find secrets by the very rule the model's targets follow: each function takes the target
and how to read one of its fields (`getattr` for a model, `dict.__getitem__` for plain data).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from app.core.servers.placeholders import PLACEHOLDERS

MASK = "****"
REFERENCE = re.compile(r"rootkeeper-secret:(keyring|file):([0-9a-f]{32})")
SCHEME_HEADERS = frozenset({"authorization", "proxy-authorization"})
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,31} +)(\S.*)$", re.DOTALL)

Change = Callable[[str], str]
"""What to do with one secret part: put it away, mask it, fetch it back."""

_Target = TypeVar("_Target")
Field = Callable[[Any, str], Any]


def split_header(name: str, value: str) -> tuple[str, str]:
    """(visible part, secret part) of a header value."""
    if name.lower() in SCHEME_HEADERS and (scheme := _SCHEME.match(value)):
        return scheme.group(1), scheme.group(2)
    return "", value


def split_url(url: str) -> tuple[str, str, str] | None:
    """(up to the password, the password, from the '@' on), or None when the URL has no password."""
    start = url.find("://")
    if start < 0:
        return None
    start += 3
    end = min((i for i in (url.find(c, start) for c in "/?#") if i >= 0), default=len(url))
    userinfo, at, _host = url[start:end].rpartition("@")
    user, colon, password = userinfo.partition(":")
    if not at or not colon or not password:
        return None
    cut = start + len(user) + 1
    return url[:cut], password, url[cut + len(password):]


def is_folder_list(value: str) -> bool:
    return any(mark in value for mark in PLACEHOLDERS)


def map_url(url: str, change: Change) -> str:
    parts = split_url(url)
    return url if parts is None else parts[0] + change(parts[1]) + parts[2]


def map_header(name: str, value: str, change: Change) -> str:
    visible, secret = split_header(name, value)
    return value if not secret else visible + change(secret)


def secret_update(target: _Target, field: Field, change: Change) -> dict[str, Any]:
    """The target's fields that change when each secret part becomes `change(part)`; empty when none does."""
    if field(target, "kind") == "http":
        old_headers, old_url = field(target, "headers"), field(target, "url")
        headers = {name: map_header(name, value, change) for name, value in old_headers.items()}
        url = map_url(old_url, change)
        return {} if headers == old_headers and url == old_url else {"headers": headers, "url": url}
    old_env = field(target, "env")
    env = {k: v if not v or is_folder_list(v) else change(v) for k, v in old_env.items()}
    return {} if env == old_env else {"env": env}


def secret_parts(target: _Target, field: Field) -> list[str]:
    """Every secret part of the target (a value, or the reference kept in its place)."""
    found: list[str] = []

    def collect(part: str) -> str:
        found.append(part)
        return part

    secret_update(target, field, collect)
    return found


def masked_plain(target: dict[str, Any]) -> dict[str, Any]:
    """A plain target (`Store.load_plain`) as shown to people, as `secrets.masked` shows a model's."""
    return {**target, **secret_update(target, dict.__getitem__, lambda _part: MASK)}


def plain_references(servers: list[dict[str, Any]]) -> set[str]:
    """Every secret reference plain servers hold (`secrets.references` for the model)."""
    return {part for server in servers for part in secret_parts(server["target"], dict.__getitem__)
            if REFERENCE.fullmatch(part)}


def holds_plaintext(servers: list[dict[str, Any]]) -> bool:
    """Whether any plain server still has a secret written in the store (by an older version)."""
    return any(not REFERENCE.fullmatch(part) for server in servers
               for part in secret_parts(server["target"], dict.__getitem__))
