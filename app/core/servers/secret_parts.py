"""Which parts of a server's target are secret (see `app.core.servers.secrets`): the rule, over the target's strings.

Here without pydantic, so that commands reading the store as plain data (`servers list`, `roots add`)
mask and find secrets by the very rule the model's targets follow: `secrets` applies it to the model's
targets, `app.core.store.plain` to the plain ones, each handing over a target's URL and headers, or its
environment.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from app.core.servers.placeholders import PLACEHOLDERS

MASK = "****"
REFERENCE = re.compile(r"rootkeeper-secret:(keyring|file):([0-9a-f]{32})")
SCHEME_HEADERS = frozenset({"authorization", "proxy-authorization"})
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,31} +)(\S.*)$", re.DOTALL)

Change = Callable[[str], str]
"""What to do with one secret part: put it away, mask it, fetch it back."""


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


def http_update(url: str, headers: dict[str, str], change: Change) -> dict[str, Any]:
    """An HTTP target's fields that change when each secret part becomes `change(part)`; empty when none does."""
    new_headers = {name: map_header(name, value, change) for name, value in headers.items()}
    new_url = map_url(url, change)
    return {} if new_headers == headers and new_url == url else {"headers": new_headers, "url": new_url}


def stdio_update(env: dict[str, str], change: Change) -> dict[str, Any]:
    """A command target's fields that change when each secret part becomes `change(part)`; empty when none does."""
    new_env = {k: v if not v or is_folder_list(v) else change(v) for k, v in env.items()}
    return {} if new_env == env else {"env": new_env}


def collected(update: Callable[[Change], object]) -> list[str]:
    """Every secret part `update` (`http_update` or `stdio_update` of a target) meets: a value, or its reference."""
    found: list[str] = []

    def collect(part: str) -> str:
        found.append(part)
        return part

    update(collect)
    return found
