"""Core's sentences: paths, roots, servers, the store, the administrator's policy, history, server secrets.

Each template is marked with `QT_TRANSLATE_NOOP` so that `pyside6-lupdate` collects it into the
"Messages" context; `{name}` placeholders are filled from the message's arguments.
"""

from __future__ import annotations

from app.core.text.marker import QT_TRANSLATE_NOOP

SENTENCES: dict[str, str] = {
    # -- paths -----------------------------------------------------------------------------------------------
    "path.not_local": QT_TRANSLATE_NOOP("Messages", "Only local file:// locations can be shared, and {uri} is not "
                                                    "one."),
    "path.remote": QT_TRANSLATE_NOOP("Messages", "{uri} points to another computer ({host}); only local folders can "
                                                 "be shared."),
    "path.query": QT_TRANSLATE_NOOP("Messages", "{uri} has a '?' or '#' part; encode those characters as %3F and %23."),
    "path.empty": QT_TRANSLATE_NOOP("Messages", "The path is empty."),
    "path.nul": QT_TRANSLATE_NOOP("Messages", "The path contains a NUL byte, which no file name can hold."),
    "path.too_long": QT_TRANSLATE_NOOP("Messages", "The path is {length} bytes long; this system allows at most "
                                                   "{limit}."),
    "path.name_too_long": QT_TRANSLATE_NOOP("Messages", "A name in the path is {length} bytes long; this system "
                                                        "allows at most {limit}."),
    "path.missing": QT_TRANSLATE_NOOP("Messages", "{path} does not exist."),
    "path.permission_denied": QT_TRANSLATE_NOOP("Messages", "Permission denied while opening {path}."),
    "path.loop": QT_TRANSLATE_NOOP("Messages", "{path} is part of a symbolic link loop."),
    "path.os_too_long": QT_TRANSLATE_NOOP("Messages", "{path} is longer than this system allows."),
    "path.not_a_folder_part": QT_TRANSLATE_NOOP("Messages", "A part of {path} is a file, not a folder."),
    "path.os_error": QT_TRANSLATE_NOOP("Messages", "{path} cannot be used: {reason}."),
    "path.special": QT_TRANSLATE_NOOP("Messages", "{path} is neither a folder nor a regular file."),
    "path.virtual": QT_TRANSLATE_NOOP("Messages", "{path} is one of the system's virtual folders (/proc, /sys, "
                                                  "/dev), which cannot be shared."),
    "path.uri_no_path": QT_TRANSLATE_NOOP("Messages", "{uri} does not name a folder; write it as "
                                                      "file:///path/to/folder."),
    # -- broad and overlapping roots -------------------------------------------------------------------------
    "broad.drive": QT_TRANSLATE_NOOP("Messages", "{path} is the root of a whole drive."),
    "broad.home": QT_TRANSLATE_NOOP("Messages", "{path} is your whole home folder."),
    "broad.other_home": QT_TRANSLATE_NOOP("Messages", "{path} is a whole home folder."),
    "broad.secrets": QT_TRANSLATE_NOOP("Messages", "{path} holds keys or credentials."),
    "broad.system": QT_TRANSLATE_NOOP("Messages", "{path} is a system folder."),
    "broad.browser": QT_TRANSLATE_NOOP("Messages", "{path} holds a web browser's profile (cookies, saved passwords)."),
    "broad.cache": QT_TRANSLATE_NOOP("Messages", "{path} holds downloaded packages and caches, often with access "
                                                 "tokens."),
    "broad.app_data": QT_TRANSLATE_NOOP("Messages", "{path} holds every program's settings and data."),
    "broad.many": QT_TRANSLATE_NOOP("Messages", "{path} holds many other folders, possibly other users' files."),
    "overlap.duplicate": QT_TRANSLATE_NOOP("Messages", "{path} is already shared as '{name}'."),
    "overlap.inside": QT_TRANSLATE_NOOP("Messages", "{path} is inside '{name}' ({other}), which is already shared."),
    "overlap.contains": QT_TRANSLATE_NOOP("Messages", "{path} contains '{name}' ({other}), which is already shared."),
    # -- a root's last access check (app/core/roots/checks.py) -----------------------------------------------
    "access.ok": QT_TRANSLATE_NOOP("Messages", "{path} is readable."),
    "access.missing": QT_TRANSLATE_NOOP("Messages", "{path} does not exist (deleted, renamed or unmounted)."),
    "access.not_a_folder": QT_TRANSLATE_NOOP("Messages", "{path} is not a folder any more."),
    "access.not_a_file": QT_TRANSLATE_NOOP("Messages", "{path} was shared as a file but is now a folder."),
    "access.permission_denied": QT_TRANSLATE_NOOP("Messages", "Rootkeeper is not allowed to open {path}."),
    # -- roots -----------------------------------------------------------------------------------------------
    "root.broad_refused": QT_TRANSLATE_NOOP("Messages", "{path} is too broad to share without confirmation ({why}); "
                                                        "add --allow-broad to share it anyway."),
    "root.own_folder": QT_TRANSLATE_NOOP("Messages", "{path} holds Rootkeeper's own settings or state, which no "
                                                     "server may see."),
    "root.empty_name": QT_TRANSLATE_NOOP("Messages", "A root's name cannot be empty."),
    "root.name_like_path": QT_TRANSLATE_NOOP("Messages", "'{name}' looks like a path; pick a name without '/', '~' "
                                                         "or 'file:'."),
    "root.ambiguous": QT_TRANSLATE_NOOP("Messages", "Several roots are named '{name}' ({ids}); use the id instead."),
    "root.not_found": QT_TRANSLATE_NOOP("Messages", "No shared folder matches '{selector}'; see 'rootkeeper roots "
                                                    "list'."),
    "root.nothing_given": QT_TRANSLATE_NOOP("Messages", "Say which folders to share."),
    "root.not_readable": QT_TRANSLATE_NOOP("Messages", "{path} is shared, but Rootkeeper cannot read it now "
                                                       "({status}); servers will not see it until it can."),
    "root.read_only_on": QT_TRANSLATE_NOOP("Messages", "'{name}' is now read-only for confined servers; servers that "
                                                       "are not confined can still change it."),
    "root.read_only_off": QT_TRANSLATE_NOOP("Messages", "'{name}' is no longer read-only: confined servers given it "
                                                        "can change it again."),
    "root.read_only_inside": QT_TRANSLATE_NOOP("Messages", "'{name}' is inside '{other}', which is not read-only: a "
                                                           "confined server given both can still change it."),
    "root.read_only_explained": QT_TRANSLATE_NOOP("Messages", "Read-only holds for confined servers only: the system "
                                                              "lets them read the folder but not change, create, "
                                                              "rename or delete anything in it. Servers that are only "
                                                              "told about folders can still change it."),
    # -- servers ---------------------------------------------------------------------------------------------
    "server.exists": QT_TRANSLATE_NOOP("Messages", "A server named '{name}' already exists; remove it first or pick "
                                                   "another name."),
    "server.bad_name": QT_TRANSLATE_NOOP("Messages", "'{name}' is not a valid server name; use letters, digits, '.', "
                                                     "'_' or '-'."),
    "server.not_found": QT_TRANSLATE_NOOP("Messages", "No server is named '{name}'; see 'rootkeeper servers list'."),
    "server.bad_url": QT_TRANSLATE_NOOP("Messages", "'{url}' is not an http:// or https:// URL."),
    "server.no_command": QT_TRANSLATE_NOOP("Messages", "Say which command starts the server."),
    "server.nul": QT_TRANSLATE_NOOP("Messages", "A server's command, arguments and environment cannot contain a NUL "
                                                "byte."),
    "server.url_space": QT_TRANSLATE_NOOP("Messages", "'{url}' contains a space, tab or line break; percent-encode "
                                                      "it (%20) or remove it."),
    "server.bad_port": QT_TRANSLATE_NOOP("Messages", "'{url}' has the port {port}; a port is a number from 1 to "
                                                     "65535."),
    "server.bad_header_name": QT_TRANSLATE_NOOP("Messages", "'{name}' is not a valid HTTP header name; use letters, "
                                                            "digits and '-', without spaces or colons."),
    "server.bad_header_value": QT_TRANSLATE_NOOP("Messages", "The value of the header '{name}' contains a line "
                                                             "break, which HTTP does not allow."),
    "server.cwd_missing": QT_TRANSLATE_NOOP("Messages", "The working folder {cwd} does not exist."),
    "server.bad_era": QT_TRANSLATE_NOOP("Messages", "'{era}' is not a protocol era; use auto, 2025-11-25 or "
                                                    "2026-07-28."),
    "share.empty": QT_TRANSLATE_NOOP("Messages", "Say what to share: all, none, or a comma-separated list of roots."),
    "server.bad_roots_source": QT_TRANSLATE_NOOP("Messages", "'{value}' is not a roots source; use rootkeeper, host "
                                                             "or merge."),
    "server.no_command_line": QT_TRANSLATE_NOOP("Messages", "'{name}' is reached by URL and has no command line with "
                                                            "folders of its own."),
    # -- folders on a server's own command line (app/core/servers/folder_args.py) ----------------------------
    "folders.offer": QT_TRANSLATE_NOOP("Messages", "'{name}' names folders on its command line ({folders}). Give it "
                                                   "the folders you share in their place, so it sees only what you "
                                                   "allow, and nothing while paused or waiting for your consent?"),
    "folders.before": QT_TRANSLATE_NOOP("Messages", "Before: {command}"),
    "folders.after": QT_TRANSLATE_NOOP("Messages", "After: {command}"),
    "folders.used": QT_TRANSLATE_NOOP("Messages", "'{name}' is given the folders you share in place of {folders}."),
    "folders.kept_said": QT_TRANSLATE_NOOP("Messages", "'{name}' keeps its own folders ({folders}): it sees them "
                                                       "whatever you share, even while paused."),
    "folders.share_offer": QT_TRANSLATE_NOOP("Messages", "Not shared yet: {folders}. Share them now?"),
    "alias.no_local": QT_TRANSLATE_NOOP("Messages", "Say which local folder the server sees as {remote}."),
    "alias.remote_relative": QT_TRANSLATE_NOOP("Messages", "The path the server sees, '{remote}', must be absolute "
                                                           "(like /workspace)."),
    "arguments.separator_left_out": QT_TRANSLATE_NOOP("Messages", "'{name}' is not given {folders} on its command line "
                                                                  "where folders are joined: the path holds the "
                                                                  "separator and would read as other folders."),
    "alias.remote_control": QT_TRANSLATE_NOOP("Messages", "The path the server sees, {remote}, holds a line break or "
                                                          "another control character; type it on one line."),
    "alias.twice": QT_TRANSLATE_NOOP("Messages", "{path} is mapped twice; give each local folder one alias."),
    "alias.bad_pair": QT_TRANSLATE_NOOP("Messages", "'{item}' is not of the form LOCAL=REMOTE (for example "
                                                    "~/projects=/workspace)."),
    "instance.no_socket": QT_TRANSLATE_NOOP("Messages", "Rootkeeper runs, but a second start cannot bring its window "
                                                        "forward: it cannot listen on {path} ({reason})."),
    # -- the store -------------------------------------------------------------------------------------------
    "store.newer": QT_TRANSLATE_NOOP("Messages", "The settings file was written by a newer Rootkeeper (format "
                                                 "{version}, this one reads up to {supported}); update Rootkeeper to "
                                                 "use it."),
    "store.is_folder": QT_TRANSLATE_NOOP("Messages", "The settings file {path} is a folder, not a file; move it away."),
    "store.unreadable": QT_TRANSLATE_NOOP("Messages", "The settings file {path} cannot be read ({reason}); fix its "
                                                      "permissions."),
    "store.no_home": QT_TRANSLATE_NOOP("Messages", "Cannot create the settings folder {path} ({reason})."),
    "store.no_lock": QT_TRANSLATE_NOOP("Messages", "Cannot open the lock file {path} ({reason})."),
    "store.not_saved": QT_TRANSLATE_NOOP("Messages", "Nothing was changed: the settings file {path} cannot be saved "
                                                     "({reason})."),
    "store.lock_timeout": QT_TRANSLATE_NOOP("Messages", "Another Rootkeeper process has held {path} for too long."),
    "store.lock_busy": QT_TRANSLATE_NOOP("Messages", "Gave up after waiting {seconds} s for {path}: other Rootkeeper "
                                                     "processes kept changing the settings all that time; try again."),
    "store.lock_stuck": QT_TRANSLATE_NOOP("Messages", "Gave up after waiting {seconds} s for {path}: {holder} has "
                                                      "held it all that time without saving anything."),
    "home.relative": QT_TRANSLATE_NOOP("Messages", "ROOTKEEPER_HOME must be an absolute path, and '{value}' is not "
                                                   "one."),
    "log.bad_level": QT_TRANSLATE_NOOP("Messages", "The log level '{value}' is not one of {levels}."),
    "store.not_a_file": QT_TRANSLATE_NOOP("Messages", "The settings file {path} is not a regular file; move it away."),
    "store.root_dropped": QT_TRANSLATE_NOOP("Messages", "The shared folder '{name}' had the location {uri}, which is "
                                                        "not a local folder; it was dropped."),
    "store.root_uri_rebuilt": QT_TRANSLATE_NOOP("Messages", "The shared folder '{name}' claimed the location {uri}, "
                                                            "which is not its path {path}; the location was rebuilt "
                                                            "from the path."),
    "store.root_id_reissued": QT_TRANSLATE_NOOP("Messages", "Two shared folders had the id {id}; '{name}' now has "
                                                            "the id {new}."),
    "store.original_kept": QT_TRANSLATE_NOOP("Messages", "The settings file said things Rootkeeper had to "
                                                         "repair; its original is kept at {path}."),
    "store.damaged": QT_TRANSLATE_NOOP("Messages", "The settings file was damaged and has been moved to {path}; "
                                                   "Rootkeeper started a new one."),
    # -- the administrator's policy --------------------------------------------------------------------------
    "policy.folder_denied": QT_TRANSLATE_NOOP("Messages", "{path} may not be shared: the administrator's policy "
                                                          "({source}) forbids {rule}."),
    "policy.folder_not_allowed": QT_TRANSLATE_NOOP("Messages", "{path} may not be shared: the administrator's policy "
                                                               "({source}) allows only folders in {allowed}."),
    "policy.server_denied": QT_TRANSLATE_NOOP("Messages", "The server '{name}' is not allowed by the administrator's "
                                                          "policy ({source}, rule: {rule})."),
    "policy.share_none": QT_TRANSLATE_NOOP("Messages", "'{name}' may not see any folder: the administrator's policy "
                                                       "({source}) says it shares nothing."),
    "policy.no_pause": QT_TRANSLATE_NOOP("Messages", "Sharing cannot be paused: the administrator's policy "
                                                     "({source}) does not allow it."),
    "policy.broken": QT_TRANSLATE_NOOP("Messages", "The administrator's policy {source} cannot be used ({reason}); "
                                                   "nothing is shared until it is fixed."),
    "policy.missing": QT_TRANSLATE_NOOP("Messages", "The policy {source} named by ROOTKEEPER_POLICY does not exist; "
                                                    "nothing is shared until it does or the variable is removed."),
    "policy.writable": QT_TRANSLATE_NOOP("Messages", "The policy {source} can be changed by someone other than the "
                                                     "administrator, so it is refused and nothing is shared."),
    # -- history ---------------------------------------------------------------------------------------------
    "history.bad_since": QT_TRANSLATE_NOOP("Messages", "'{value}' is not a time; use a date (2026-12-01), a date and "
                                                       "time (2026-12-01T10:30) or an age such as 30m, 12h or 7d."),
    "history.damaged": QT_TRANSLATE_NOOP("Messages", "The history file was damaged and has been moved to {path}; "
                                                     "Rootkeeper started a new one."),
    # -- server secrets (app/core/servers/secrets.py) --------------------------------------------------------
    "secret.in_file": QT_TRANSLATE_NOOP("Messages", "No keyring is available, so server secrets are kept in {path}, "
                                                    "readable only by you."),
    "secret.keyring_refused": QT_TRANSLATE_NOOP("Messages", "The keyring refused a server secret ({reason}), so it "
                                                            "is kept in {path}, readable only by you."),
    "secret.migrated_keyring": QT_TRANSLATE_NOOP("Messages", "The secrets of {servers} were moved out of the "
                                                             "settings file into the keyring."),
    "secret.migrated_file": QT_TRANSLATE_NOOP("Messages", "The secrets of {servers} were moved out of the settings "
                                                          "file into {path}, readable only by you."),
    "secret.missing_keyring": QT_TRANSLATE_NOOP("Messages", "A secret value of this server is missing from the "
                                                            "keyring; enter it again in its settings."),
    "secret.missing_file": QT_TRANSLATE_NOOP("Messages", "A secret value of this server is missing from {path}; "
                                                         "enter it again in its settings."),
    "secret.no_keyring": QT_TRANSLATE_NOOP("Messages", "A secret value of this server is in the keyring, and no "
                                                       "keyring can be reached from here."),
    "secret.keyring_failed": QT_TRANSLATE_NOOP("Messages", "A secret value of this server cannot be read from the "
                                                           "keyring ({reason})."),
    "secret.file_unreadable": QT_TRANSLATE_NOOP("Messages", "The secrets file {path} cannot be read ({reason})."),
    # -- a server that keeps folders after an empty list, while its list is empty (core/roots/sharing.py) --------
    "withheld.paused": QT_TRANSLATE_NOOP("Messages", "Sharing with {server} is paused in Rootkeeper."),
    "withheld.consent": QT_TRANSLATE_NOOP("Messages", "{server} is waiting for your consent in Rootkeeper: it sees "
                                                      "no folder until you decide."),
    "withheld.nothing": QT_TRANSLATE_NOOP("Messages", "Rootkeeper shares no folder with {server} right now."),
    # -- how binding a server's list is (app/core/servers/binding.py): a word, then a sentence ---------------
    "binding.arguments.word": QT_TRANSLATE_NOOP("Messages", "Arguments"),
    "binding.arguments": QT_TRANSLATE_NOOP("Messages", "Started with exactly the shared folders, and restarted when "
                                                       "they change."),
    "binding.told.word": QT_TRANSLATE_NOOP("Messages", "Told"),
    "binding.told": QT_TRANSLATE_NOOP("Messages", "Asks for its folders and follows every change."),
    "binding.told_at_connect.word": QT_TRANSLATE_NOOP("Messages", "Told at connect"),
    "binding.told_at_connect": QT_TRANSLATE_NOOP("Messages", "Asks for its folders only when it connects: Rootkeeper "
                                                             "reconnects it when they change."),
    "binding.not_told.word": QT_TRANSLATE_NOOP("Messages", "Not told"),
    "binding.not_told": QT_TRANSLATE_NOOP("Messages", "Never asks for its folders: it sees only what its own "
                                                      "configuration gives it."),
    "binding.not_told.era": QT_TRANSLATE_NOOP("Messages", "It ran tool calls without asking for its folders. If it "
                                                          "asks for them only when it connects, this lets it see "
                                                          "them: {command}"),
    "binding.own_folders.word": QT_TRANSLATE_NOOP("Messages", "Keeps its own folders"),
    "binding.own_folders": QT_TRANSLATE_NOOP("Messages", "It serves {folders} whatever the list says."),
    "binding.unknown.word": QT_TRANSLATE_NOOP("Messages", "Not known yet"),
    "binding.unknown": QT_TRANSLATE_NOOP("Messages", "Rootkeeper has not yet seen whether it asks for its folders."),
    "binding.confined.word": QT_TRANSLATE_NOOP("Messages", "Confined"),
    "binding.confined": QT_TRANSLATE_NOOP("Messages", "Runs confined: the system refuses it every file of yours "
                                                      "outside its folders, and it is restarted when they change."),
    # -- confinement (app/core/confine/) ----------------------------------------------------------------------
    "confine.summary": QT_TRANSLATE_NOOP("Messages", "{server} can read and change: {folders}; can read: the system "
                                                     "and its own program; cannot see anything else in your home."),
    "confine.summary_both": QT_TRANSLATE_NOOP("Messages", "{server} can read and change: {folders}; can read: "
                                                          "{read_only}, the system and its own program; cannot see "
                                                          "anything else in your home."),
    "confine.summary_read": QT_TRANSLATE_NOOP("Messages", "{server} can read: {read_only}, the system and its own "
                                                          "program; cannot change or see anything else in your "
                                                          "home."),
    "confine.summary_none": QT_TRANSLATE_NOOP("Messages", "{server} can read: the system and its own program; cannot "
                                                          "see any folder of yours."),
    "confine.unavailable": QT_TRANSLATE_NOOP("Messages", "{command} was not started: it is set to run confined, and "
                                                         "this system's kernel offers no Landlock to confine it "
                                                         "(turn confinement off for this server to run it "
                                                         "unconfined)."),
    "confine.abi_too_old": QT_TRANSLATE_NOOP("Messages", "{command} was not started: it is set to run confined, and "
                                                         "this kernel's Landlock (version {abi}) is older than the "
                                                         "version {needed} its folders need (turn confinement off "
                                                         "for this server to run it unconfined)."),
    "confine.failed": QT_TRANSLATE_NOOP("Messages", "{command} was not started: confining it failed ({reason})."),
    "confine.on": QT_TRANSLATE_NOOP("Messages", "{server} now runs confined to the folders it is given."),
    "confine.off": QT_TRANSLATE_NOOP("Messages", "{server} now runs unconfined: it can reach every file you can."),
    "confine.not_stdio": QT_TRANSLATE_NOOP("Messages", "{server} is reached over HTTP: Rootkeeper does not start it, "
                                                       "so it cannot confine it."),
    "confine.unsupported": QT_TRANSLATE_NOOP("Messages", "Servers cannot be confined on this system: it offers no "
                                                         "Landlock."),
    "confine.no_sandbox_exec": QT_TRANSLATE_NOOP("Messages", "Servers cannot be confined on this system: it offers "
                                                             "no sandbox-exec."),
    "confine.windows": QT_TRANSLATE_NOOP("Messages", "Not confined on Windows: Rootkeeper cannot limit what a server "
                                                     "started there may touch."),
    "confine.hint": QT_TRANSLATE_NOOP("Messages", "Not confined: it can reach every file you can. To confine it to "
                                                  "its folders: {command}"),
    "confine.network": QT_TRANSLATE_NOOP("Messages", "The network stays open to it."),
    "confine.running": QT_TRANSLATE_NOOP("Messages", "Runs confined. {summary} The network stays open to it."),
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
