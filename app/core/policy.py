"""The administrator's machine-wide policy: what may never be shared, which servers are barred, pausing.

One JSON file, read-only for users (Linux `/etc/rootkeeper/policy.json`, macOS
`/Library/Application Support/Rootkeeper/policy.json`, Windows `%ProgramData%\\Rootkeeper\\policy.json`).
That machine-wide file always applies. `$ROOTKEEPER_POLICY` may name a second file (managed setups,
tests), which can only add restrictions: deny lists are joined, allow lists narrowed to what both allow,
pausing allowed only when both allow it. A missing file named by the variable shares nothing, so the
variable can never switch the machine-wide policy off; the machine-wide path is a constant, changed
only in-process by tests.

    {
      "deny_folders":  ["~/.ssh", "/srv/payroll"],     never shared (the folder and everything inside)
      "allow_folders": ["~/projects"],                 when given: only these (and inside) may be shared
      "deny_servers":  ["evil-*", {"url": "https://*.example.com/*"}, {"command": "*curl*"}],
      "share_none_servers": ["telemetry"],             may be added, but sees no folder
      "allow_pause": false                             the user may not pause sharing
    }

A server rule is a name pattern, or an object matching the name, the command (the program and its
arguments joined by spaces) or the URL, each a shell-style pattern. `~` means each user's own home, as
the password database has it (not `$HOME`, which the caller sets). No machine-wide file means no policy.
A policy file that someone other than root can change (group- or other-writable, or a machine-wide one
not owned by root) is refused like a broken one. A file that cannot be read or understood fails closed:
nothing is shared and every edit that would share is refused, with one sentence saying why, until it is fixed.
"""

from __future__ import annotations

import fnmatch
import json
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.paths import printable
from app.core.text import Message, UserError, refusal

if TYPE_CHECKING:  # the model is imported where a server is judged: judging folders needs no pydantic
    from app.core.model import ServerEntry

POLICY_VARIABLE = "ROOTKEEPER_POLICY"
_KEYS = {"deny_folders", "allow_folders", "deny_servers", "share_none_servers", "allow_pause"}
_RULE_KEYS = {"name", "command", "url"}
_MAX_BYTES = 1 << 20


def _machine_path() -> Path:
    if sys.platform == "darwin":
        return Path("/Library/Application Support/Rootkeeper/policy.json")
    if os.name == "nt":
        # Not %ProgramData%: a variable is the caller's to set, and must not move the administrator's file.
        return Path(r"C:\ProgramData") / "Rootkeeper" / "policy.json"
    return Path("/etc/rootkeeper/policy.json")


# The administrator's file. Deliberately not taken from the environment or any file a user can write:
# tests replace it in their own process (monkeypatch), nothing outside the process can.
MACHINE_POLICY: Path = _machine_path()


def policy_paths() -> tuple[Path, ...]:
    """The files that make up the policy in force: the machine-wide one, then `$ROOTKEEPER_POLICY`'s."""
    extra = os.environ.get(POLICY_VARIABLE)
    return (MACHINE_POLICY, Path(extra)) if extra else (MACHINE_POLICY,)


@dataclass(frozen=True)
class ServerRule:
    name: str | None = None
    command: str | None = None
    url: str | None = None

    def matches(self, server: ServerEntry) -> bool:
        from app.core.model import HttpTarget

        target = server.target
        checks: list[tuple[str | None, str | None]] = [(self.name, server.name)]
        if isinstance(target, HttpTarget):
            checks += [(self.url, target.url), (self.command, None)]
        else:
            checks += [(self.command, " ".join([target.command, *target.args])), (self.url, None)]
        given = [(pattern, value) for pattern, value in checks if pattern is not None]
        return bool(given) and all(value is not None and fnmatch.fnmatchcase(value, rule) for rule, value in given)

    def describe(self) -> str:
        parts = [f"{key} {value}" for key, value in (("name", self.name), ("command", self.command), ("url", self.url))]
        return ", ".join(part for part in parts if not part.endswith(" None"))


@dataclass(frozen=True)
class Policy:
    source: str = ""
    deny_folders: tuple[str, ...] = ()
    allow_folders: tuple[str, ...] | None = None
    deny_servers: tuple[ServerRule, ...] = ()
    share_none_servers: tuple[ServerRule, ...] = ()
    allow_pause: bool = True
    broken: Message | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def active(self) -> bool:
        return bool(self.source)

    def folder_refusal(self, path: str) -> UserError | None:
        """Why `path` (canonical) may not be shared, or None when it may."""
        if self.broken is not None:
            return self._broken_refusal()
        for denied in self.deny_folders:
            if _inside(path, denied):
                return refusal("policy.folder_denied", path=printable(path), rule=printable(denied), source=self._where)
        if self.allow_folders is not None and not any(_inside(path, allowed) for allowed in self.allow_folders):
            allowed_text = printable(", ".join(self.allow_folders) or "(none)")
            return refusal("policy.folder_not_allowed", path=printable(path), allowed=allowed_text, source=self._where)
        return None

    def permits_folder(self, path: str) -> bool:
        return self.folder_refusal(path) is None

    def server_refusal(self, server: ServerEntry) -> UserError | None:
        """Why `server` may not be configured at all, or None."""
        if self.broken is not None:
            return self._broken_refusal()
        for rule in self.deny_servers:
            if rule.matches(server):
                return refusal(
                    "policy.server_denied", name=server.name, rule=printable(rule.describe()), source=self._where
                )
        return None

    def shares_nothing(self, server: ServerEntry) -> bool:
        """True when the policy keeps every folder from `server` (barred, share-none, or a broken policy)."""
        if self.broken is not None:
            return True
        return any(rule.matches(server) for rule in (*self.deny_servers, *self.share_none_servers))

    def share_refusal(self, server: ServerEntry) -> UserError | None:
        """Why `server` may not be given any folder (checked when its sharing would become more than none)."""
        refused = self.server_refusal(server)
        if refused is not None:
            return refused
        for rule in self.share_none_servers:
            if rule.matches(server):
                return refusal("policy.share_none", name=server.name, source=self._where)
        return None

    def pause_refusal(self) -> UserError | None:
        if self.broken is None and not self.allow_pause:
            return refusal("policy.no_pause", source=self._where)
        return None

    @property
    def _where(self) -> str:
        return printable(self.source)

    def _broken_refusal(self) -> UserError:
        assert self.broken is not None
        return UserError(self.broken.code, **self.broken.args)


NO_POLICY = Policy()


def load_policy(path: Path | None = None) -> Policy:
    """The policy in force now: read fresh each time (a policy is small and changes rarely).

    Every reader (tray, hub, bridge, CLI) comes here with no `path`: the machine-wide file, narrowed by
    `$ROOTKEEPER_POLICY`'s if it is set. A `path` reads that one file alone (missing: no policy)."""
    if path is not None:
        return _read(path, machine=False, missing_ok=True)
    machine = _read(MACHINE_POLICY, machine=True, missing_ok=True)
    extra = os.environ.get(POLICY_VARIABLE)
    if not extra:
        return machine
    return combine(machine, _read(Path(extra), machine=False, missing_ok=False))


def combine(first: Policy, second: Policy) -> Policy:
    """Both policies at once: whatever either forbids stays forbidden."""
    if not second.active:
        return first
    if not first.active:
        return second
    broken = first.broken if first.broken is not None else second.broken
    if first.allow_folders is None or second.allow_folders is None:
        allow = first.allow_folders if second.allow_folders is None else second.allow_folders
    else:
        allow = _narrowest(first.allow_folders, second.allow_folders)
    return Policy(
        source=f"{first.source}, {second.source}",
        deny_folders=tuple(dict.fromkeys((*first.deny_folders, *second.deny_folders))),
        allow_folders=allow,
        deny_servers=tuple(dict.fromkeys((*first.deny_servers, *second.deny_servers))),
        share_none_servers=tuple(dict.fromkeys((*first.share_none_servers, *second.share_none_servers))),
        allow_pause=first.allow_pause and second.allow_pause,
        broken=broken,
        raw={"machine": first.raw, "added": second.raw},
    )


def _narrowest(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    """The folders inside one of `first` and inside one of `second`: the inner of each pair that nests."""
    both = [a for a in first for b in second if _inside(a, b)] + [b for b in second for a in first if _inside(b, a)]
    return tuple(dict.fromkeys(both))


def _read(where: Path, *, machine: bool, missing_ok: bool) -> Policy:
    try:
        with open(where, "rb") as handle:
            unsafe = _unsafe(os.fstat(handle.fileno()), machine=machine)
            payload = handle.read(_MAX_BYTES + 1)
    except FileNotFoundError:
        if missing_ok:
            return NO_POLICY
        error = refusal("policy.missing", source=printable(str(where)))
        return Policy(source=str(where), broken=error.message)
    except OSError as error:
        return _broken(where, error.strerror or str(error))
    if unsafe:
        refused = refusal("policy.writable", source=printable(str(where)))
        return Policy(source=str(where), broken=refused.message)
    if len(payload) > _MAX_BYTES:
        return _broken(where, "it is larger than 1 MiB")
    try:
        raw = json.loads(payload)
        return _parse(str(where), raw)
    except (ValueError, RecursionError) as error:
        return _broken(where, str(error) or type(error).__name__)


def _unsafe(status: os.stat_result, *, machine: bool) -> bool:
    """Whether someone other than root (or, for a user's own added file, its owner) could change the file."""
    if os.name == "nt":
        return False
    if status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return True
    return machine and status.st_uid != 0


def _broken(where: Path, reason: str) -> Policy:
    error = refusal("policy.broken", source=printable(str(where)), reason=printable(reason.rstrip(".")))
    return Policy(source=str(where), broken=error.message)


def _parse(source: str, raw: object) -> Policy:
    if not isinstance(raw, dict):
        raise ValueError("the file must hold one JSON object")
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise ValueError(f"unknown setting {unknown[0]!r}")
    allow_pause = raw.get("allow_pause", True)
    if not isinstance(allow_pause, bool):
        raise ValueError("allow_pause must be true or false")
    allow = raw.get("allow_folders")
    return Policy(
        source=source,
        deny_folders=_folders(raw.get("deny_folders", []), "deny_folders"),
        allow_folders=None if allow is None else _folders(allow, "allow_folders"),
        deny_servers=_rules(raw.get("deny_servers", []), "deny_servers"),
        share_none_servers=_rules(raw.get("share_none_servers", []), "share_none_servers"),
        allow_pause=allow_pause,
        raw=raw,
    )


def _folders(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
        raise ValueError(f"{key} must be a list of folder paths")
    folders = []
    for item in value:
        expanded = _expand_home(item.strip())
        if not os.path.isabs(expanded):
            raise ValueError(f"{key} holds {item!r}, which is not an absolute path")
        # Canonical like every root's path, so a policy on a symlinked folder still catches it.
        folders.append(os.path.realpath(expanded))
    return tuple(folders)


def _expand_home(text: str) -> str:
    """`~` and `~/…` with this user's home from the password database, never `$HOME` (the caller's to set)."""
    if os.name != "nt" and (text == "~" or text.startswith("~/")):
        import pwd

        return pwd.getpwuid(os.getuid()).pw_dir + text[1:]
    return os.path.expanduser(text)


def _rules(value: object, key: str) -> tuple[ServerRule, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{key} must be a list of server names or rules")
    rules = []
    for item in value:
        if isinstance(item, str) and item:
            rules.append(ServerRule(name=item))
        elif (
            isinstance(item, dict)
            and item
            and set(item) <= _RULE_KEYS
            and all(isinstance(text, str) and text for text in item.values())
        ):
            rules.append(ServerRule(**item))
        else:
            raise ValueError(f"{key} holds {item!r}; use a name, or an object with name, command or url")
    return tuple(rules)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
