"""The hub lock's refusals and what editing AI hosts' config files can run into."""

from __future__ import annotations

from app.core.text.marker import QT_TRANSLATE_NOOP

HOSTS_AND_HUB: dict[str, str] = {
    # -- the one hub per home (app/core/system/hublock.py) ---------------------------------------------------
    "hub.held": QT_TRANSLATE_NOOP("Messages", "Another Rootkeeper process already keeps the servers connected; stop "
                                              "it first."),
    "hub.held.gui": QT_TRANSLATE_NOOP("Messages", "The Rootkeeper tray app already keeps the servers connected "
                                                  "(process {pid}); quit it first."),
    "hub.held.headless": QT_TRANSLATE_NOOP("Messages", "A headless Rootkeeper hub already keeps the servers "
                                                       "connected (process {pid}); stop it first."),
    "hub.lock_unusable": QT_TRANSLATE_NOOP("Messages", "Cannot open the hub lock {path} ({reason}); check the state "
                                                       "folder's permissions."),
    # -- AI hosts' config files (app/core/hosts/) ------------------------------------------------------------
    "hosts.unknown": QT_TRANSLATE_NOOP("Messages", "'{host}' is not a host Rootkeeper knows; use one of {hosts}."),
    "hosts.unguessable": QT_TRANSLATE_NOOP("Messages", "The name of {path} does not tell which host it belongs to; "
                                                       "say it with --host ({hosts})."),
    "hosts.unreadable": QT_TRANSLATE_NOOP("Messages", "The {host} config {path} cannot be read ({reason}); fix it "
                                                      "first, it was left untouched."),
    "hosts.uneditable": QT_TRANSLATE_NOOP("Messages", "Rootkeeper cannot safely edit the entry '{entry}' in the "
                                                      "{host} config {path} ({reason}); the file was left untouched."),
    "hosts.no_such_server": QT_TRANSLATE_NOOP("Messages", "{host} has no server named {names}; it has: {known}."),
    "hosts.no_such_server.none": QT_TRANSLATE_NOOP("Messages", "{host} has no server named {names}; it has: none."),
    "hosts.records_unreadable": QT_TRANSLATE_NOOP("Messages", "Rootkeeper's record of host changes {path} cannot be "
                                                              "read ({reason}); restore the host files from their "
                                                              "backups."),
    "hosts.changed_meanwhile": QT_TRANSLATE_NOOP("Messages", "{path} changed while Rootkeeper was editing it; "
                                                             "nothing was written, run the command again."),
    "hosts.read_only": QT_TRANSLATE_NOOP("Messages", "{path} is read-only; Rootkeeper left it as it is (make it "
                                                     "writable to route its servers)."),
    "hosts.hard_linked": QT_TRANSLATE_NOOP("Messages", "{path} has other hard links, which a rewrite would separate "
                                                       "from it; Rootkeeper left it as it is."),
    "hosts.project_left": QT_TRANSLATE_NOOP("Messages", "Left {path} as it is: it belongs to this project and is "
                                                        "shared with whoever checks it out; add --project to route "
                                                        "it too, with an entry that works on their machines."),
    "hosts.development_launcher": QT_TRANSLATE_NOOP("Messages", "The entries written start Rootkeeper from the "
                                                                "development copy in {folder}; they stop working if "
                                                                "it is moved or deleted. Install Rootkeeper (its "
                                                                "package, or pipx) for entries that last."),
    "hosts.write_failed": QT_TRANSLATE_NOOP("Messages", "{path} could not be rewritten ({reason}); it was left as it "
                                                        "was."),
}
"""`{hosts}` is the list of known host names, which the caller passes."""
