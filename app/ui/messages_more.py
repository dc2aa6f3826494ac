"""More rows for `messages._table()`: server failures (`mcp.*`), the hub lock (`hub.*`), host configs (`hosts.*`).

Same shape as the core table: code -> (translated template, argument names for %1, %2, …). The
English templates say what the English `Message.text` says; where core's sentence carries a detail
that is not among the message's arguments (the list of known hosts), it is filled in here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate

Template = tuple[str, tuple[str, ...]]


def _known_hosts() -> str:
    from app.core.hosts import HOSTS  # at the first sentence rendered, not when the tray starts

    return ", ".join(HOSTS)


def server_failures() -> dict[str, Template]:
    """Every sentence app/mcp/errors.py says about a server, by code."""
    return {
        "mcp.unexpected": (translate("Messages", "Unexpected error: %1."), ("error",)),
        "mcp.cwd_missing": (translate("Messages", "The working directory '%1' does not exist."), ("cwd",)),
        "mcp.command_not_found": (translate("Messages", "Command '%1' was not found."), ("command",)),
        "mcp.command_permission_denied": (translate("Messages", "Command '%1' could not be run: permission denied."),
                                          ("command",)),
        "mcp.command_failed": (translate("Messages", "Command '%1' could not be started: %2."),
                               ("command", "reason")),
        "mcp.connection_refused": (translate("Messages", "Connection refused by %1."), ("where",)),
        "mcp.connect_failed": (translate("Messages", "Could not connect to %1: %2."), ("where", "reason")),
        "mcp.connection_failed": (translate("Messages", "The connection to %1 failed: %2."), ("where", "reason")),
        "mcp.server_error": (translate("Messages", "The server answered with error %1: %2."), ("code", "reason")),
        "mcp.unsupported_versions": (translate("Messages", "The server only speaks protocol versions Rootkeeper does "
                                                           "not know (%1)."), ("versions",)),
        "mcp.unsupported_version": (translate("Messages", "The server offered a protocol version Rootkeeper does not "
                                                          "support (%1)."), ("reason",)),
        "mcp.schema_violation": (translate("Messages", "The server sent a reply that does not follow the MCP schema."),
                                 ()),
        "mcp.closed": (translate("Messages", "The server closed the connection."), ()),
        "mcp.closed_with_log": (translate("Messages", "The server closed the connection; its log ends with “%1”."),
                                ("log_tail",)),
        "mcp.no_answer": (translate("Messages", "The server did not answer within %1 s."), ("seconds",)),
        "mcp.not_jsonrpc_stdout": (translate("Messages", "The server wrote something that is not JSON-RPC on "
                                                         "stdout."), ()),
        "mcp.not_jsonrpc": (translate("Messages", "The server sent something that is not JSON-RPC."), ()),
        "mcp.http_status": (translate("Messages", "HTTP %1 %2 from %3."), ("status", "reason", "url")),
        "mcp.http_status_bare": (translate("Messages", "HTTP %1 from %2."), ("status", "url")),
        "mcp.session_lost": (translate("Messages", "The server no longer knows this session (HTTP 404 from %1); "
                                                   "reconnecting."), ("url",)),
        "mcp.unreachable": (translate("Messages", "The server stopped answering at %1."), ("where",)),
        "mcp.not_connected": (translate("Messages", "The server is not connected."), ()),
        "mcp.state": (translate("Messages", "The server is %1."), ("state",)),
        "mcp.connect_timeout": (translate("Messages", "The server did not connect within %1 s."), ("seconds",)),
        "mcp.closed_before_answer": (translate("Messages", "The connection closed before the server answered."), ()),
        "mcp.roots_failed": (translate("Messages", "Rootkeeper could not build the roots list."), ()),
        "mcp.message_too_large": (translate("Messages", "The server wrote a message larger than %1 MiB, so "
                                                        "Rootkeeper disconnected it."), ("limit",)),
    }


def hub_lock() -> dict[str, Template]:
    """The one-hub-per-home refusals of app/core/system/hublock.py."""
    return {
        "hub.held": (translate("Messages", "Another Rootkeeper process already keeps the servers connected; stop it "
                                           "first."), ()),
        "hub.held.gui": (translate("Messages", "The Rootkeeper tray app already keeps the servers connected (process "
                                               "%1); quit it first."), ("pid",)),
        "hub.held.headless": (translate("Messages", "A headless Rootkeeper hub already keeps the servers connected "
                                                    "(process %1); stop it first."), ("pid",)),
        "hub.lock_unusable": (translate("Messages", "Cannot open the hub lock %1 (%2); check the state folder's "
                                                    "permissions."), ("path", "reason")),
    }


def host_configs() -> dict[str, Template]:
    """The refusals of app/core/hosts/ (reading and editing AI hosts' config files)."""
    return {
        # %2 is not among the message's arguments: it is the list of hosts, filled in here.
        "hosts.unknown": (translate("Messages", "'%1' is not a host Rootkeeper knows; use one of %2.").replace(
            "%2", _known_hosts()), ("host",)),
        "hosts.unguessable": (translate("Messages", "The name of %1 does not tell which host it belongs to; say it "
                                                    "with --host (%2).").replace("%2", _known_hosts()), ("path",)),
        "hosts.unreadable": (translate("Messages", "The %1 config %2 cannot be read (%3); fix it first, it was left "
                                                   "untouched."), ("host", "path", "reason")),
        "hosts.uneditable": (translate("Messages", "Rootkeeper cannot safely edit the entry '%1' in the %2 config %3 "
                                                   "(%4); the file was left untouched."),
                             ("entry", "host", "path", "reason")),
        "hosts.no_such_server": (translate("Messages", "%1 has no server named %2."), ("host", "names")),
        "hosts.records_unreadable": (translate("Messages", "Rootkeeper's record of host changes %1 cannot be read; "
                                                           "restore the host files from their backups."), ("path",)),
        "hosts.changed_meanwhile": (translate("Messages", "%1 changed while Rootkeeper was editing it; nothing was "
                                                          "written, run the command again."), ("path",)),
        "hosts.write_failed": (translate("Messages", "%1 could not be rewritten; it was left as it was."), ("path",)),
    }


def server_secrets() -> dict[str, Template]:
    """Where server secrets are kept, and why one cannot be fetched (app/core/servers/secrets.py)."""
    return {
        "secret.in_file": (translate("Messages", "No keyring is available, so server secrets are kept in %1, readable "
                                                 "only by you."), ("path",)),
        "secret.keyring_refused": (translate("Messages", "The keyring refused a server secret (%1), so it is kept in "
                                                         "%2, readable only by you."), ("reason", "path")),
        "secret.migrated_keyring": (translate("Messages", "The secrets of %1 were moved out of the settings file into "
                                                          "the keyring."), ("servers",)),
        "secret.migrated_file": (translate("Messages", "The secrets of %1 were moved out of the settings file into "
                                                       "%2, readable only by you."), ("servers", "path")),
        "secret.missing_keyring": (translate("Messages", "A secret value of this server is missing from the keyring; "
                                                         "enter it again in its settings."), ()),
        "secret.missing_file": (translate("Messages", "A secret value of this server is missing from %1; enter it "
                                                      "again in its settings."), ("path",)),
        "secret.no_keyring": (translate("Messages", "A secret value of this server is in the keyring, and no keyring "
                                                    "can be reached from here."), ()),
        "secret.keyring_failed": (translate("Messages", "A secret value of this server cannot be read from the keyring "
                                                        "(%1)."), ("reason",)),
        "secret.file_unreadable": (translate("Messages", "The secrets file %1 cannot be read (%2)."),
                                   ("path", "reason")),
    }


def policy_and_history() -> dict[str, Template]:
    """The administrator's policy refusing an edit (app/core/policy.py), and the history's own sentences."""
    return {
        "policy.folder_denied": (translate("Messages", "%1 may not be shared: the administrator's policy (%2) forbids "
                                                       "%3."), ("path", "source", "rule")),
        "policy.folder_not_allowed": (translate("Messages", "%1 may not be shared: the administrator's policy (%2) "
                                                            "allows only folders in %3."),
                                      ("path", "source", "allowed")),
        "policy.server_denied": (translate("Messages", "The server '%1' is not allowed by the administrator's policy "
                                                       "(%2, rule: %3)."), ("name", "source", "rule")),
        "policy.share_none": (translate("Messages", "'%1' may not see any folder: the administrator's policy (%2) says "
                                                    "it shares nothing."), ("name", "source")),
        "policy.no_pause": (translate("Messages", "Sharing cannot be paused: the administrator's policy (%1) does not "
                                                  "allow it."), ("source",)),
        "policy.broken": (translate("Messages", "The administrator's policy %1 cannot be used (%2); nothing is shared "
                                                "until it is fixed."), ("source", "reason")),
        "history.bad_since": (translate("Messages", "'%1' is not a time; use a date (2026-12-01), a date and time "
                                                    "(2026-12-01T10:30) or an age such as 30m, 12h or 7d."),
                              ("value",)),
    }


def more_table() -> dict[str, Template]:
    return server_failures() | hub_lock() | host_configs() | server_secrets() | policy_and_history()
