"""What the protocol layer says about a server that failed or cannot be reached (app/mcp/errors.py)."""

from __future__ import annotations

from app.core.text.marker import QT_TRANSLATE_NOOP

SERVER_FAILURES: dict[str, str] = {
    "mcp.unexpected": QT_TRANSLATE_NOOP("Messages", "Unexpected error: {error}."),
    "mcp.cwd_missing": QT_TRANSLATE_NOOP("Messages", "The working directory '{cwd}' does not exist."),
    "mcp.command_not_found": QT_TRANSLATE_NOOP("Messages", "Command '{command}' was not found."),
    "mcp.command_permission_denied": QT_TRANSLATE_NOOP("Messages", "Command '{command}' could not be run: permission "
                                                                   "denied."),
    "mcp.command_failed": QT_TRANSLATE_NOOP("Messages", "Command '{command}' could not be started: {reason}."),
    "mcp.connection_refused": QT_TRANSLATE_NOOP("Messages", "Connection refused by {where}."),
    "mcp.connect_failed": QT_TRANSLATE_NOOP("Messages", "Could not connect to {where}: {reason}."),
    "mcp.connection_failed": QT_TRANSLATE_NOOP("Messages", "The connection to {where} failed: {reason}."),
    "mcp.server_error": QT_TRANSLATE_NOOP("Messages", "The server answered with error {code}: {reason}."),
    "mcp.unsupported_versions": QT_TRANSLATE_NOOP("Messages", "The server only speaks protocol versions Rootkeeper "
                                                              "does not know ({versions})."),
    "mcp.unsupported_version": QT_TRANSLATE_NOOP("Messages", "The server offered a protocol version Rootkeeper does "
                                                             "not support ({reason})."),
    "mcp.schema_violation": QT_TRANSLATE_NOOP("Messages", "The server sent a reply that does not follow the MCP "
                                                          "schema."),
    "mcp.closed": QT_TRANSLATE_NOOP("Messages", "The server closed the connection."),
    "mcp.closed_with_log": QT_TRANSLATE_NOOP("Messages", "The server closed the connection; its log ends with "
                                                         "“{log_tail}”."),
    "mcp.closed_with_cause": QT_TRANSLATE_NOOP("Messages", "The server closed the connection; its log says "
                                                           "“{cause}”."),
    "mcp.exited_with_cause": QT_TRANSLATE_NOOP("Messages", "The server exited with code {code}; its log says "
                                                           "“{cause}”."),
    "mcp.exited_with_log": QT_TRANSLATE_NOOP("Messages", "The server exited with code {code}; its log ends with "
                                                         "“{log_tail}”."),
    "mcp.signalled_with_cause": QT_TRANSLATE_NOOP("Messages", "The server was stopped by signal {signal}; its log "
                                                              "says “{cause}”."),
    "mcp.no_answer": QT_TRANSLATE_NOOP("Messages", "The server did not answer within {seconds} s."),
    "mcp.not_jsonrpc_stdout": QT_TRANSLATE_NOOP("Messages", "The server wrote something that is not JSON-RPC on "
                                                            "stdout."),
    "mcp.not_jsonrpc": QT_TRANSLATE_NOOP("Messages", "The server sent something that is not JSON-RPC."),
    "mcp.http_status": QT_TRANSLATE_NOOP("Messages", "HTTP {status} {reason} from {url}."),
    "mcp.http_status_bare": QT_TRANSLATE_NOOP("Messages", "HTTP {status} from {url}."),
    "mcp.session_lost": QT_TRANSLATE_NOOP("Messages", "The server no longer knows this session (HTTP 404 from "
                                                      "{url}); reconnecting."),
    "mcp.unreachable": QT_TRANSLATE_NOOP("Messages", "The server stopped answering at {where}."),
    "mcp.not_connected": QT_TRANSLATE_NOOP("Messages", "The server is not connected."),
    "mcp.state": QT_TRANSLATE_NOOP("Messages", "The server is {state}."),
    "mcp.connect_timeout": QT_TRANSLATE_NOOP("Messages", "The server did not connect within {seconds} s."),
    "mcp.closed_before_answer": QT_TRANSLATE_NOOP("Messages", "The connection closed before the server answered."),
    "mcp.roots_failed": QT_TRANSLATE_NOOP("Messages", "Rootkeeper could not build the roots list."),
    "mcp.roots_refused": QT_TRANSLATE_NOOP("Messages", "The server asked for the shared folders, and Rootkeeper "
                                                       "refused: nothing is shared with this server."),
    "mcp.message_too_large": QT_TRANSLATE_NOOP("Messages", "The server wrote a message larger than {limit} MiB, so "
                                                           "Rootkeeper disconnected it."),
    # -- a server's condition, one word each, the same in the table, the tray, the status line and the CLI ------
    "condition.not_started": QT_TRANSLATE_NOOP("Messages", "Not started"),
    "condition.held_back": QT_TRANSLATE_NOOP("Messages", "Held back"),
    "condition.disabled": QT_TRANSLATE_NOOP("Messages", "Disabled"),
    "condition.connecting": QT_TRANSLATE_NOOP("Messages", "Connecting…"),
    "condition.connected": QT_TRANSLATE_NOOP("Messages", "Connected"),
    "condition.reconnecting": QT_TRANSLATE_NOOP("Messages", "Reconnecting"),
    "condition.needs_attention": QT_TRANSLATE_NOOP("Messages", "Needs your attention"),
    "condition.stopped": QT_TRANSLATE_NOOP("Messages", "Stopped"),
    "condition.gave_up": QT_TRANSLATE_NOOP("Messages", "It failed {count} times in a row the same way, so Rootkeeper "
                                                       "stopped retrying: this will not fix itself. Check the "
                                                       "server's command, then reconnect it."),
    "condition.stopped_retrying": QT_TRANSLATE_NOOP("Messages", "Rootkeeper stopped retrying: this will not fix "
                                                                "itself. Check the server's settings, then reconnect "
                                                                "it."),
}
"""Every sentence app/mcp says about a server, and the words of its condition (`app.core.servers.condition`), by
code; `{name}` placeholders are the message's args."""
