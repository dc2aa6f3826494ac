"""Command-line entry point: `rootkeeper` and `python -m app` land here.

Each edit handler opens one store transaction, calls the edit in `app.core.edits` (the same one the
GUI calls) and reports. A refusal (`UserError` from core, `CliError` for the command line itself) is
one sentence on stderr with exit 1, and leaves the store untouched: the transaction only commits
when the edit returns.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from app import __version__
from app.cli_output import (
    live_status,
    print_root_checks,
    print_root_table,
    print_server_table,
    root_rows,
    server_row,
    share_text,
)
from app.core import logsetup
from app.core.edits import roots as edit_roots
from app.core.edits import servers as edit_servers
from app.core.locations import check_home, log_dir, state_home
from app.core.messages import UserError
from app.core.model import HttpTarget, StdioTarget
from app.core.paths import printable
from app.core.status import StatusBoard
from app.core.store import Store, StoreError
from app.terminal import EXIT_REFUSED, EXIT_USAGE, note, print_json, run_guarded, say


class CliError(Exception):
    """A refusal: one sentence for stderr, non-zero exit, nothing written."""


# -- roots ----------------------------------------------------------------------------------------


def cmd_roots_list(store: Store, args: argparse.Namespace) -> int:
    """`roots list`, and `roots check`, which shows each check's detail and fails when an enabled root fails."""
    rows = root_rows(store.load())
    checking = args.command == "check"
    if args.json:
        print_json(rows)
    elif checking:
        print_root_checks(rows)
    else:
        print_root_table(rows)
    return 1 if checking and any(row["enabled"] and row["status"] != "ok" for row in rows) else 0


def cmd_roots_add(store: Store, args: argparse.Namespace) -> int:
    if args.name is not None and len(args.paths) > 1:
        raise CliError("--name can only be used when adding one path.")
    with store.transaction() as data:
        added = edit_roots.add_roots(data, args.paths, name=args.name, allow_broad=args.allow_broad)
    # Reported only once the whole batch is saved: a refusal above means nothing was added.
    for added_note in added.notes:
        note(str(added_note))
    print("\n".join(f"Sharing {printable(r.path)} as '{printable(r.name)}' ({r.id})." for r in added.roots))
    return 0


def cmd_roots_remove(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        (root,) = edit_roots.remove_roots(data, [args.root])
    print(f"Stopped sharing '{printable(root.name)}'; no files were deleted.")
    return 0


def cmd_roots_enable(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        root = edit_roots.set_enabled(data, args.root, args.command == "enable")
    print(f"'{printable(root.name)}' is now {'enabled' if root.enabled else 'disabled'}.")
    return 0


def cmd_roots_rename(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        old, root = edit_roots.rename(data, args.root, args.name)
    print(f"Renamed '{printable(old)}' to '{printable(root.name)}'.")
    return 0


def cmd_pause(store: Store, args: argparse.Namespace) -> int:
    paused = args.group == "pause"
    with store.transaction() as data:
        changed = edit_roots.set_paused(data, paused)
    if not changed:
        print("Sharing was already paused." if paused else "Sharing was not paused.")
    else:
        print("Sharing is paused: every server now sees an empty list." if paused else "Sharing resumed.")
    return 0


# -- servers --------------------------------------------------------------------------------------


def _options() -> Any:
    import app.cli_server_options  # it imports this module: loaded on first use

    return app.cli_server_options


def cmd_servers_list(store: Store, args: argparse.Namespace) -> int:
    from app.cli_sessions import consent_wait, sessions_by_server, tray_running

    data = store.load()
    published, hub_running = StatusBoard(state_home()).statuses()
    sessions, tray = sessions_by_server(state_home()), tray_running(state_home())
    rows = []
    for server in data.servers:
        row = server_row(server)
        row["status"] = live_status(server.name, published, hub_running)
        row["sessions"] = sessions.get(server.name, [])
        row["waiting_for_consent"] = consent_wait(server, row["sessions"], tray)
        rows.append(row)
    if args.json:
        print_json(rows)
        return 0
    print_server_table(data.servers, rows)
    return 0


def _pairs(items: Sequence[str], what: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CliError(f"{what} {item!r} is not of the form KEY=VALUE.")
        pairs[key.strip()] = value
    return pairs


def _target(args: argparse.Namespace) -> StdioTarget | HttpTarget:
    if args.url and args.command_line:
        raise CliError("Give either --url URL or -- COMMAND, not both.")
    if args.url:
        if args.env or args.cwd:
            raise CliError("--env and --cwd apply to command servers, not to --url servers.")
        return edit_servers.http_target(args.url, _pairs(args.header, "Header"))
    if not args.command_line:
        raise CliError("Say how to reach the server: --url URL, or -- COMMAND [ARG...] at the end.")
    if args.header:
        raise CliError("--header applies to --url servers, not to command servers.")
    command, *rest = args.command_line
    return edit_servers.stdio_target(command, rest, env=_pairs(args.env, "Variable"), cwd=args.cwd)


def cmd_servers_add(store: Store, args: argparse.Namespace) -> int:
    target = _target(args)
    with store.transaction() as data:
        entry = edit_servers.save_server(data, args.name, target, share=args.share, era=args.era)
    print(f"Added server '{entry.name}' ({share_text(entry)}).")
    if (hint := _options().add_hint(args, entry.target)) is not None:
        print(hint)
    return 0


def cmd_servers_remove(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        log = edit_servers.remove_server(data, args.name, log_dir())
    # The log goes only once the removal is saved; a refusal above leaves both in place.
    if log is not None:
        log.unlink(missing_ok=True)
    print(f"Removed server '{args.name}'.")
    return 0


def cmd_servers_share(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        server = edit_servers.share(data, args.name, args.share)
    print(f"'{server.name}' now {share_text(server)}.")
    return 0


def cmd_servers_era(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        server = edit_servers.set_era(data, args.name, args.era)
    print(f"'{server.name}' is spoken to in the {server.era} era{' (detected)' if server.era == 'auto' else ''}.")
    return 0


# -- talking to servers ----------------------------------------------------------------------------


def cmd_run(store: Store, args: argparse.Namespace) -> int:
    import asyncio

    from app.mcp.run import run_headless

    if not args.headless:
        return _start_gui(args)
    return asyncio.run(run_headless(store))


def cmd_call(store: Store, args: argparse.Namespace) -> int:
    from app.cli_call import cmd_call as call

    return call(store, args)


# -- parser ---------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one sentence, exit 2, like every other refusal
        self.exit(2, f"{self.prog}: {message[0].upper()}{message[1:]}.\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rootkeeper", description="Decide which folders AI tools may see.")
    parser.add_argument("--version", action="version", version=f"rootkeeper {__version__}")
    parser.add_argument("--self-test", action="store_true", help="build the app offscreen, load the store, exit")
    parser.add_argument("--log-level", choices=logsetup.LEVELS, type=str.lower, metavar="LEVEL",
                        help=f"one of {', '.join(logsetup.LEVELS)} (default: ${logsetup.LEVEL_VARIABLE}, else info "
                        "in the log file of long-running commands, warning on stderr for the others)")
    groups = parser.add_subparsers(dest="group", parser_class=_Parser)
    _add_roots_commands(groups)
    _add_servers_commands(groups)
    _add_pause_commands(groups)
    _add_hub_commands(groups)
    _add_bridge_commands(groups)
    _add_hosts_commands(groups)
    return parser


def _add_roots_commands(groups: Any) -> None:
    roots = groups.add_parser("roots", help="the shared folders").add_subparsers(
        dest="command", required=True, parser_class=_Parser
    )
    p = roots.add_parser("list", help="show the shared folders and whether each is reachable")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_roots_list)
    p = roots.add_parser("add", help="share one or more folders or files")
    p.add_argument("paths", nargs="*", metavar="PATH", help="after '--', paths may start with '-'")
    p.add_argument("--name")
    p.add_argument("--allow-broad", action="store_true", help="allow a whole drive, home or system folder")
    p.set_defaults(handler=cmd_roots_add)
    for name, handler in (("remove", cmd_roots_remove), ("enable", cmd_roots_enable), ("disable", cmd_roots_enable)):
        p = roots.add_parser(name, help=f"{name} a shared folder (by id, name or path)")
        p.add_argument("root", metavar="ROOT")
        p.set_defaults(handler=handler)
    p = roots.add_parser("rename", help="give a shared folder another name")
    p.add_argument("root", metavar="ROOT")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(handler=cmd_roots_rename)
    p = roots.add_parser("check", help="re-run the access checks now")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_roots_list)


def _add_servers_commands(groups: Any) -> None:
    servers = groups.add_parser("servers", help="the MCP servers").add_subparsers(
        dest="command", required=True, parser_class=_Parser
    )
    p = servers.add_parser("list", help="show the configured servers")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_servers_list)
    p = servers.add_parser("add", help="add a server: --url URL, or -- COMMAND [ARG...]")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--share", metavar="all|none|ROOT,...")
    p.add_argument("--url")
    p.add_argument("--header", action="append", default=[], metavar="K=V")
    p.add_argument("--env", action="append", default=[], metavar="K=V")
    p.add_argument("--cwd")
    p.add_argument("--era", choices=edit_servers.ERAS, help="pin the protocol era (default: auto)")
    p.set_defaults(handler=cmd_servers_add, command_line=[])
    p = servers.add_parser("remove", help="remove a server")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(handler=cmd_servers_remove)
    p = servers.add_parser("share", help="choose what a server may see (this also records consent)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("share", metavar="all|none|ROOT,...")
    p.set_defaults(handler=cmd_servers_share)
    p = servers.add_parser("era", help="pin the protocol era a server is spoken to in, or let it be detected")
    p.add_argument("name", metavar="NAME")
    p.add_argument("era", metavar="|".join(edit_servers.ERAS))
    p.set_defaults(handler=cmd_servers_era)
    _add_servers_import_command(servers)
    _options().add_server_option_commands(servers)
    from app.cli_server_state import add_server_state_commands

    add_server_state_commands(servers)


def _add_pause_commands(groups: Any) -> None:
    p = groups.add_parser("pause", help="stop sharing with every server at once (each sees an empty list)")
    p.set_defaults(handler=cmd_pause)
    p = groups.add_parser("resume", help="share with every server again")
    p.set_defaults(handler=cmd_pause)


def _add_servers_import_command(servers: Any) -> None:
    from app.cli_hosts import add_servers_import_command

    add_servers_import_command(servers)


def _add_hosts_commands(groups: Any) -> None:
    from app.cli_hosts import add_hosts_commands

    add_hosts_commands(groups, _Parser)


def _add_hub_commands(groups: Any) -> None:
    p = groups.add_parser("run", help="keep every configured server connected and informed")
    p.add_argument("--headless", action="store_true", help="without the tray app, until SIGINT or SIGTERM")
    p.set_defaults(handler=cmd_run, self_test=False)
    p = groups.add_parser("call", help="call one tool on a server, with roots supplied, and print the result")
    p.add_argument("server", metavar="SERVER")
    p.add_argument("tool", metavar="TOOL")
    p.add_argument("--args", default="{}", metavar="JSON", help="the tool's arguments as a JSON object")
    p.add_argument("--timeout", type=float, default=15.0, help="seconds the whole call may take (connecting included)")
    p.set_defaults(handler=cmd_call)


def _add_bridge_commands(groups: Any) -> None:
    from app.cli_bridge import add_bridge_commands

    add_bridge_commands(groups)


def _split_command_line(argv: list[str]) -> tuple[list[str], list[str]]:
    if "--" in argv:
        cut = argv.index("--")
        return argv[:cut], argv[cut + 1 :]
    return argv, []


def main(argv: Sequence[str] | None = None) -> int:
    argv_list = list(sys.argv[1:] if argv is None else argv)
    own, command_line = _split_command_line(argv_list)
    parser = build_parser()
    args = parser.parse_args(own)
    if "--" in argv_list and hasattr(args, "paths"):
        args.paths += command_line  # `roots add -- -dash`: after '--' every word is a path
    elif command_line or "--" in argv_list:
        if not hasattr(args, "command_line"):
            parser.error("'--' is only used before a server's command or before paths to add")
        args.command_line = command_line
    try:
        check_home()
        _configure_logging(args)
    except (logsetup.LogLevelError, UserError) as exc:
        say(str(exc))
        return EXIT_USAGE
    if args.group is None:
        return _start_gui(args)
    store = Store()

    def command() -> int:
        try:
            code: int = args.handler(store, args)
            return code
        except (CliError, StoreError, UserError) as exc:
            say(str(exc))
            return EXIT_REFUSED

    def finish() -> None:
        for notice in store.notices:
            say(notice)

    return run_guarded(command, lambda: store.saved, finish)


def _configure_logging(args: argparse.Namespace) -> None:
    # Long-running processes log to the rotating file; a short command only says warnings on stderr.
    long_running = (args.group is None or args.group == "run") and not args.self_test
    logsetup.configure_logging(logsetup.resolve_level(args.log_level), state_home(), to_file=long_running)
    logsetup.install_excepthooks()


def _start_gui(args: argparse.Namespace) -> int:
    from app.ui.main import run_gui

    return run_gui(self_test=args.self_test)


if __name__ == "__main__":
    sys.exit(main())
