"""The one list of locations that hold far more, or far more sensitive, things than a project.

Sharing any of these needs an explicit confirmation (`--allow-broad`, or the GUI's dialog); the
kind decides the sentence. Paths are compared after canonicalization (symlinks resolved), so a link
to `~/.ssh` is `~/.ssh`. Three rules decide whether a path matches an entry:

- *tree*: the location itself and everything inside it (a key file inside `~/.ssh` is still a key);
- *exact*: only the location itself (`~/.config` holds every program's settings, but
  `~/.config/myapp` is one program's);
- *shallow*: the location and its direct children (`/usr`, `/usr/lib`; `/usr/local/src/app` is not).

Rootkeeper's own settings and state folders, and the kernel's virtual folders (/proc, /sys, /dev),
are not on this list: they are refused outright (`refused_location`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

Rule = str  # "tree" | "exact" | "shallow"

CREDENTIALS: tuple[str, ...] = (
    ".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", ".netrc", ".npmrc", ".pypirc", ".git-credentials",
    ".password-store", ".vault-token", ".pki", ".terraform.d", ".config/gcloud", ".config/gh", ".config/hub",
    ".gem/credentials", ".cargo/credentials", ".cargo/credentials.toml", ".local/share/keyrings",
    ".local/share/kwalletd", ".local/share/password-store", "Library/Keychains",
)
"""Under the home folder (tree): keys, tokens, passwords and keyrings."""

BROWSER_PROFILES: tuple[str, ...] = (
    ".mozilla", ".thunderbird", ".config/google-chrome", ".config/chromium", ".config/BraveSoftware",
    ".config/microsoft-edge", ".config/vivaldi", ".config/opera", "snap/firefox", "snap/chromium",
    ".var/app/org.mozilla.firefox", ".var/app/com.google.Chrome", "Library/Application Support/Google/Chrome",
    "Library/Application Support/Firefox", "Library/Safari", "Library/Cookies",
)
"""Under the home folder (tree): cookies, saved passwords and history."""

PACKAGE_CACHES: tuple[str, ...] = (
    ".cache", ".npm", ".pnpm-store", ".yarn", ".cargo", ".rustup", ".m2", ".gradle", ".nuget", ".ivy2",
    ".conda", "go/pkg", "Library/Caches",
)
"""Under the home folder (tree): downloaded packages and caches, often with tokens in their settings."""

APP_DATA: tuple[str, ...] = (
    ".config", ".local", ".local/share", ".local/state", "Library", "Library/Application Support",
    "AppData", "AppData/Roaming", "AppData/Local",
)
"""Under the home folder (exact): every program's settings and data, Rootkeeper's own among them."""

SYSTEM_TREES: tuple[str, ...] = (
    "/etc", "/boot", "/root", "/run", "/var/lib", "/var/log", "/var/cache", "/var/spool", "/var/backups",
    "/var/mail", "/private/etc", "/private/var", "/System", "/Library",
)
"""System folders (tree): configuration, private keys (/etc/ssl/private), services' data and logs."""

SYSTEM_FOLDERS: tuple[str, ...] = (
    "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/usr", "/private", "/Applications",
)
"""System folders (shallow): programs and libraries. `/var` itself is one too (exact: /var/www is a site)."""

SHARED_PLACES: tuple[str, ...] = (
    "/home", "/Users", "/mnt", "/media", "/Volumes", "/opt", "/srv", "/tmp", "/var/tmp",
)
"""Folders (exact) that hold many other folders, often other users' or other drives'."""

VIRTUAL_FOLDERS: tuple[str, ...] = ("/proc", "/sys", "/dev")
"""The kernel's views (tree): `/proc/self` would be the sharing process itself; refused outright."""


def _is_at_or_inside(path: str, location: str) -> bool:
    return path == location or path.startswith(location.rstrip("/") + "/")


def _matches(path: str, location: str, rule: Rule) -> bool:
    if rule == "exact":
        return path == location
    if rule == "shallow":
        return path == location or os.path.dirname(path) == location
    return _is_at_or_inside(path, location)


def _under_home(home: str, relatives: Iterable[str]) -> list[str]:
    return [os.path.join(home, relative) for relative in relatives]


def broad_kind(path: str, home: str) -> str | None:
    """The `broad.*` sentence code for why `path` (normalized, absolute) needs confirmation, or None."""
    if path in ("/", "//") or re.fullmatch(r"[A-Za-z]:[\\/]?", path):
        return "broad.drive"
    if path == home:
        return "broad.home"
    if os.path.dirname(path) in ("/home", "/Users"):
        return "broad.other_home"
    checks: list[tuple[str, Rule, list[str]]] = [
        ("broad.secrets", "tree", _under_home(home, CREDENTIALS)),
        ("broad.browser", "tree", _under_home(home, BROWSER_PROFILES)),
        ("broad.cache", "tree", _under_home(home, PACKAGE_CACHES)),
        ("broad.app_data", "exact", _under_home(home, APP_DATA)),
    ]
    inside_home = _is_at_or_inside(path, home)
    if not inside_home:  # the system rules never apply to the user's own folder (root's home is /root)
        checks += [("broad.system", "tree", list(SYSTEM_TREES)), ("broad.system", "shallow", list(SYSTEM_FOLDERS)),
                   ("broad.system", "exact", ["/var"])]
    checks.append(("broad.many", "exact", list(SHARED_PLACES)))
    for code, rule, locations in checks:
        if any(_matches(path, location, rule) for location in locations):
            return code
    return None


def is_virtual(path: str) -> bool:
    """Whether `path` lies in /proc, /sys or /dev, where nothing is a file to share."""
    return any(_is_at_or_inside(path, folder) for folder in VIRTUAL_FOLDERS)


def own_folders() -> list[str]:
    """Rootkeeper's settings and state folders, canonical; a server given them could change what it may see."""
    from app.core.system.locations import config_home, state_home

    return [os.path.realpath(folder) for folder in (Path(config_home()), Path(state_home()))]


def is_own_folder(path: str) -> bool:
    return any(_is_at_or_inside(path, folder) for folder in own_folders())
