"""The sentences of the command line, `rootkeeper call` and the bridge (which print English, untranslated)."""

from __future__ import annotations

from app.core.text.marker import QT_TRANSLATE_NOOP

COMMANDS: dict[str, str] = {
    # -- the command line's own refusals (app/cli/) ----------------------------------------------------------
    "cli.no_command_close": QT_TRANSLATE_NOOP("Messages", "There is no command {command}; did you mean {close}?"),
    "cli.no_command": QT_TRANSLATE_NOOP("Messages", "There is no command {command}; the commands are {commands}."),
    "cli.tray_running": QT_TRANSLATE_NOOP("Messages", "Rootkeeper is running in your tray."),
    "cli.name_one_path": QT_TRANSLATE_NOOP("Messages", "--name can only be used when adding one path."),
    "cli.aliases_or_clear": QT_TRANSLATE_NOOP("Messages", "Give LOCAL=REMOTE pairs, or --clear, but not both."),
    "cli.args_not_json": QT_TRANSLATE_NOOP("Messages", "--args is not valid JSON ({reason} at position {position})."),
    "cli.args_not_object": QT_TRANSLATE_NOOP("Messages", "--args must be a JSON object, for example '{\"path\": "
                                                         "\"/tmp\"}'."),
    "cli.history_busy": QT_TRANSLATE_NOOP("Messages", "The history is locked by another process; try again in a "
                                                      "moment."),
    "cli.history_unreadable": QT_TRANSLATE_NOOP("Messages", "The history {path} cannot be read ({reason})."),
    "cli.bad_limit": QT_TRANSLATE_NOOP("Messages", "--limit must be a whole number from 0 to {most}."),
    "cli.no_file": QT_TRANSLATE_NOOP("Messages", "There is no file at {path}."),
    "cli.name_a_host": QT_TRANSLATE_NOOP("Messages", "Name a host ({hosts}) or give a config file."),
    "cli.no_host_config": QT_TRANSLATE_NOOP("Messages", "No {host} config was found (looked for {looked})."),
    "cli.no_file_named": QT_TRANSLATE_NOOP("Messages", "A {host} has no place of its own; give its path."),
    "cli.bad_header": QT_TRANSLATE_NOOP("Messages", "Header {item} is not of the form KEY=VALUE."),
    "cli.bad_variable": QT_TRANSLATE_NOOP("Messages", "Variable {item} is not of the form KEY=VALUE."),
    "cli.url_and_command": QT_TRANSLATE_NOOP("Messages", "Give either --url URL or -- COMMAND, not both."),
    "cli.env_for_commands": QT_TRANSLATE_NOOP("Messages", "--env and --cwd apply to command servers, not to --url "
                                                          "servers."),
    "cli.no_target": QT_TRANSLATE_NOOP("Messages", "Say how to reach the server: --url URL, or -- COMMAND [ARG...] "
                                                   "at the end."),
    "cli.header_for_urls": QT_TRANSLATE_NOOP("Messages", "--header applies to --url servers, not to command servers."),
    "cli.server_or_command": QT_TRANSLATE_NOOP("Messages", "Give either a server's NAME or -- COMMAND [ARG...], not "
                                                           "both or neither."),
    "cli.name_for_adhoc": QT_TRANSLATE_NOOP("Messages", "--name names an ad-hoc server (-- COMMAND); a configured "
                                                        "one already has its name."),
    "cli.confine_for_adhoc": QT_TRANSLATE_NOOP("Messages", "--confine and --no-confine decide how an ad-hoc server "
                                                           "(-- COMMAND) is registered; a configured one is "
                                                           "changed with: {command}"),
    "cli.tool_error": QT_TRANSLATE_NOOP("Messages", "The tool '{tool}' reported an error: {detail}"),
    "cli.tool_error_bare": QT_TRANSLATE_NOOP("Messages", "The tool '{tool}' reported an error: no details given"),
    "cli.interrupted_saved": QT_TRANSLATE_NOOP("Messages", "Interrupted after the change was saved; it is complete."),
    "cli.interrupted": QT_TRANSLATE_NOOP("Messages", "Interrupted; nothing was changed."),
    "cli.report_unwritten": QT_TRANSLATE_NOOP("Messages", "The change was saved, but its report could not be written "
                                                          "({reason})."),
    "cli.output_unwritten": QT_TRANSLATE_NOOP("Messages", "The output could not be written ({reason}); nothing was "
                                                          "changed."),
    # -- `rootkeeper call` (app/mcp/call.py) -----------------------------------------------------------------
    "call.no_connect": QT_TRANSLATE_NOOP("Messages", "'{name}' did not connect within {seconds} s."),
    "call.no_answer": QT_TRANSLATE_NOOP("Messages", "'{name}' did not answer the call to '{tool}' within {seconds} s."),
    "call.unavailable": QT_TRANSLATE_NOOP("Messages", "'{name}' is unavailable: {reason}"),
    "call.failed": QT_TRANSLATE_NOOP("Messages", "Calling '{tool}' on '{name}' failed: {reason}"),
    # -- the bridge: refusals before it starts, and what it tells the host (app/bridge/) ---------------------
    "bridge.name_taken": QT_TRANSLATE_NOOP("Messages", "A server named '{name}' already runs another command; pick "
                                                       "another --name."),
    "bridge.command_not_found": QT_TRANSLATE_NOOP("Messages", "The server's command {command} was not found."),
    "bridge.command_denied": QT_TRANSLATE_NOOP("Messages", "The server's command {command} cannot be run (permission "
                                                           "denied)."),
    "bridge.command_failed": QT_TRANSLATE_NOOP("Messages", "The server's command {command} could not start: {reason}."),
    "bridge.id_in_use": QT_TRANSLATE_NOOP("Messages", "This request id is in use by Rootkeeper's bridge."),
    "bridge.server_gone": QT_TRANSLATE_NOOP("Messages", "The server went away."),
    "bridge.too_large": QT_TRANSLATE_NOOP("Messages", "The server sent {what}, more than the bridge accepts; it was "
                                                      "stopped."),
    "bridge.unreachable": QT_TRANSLATE_NOOP("Messages", "The server cannot be reached: {reason}"),
    "bridge.session_lost": QT_TRANSLATE_NOOP("Messages", "The server lost the session (HTTP 404)."),
    "bridge.session_not_renewed": QT_TRANSLATE_NOOP("Messages", "The server lost the session (HTTP 404) and did not "
                                                                "accept a new one."),
    "bridge.stream_ended": QT_TRANSLATE_NOOP("Messages", "The server ended the answer's stream before the answer."),
    "bridge.http_status": QT_TRANSLATE_NOOP("Messages", "The server answered HTTP {status}."),
    "bridge.http_closed": QT_TRANSLATE_NOOP("Messages", "The bridge closed the HTTP session."),
    "bridge.input_rounds": QT_TRANSLATE_NOOP("Messages", "The server kept asking for input after {rounds} rounds."),
    "bridge.not_reading": QT_TRANSLATE_NOOP("Messages", "The server is not reading its input."),
    "bridge.restarted": QT_TRANSLATE_NOOP("Messages", "server restarted, try again"),
    "bridge.restart_failed": QT_TRANSLATE_NOOP("Messages", "The server could not be restarted."),
    "bridge.not_started": QT_TRANSLATE_NOOP("Messages", "The server was not started."),
    "bridge.output_closed": QT_TRANSLATE_NOOP("Messages", "The server closed its output."),
    "bridge.signalled": QT_TRANSLATE_NOOP("Messages", "The server was stopped by signal {signal}."),
    "bridge.exited": QT_TRANSLATE_NOOP("Messages", "The server exited with code {code}."),
}
"""Also in the translation catalogue, so that every sentence Rootkeeper says has one template."""
