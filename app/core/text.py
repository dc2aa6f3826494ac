"""Every sentence Rootkeeper says to a person, by stable code, with its English template.

A code names the kind of sentence and never changes; `{name}` placeholders are filled from the
arguments, which travel with the sentence so every interface can translate it. Core and the
protocol layer say what happened as a `Message`: `code` names the kind of sentence (stable, never
shown), `args` fills its placeholders, and `text` is the English sentence built from both. The CLI
prints `text`; the GUI looks `code` up in its translations and falls back to `text`.
The GUI's table (app/ui/messages.py) must have an entry for each code here (a test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Message:
    code: str
    text: str
    args: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class UserError(ValueError):
    """A refusal for the user: one sentence, and the code and arguments to translate it. Nothing was written."""

    def __init__(self, code: str, text: str, **args: str) -> None:
        super().__init__(text)
        self.message = Message(code, text, dict(args))

    @property
    def code(self) -> str:
        return self.message.code

    @property
    def args_map(self) -> Mapping[str, str]:
        return self.message.args


SENTENCES: dict[str, str] = {
    # -- paths ------------------------------------------------------------------------------------
    "path.not_local": "Only local file:// locations can be shared, and {uri} is not one.",
    "path.remote": "{uri} points to another computer ({host}); only local folders can be shared.",
    "path.query": "{uri} has a '?' or '#' part; encode those characters as %3F and %23.",
    "path.empty": "The path is empty.",
    "path.nul": "The path contains a NUL byte, which no file name can hold.",
    "path.too_long": "The path is {length} bytes long; this system allows at most {limit}.",
    "path.name_too_long": "A name in the path is {length} bytes long; this system allows at most {limit}.",
    "path.missing": "{path} does not exist.",
    "path.permission_denied": "Permission denied while opening {path}.",
    "path.loop": "{path} is part of a symbolic link loop.",
    "path.os_too_long": "{path} is longer than this system allows.",
    "path.not_a_folder_part": "A part of {path} is a file, not a folder.",
    "path.os_error": "{path} cannot be used: {reason}.",
    "path.special": "{path} is neither a folder nor a regular file.",
    "path.virtual": "{path} is one of the system's virtual folders (/proc, /sys, /dev), which cannot be shared.",
    "path.uri_no_path": "{uri} does not name a folder; write it as file:///path/to/folder.",
    # -- broad and overlapping roots --------------------------------------------------------------
    "broad.drive": "{path} is the root of a whole drive.",
    "broad.home": "{path} is your whole home folder.",
    "broad.other_home": "{path} is a whole home folder.",
    "broad.secrets": "{path} holds keys or credentials.",
    "broad.system": "{path} is a system folder.",
    "broad.browser": "{path} holds a web browser's profile (cookies, saved passwords).",
    "broad.cache": "{path} holds downloaded packages and caches, often with access tokens.",
    "broad.app_data": "{path} holds every program's settings and data.",
    "broad.many": "{path} holds many other folders, possibly other users' files.",
    "overlap.duplicate": "{path} is already shared as '{name}'.",
    "overlap.inside": "{path} is inside '{name}' ({other}), which is already shared.",
    "overlap.contains": "{path} contains '{name}' ({other}), which is already shared.",
    # -- roots --------------------------------------------------------------------------------------
    "root.broad_refused": "{path} is too broad to share without confirmation ({why}); "
    "add --allow-broad to share it anyway.",
    "root.own_folder": "{path} holds Rootkeeper's own settings or state, which no server may see.",
    "root.empty_name": "A root's name cannot be empty.",
    "root.name_like_path": "'{name}' looks like a path; pick a name without '/', '~' or 'file:'.",
    "root.ambiguous": "Several roots are named '{name}' ({ids}); use the id instead.",
    "root.not_found": "No shared folder matches '{selector}'; see 'rootkeeper roots list'.",
    "root.nothing_given": "Say which folders to share.",
    "root.not_readable": "{path} is shared, but Rootkeeper cannot read it now ({status}); servers will not see "
    "it until it can.",
    # -- servers ------------------------------------------------------------------------------------
    "server.exists": "A server named '{name}' already exists; remove it first or pick another name.",
    "server.bad_name": "'{name}' is not a valid server name; use letters, digits, '.', '_' or '-'.",
    "server.not_found": "No server is named '{name}'; see 'rootkeeper servers list'.",
    "server.bad_url": "'{url}' is not an http:// or https:// URL.",
    "server.no_command": "Say which command starts the server.",
    "server.nul": "A server's command, arguments and environment cannot contain a NUL byte.",
    "server.url_space": "'{url}' contains a space, tab or line break; percent-encode it (%20) or remove it.",
    "server.bad_port": "'{url}' has the port {port}; a port is a number from 1 to 65535.",
    "server.bad_header_name": "'{name}' is not a valid HTTP header name; use letters, digits and '-', without "
    "spaces or colons.",
    "server.bad_header_value": "The value of the header '{name}' contains a line break, which HTTP does not allow.",
    "server.cwd_missing": "The working folder {cwd} does not exist.",
    "server.bad_era": "'{era}' is not a protocol era; use auto, 2025-11-25 or 2026-07-28.",
    "share.empty": "Say what to share: all, none, or a comma-separated list of roots.",
    "server.bad_roots_source": "'{value}' is not a roots source; use rootkeeper, host or merge.",
    "server.no_command_line": "'{name}' is reached by URL and has no command line with folders of its own.",
    "alias.no_local": "Say which local folder the server sees as {remote}.",
    "alias.remote_relative": "The path the server sees, '{remote}', must be absolute (like /workspace).",
    "alias.twice": "{path} is mapped twice; give each local folder one alias.",
    "alias.bad_pair": "'{item}' is not of the form LOCAL=REMOTE (for example ~/projects=/workspace).",
    "instance.no_socket": "Rootkeeper runs, but a second start cannot bring its window forward: it cannot listen "
    "on {path} ({reason}).",
    # -- the store ----------------------------------------------------------------------------------
    "store.newer": "The settings file was written by a newer Rootkeeper (format {version}, this one reads up "
    "to {supported}); update Rootkeeper to use it.",
    "store.is_folder": "The settings file {path} is a folder, not a file; move it away.",
    "store.unreadable": "The settings file {path} cannot be read ({reason}); fix its permissions.",
    "store.no_home": "Cannot create the settings folder {path} ({reason}).",
    "store.no_lock": "Cannot open the lock file {path} ({reason}).",
    "store.not_saved": "Nothing was changed: the settings file {path} cannot be saved ({reason}).",
    "store.lock_timeout": "Another Rootkeeper process has held {path} for too long.",
    "store.lock_busy": "Gave up after waiting {seconds} s for {path}: other Rootkeeper processes kept changing the "
    "settings all that time; try again.",
    "store.lock_stuck": "Gave up after waiting {seconds} s for {path}: {holder} has held it all that time without "
    "saving anything.",
    "home.relative": "ROOTKEEPER_HOME must be an absolute path, and '{value}' is not one.",
    "store.not_a_file": "The settings file {path} is not a regular file; move it away.",
    "store.root_dropped": "The shared folder '{name}' had the location {uri}, which is not a local folder; "
    "it was dropped.",
    "store.root_uri_rebuilt": "The shared folder '{name}' claimed the location {uri}, which is not its path {path}; "
    "the location was rebuilt from the path.",
    "store.root_id_reissued": "Two shared folders had the id {id}; '{name}' now has the id {new}.",
    "store.damaged": "The settings file was damaged and has been moved to {path}; Rootkeeper started a new one.",
    # -- the administrator's policy -----------------------------------------------------------------
    "policy.folder_denied": "{path} may not be shared: the administrator's policy ({source}) forbids {rule}.",
    "policy.folder_not_allowed": "{path} may not be shared: the administrator's policy ({source}) allows only "
    "folders in {allowed}.",
    "policy.server_denied": "The server '{name}' is not allowed by the administrator's policy ({source}, rule: "
    "{rule}).",
    "policy.share_none": "'{name}' may not see any folder: the administrator's policy ({source}) says it shares "
    "nothing.",
    "policy.no_pause": "Sharing cannot be paused: the administrator's policy ({source}) does not allow it.",
    "policy.broken": "The administrator's policy {source} cannot be used ({reason}); nothing is shared until it is "
    "fixed.",
    # -- history --------------------------------------------------------------------------------------
    "history.bad_since": "'{value}' is not a time; use a date (2026-12-01), a date and time (2026-12-01T10:30) "
    "or an age such as 30m, 12h or 7d.",
    # -- server secrets (app/core/servers/secrets.py) ---------------------------------------------------------
    "secret.in_file": "No keyring is available, so server secrets are kept in {path}, readable only by you.",
    "secret.keyring_refused": "The keyring refused a server secret ({reason}), so it is kept in {path}, readable "
    "only by you.",
    "secret.migrated_keyring": "The secrets of {servers} were moved out of the settings file into the keyring.",
    "secret.migrated_file": "The secrets of {servers} were moved out of the settings file into {path}, readable only "
    "by you.",
    "secret.missing_keyring": "A secret value of this server is missing from the keyring; enter it again in its "
    "settings.",
    "secret.missing_file": "A secret value of this server is missing from {path}; enter it again in its settings.",
    "secret.no_keyring": "A secret value of this server is in the keyring, and no keyring can be reached from here.",
    "secret.keyring_failed": "A secret value of this server cannot be read from the keyring ({reason}).",
    "secret.file_unreadable": "The secrets file {path} cannot be read ({reason}).",
}

BROAD_WHY: dict[str, str] = {
    "broad.drive": "a whole drive",
    "broad.home": "your whole home folder",
    "broad.other_home": "a whole home folder",
    "broad.secrets": "keys or credentials",
    "broad.system": "a system folder",
    "broad.many": "many other folders",
    "broad.browser": "a browser profile",
    "broad.cache": "package caches",
    "broad.app_data": "every program's settings",
}
"""The short reason quoted inside `root.broad_refused`, by the code of the broad sentence."""


def message(code: str, **args: str) -> Message:
    """The sentence `code` with `args` filled in; the arguments travel with it for translation."""
    return Message(code, SENTENCES[code].format(**args), dict(args))


def refusal(code: str, **args: str) -> UserError:
    return UserError(code, SENTENCES[code].format(**args), **args)
