"""Command-line entry point: `rootkeeper` and `python -m app` land here.

The roots commands are here, the servers commands in `app.cli.servers`. Each edit handler opens one
store transaction, calls the edit in `app.core.edits` (the same one the GUI calls) and reports; the
roots' edits get the state as plain data where the file allows (`app.core.store.plain.transaction`), so
they run without pydantic, by the same rules. A
refusal (`UserError` from core, `CliError` for the command line itself) is one sentence on stderr
with exit 1, and leaves the store untouched: the transaction only commits when the edit returns.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from app import VERSION_TEXT

if TYPE_CHECKING:
    from app.core.store.store import Store

# Only argparse is imported up front: each command imports what it uses when it runs, and each
# group's sub-commands are declared only when that group is on the command line (`_Parser.fill`),
# so a store command never loads the SDK, asyncio or Qt (tests/cli/test_imports.py). A bare
# `--version` is answered before the parser is even built.


# -- roots ----------------------------------------------------------------------------------------


def cmd_roots_list(store: Store, args: argparse.Namespace) -> int:
    """`roots list`, and `roots check`, which shows each check's detail and fails when a root meant to be
    shared (turned on, not forbidden) fails its check."""
    from app.cli.output import fails_check, print_root_checks, print_root_table, root_rows
    from app.cli.terminal import print_json
    from app.core.store import plain
    from app.core.system.collection_hold import collections_held

    with collections_held():  # nearly every object made lives until the exit: a cycle search finds nothing
        data = plain.load(store)
        rows = root_rows(data["roots"], paused=data["paused"])
    checking = args.command == "check"
    if args.json:
        print_json(rows)
    elif checking:
        print_root_checks(rows)
    else:
        print_root_table(rows)
    return 1 if checking and any(fails_check(row) for row in rows) else 0


def cmd_roots_add(store: Store, args: argparse.Namespace) -> int:
    from app.cli.errors import CliError
    from app.cli.folder_offer import print_shared
    from app.core.edits import roots as edit_roots
    from app.core.store import plain

    if args.name is not None and len(args.paths) > 1:
        raise CliError("cli.name_one_path")
    with plain.transaction(store) as data:
        added = edit_roots.add_roots(data, args.paths, name=args.name, allow_broad=args.allow_broad)
    # Reported only once the whole batch is saved: a refusal above means nothing was added.
    print_shared(added)
    return 0


def cmd_roots_remove(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import roots as edit_roots
    from app.core.paths import printable
    from app.core.store import plain

    with plain.transaction(store) as data:
        (root,) = edit_roots.remove_roots(data, [args.root])
    print(f"Stopped sharing '{printable(root.name)}'; no files were deleted.")
    return 0


def cmd_roots_enable(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import roots as edit_roots
    from app.core.paths import printable
    from app.core.store import plain

    with plain.transaction(store) as data:
        root = edit_roots.set_enabled(data, args.root, args.command == "enable")
    print(f"'{printable(root.name)}' is now {'enabled' if root.enabled else 'disabled'}.")
    return 0


def cmd_roots_read_only(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import roots as edit_roots
    from app.core.paths import printable
    from app.core.store import plain
    from app.core.text import message

    with plain.transaction(store) as data:
        root = edit_roots.set_read_only(data, args.root, args.state == "on")
        gaps = edit_roots.read_only_gaps(data, root)
    print(message("root.read_only_on" if root.read_only else "root.read_only_off", name=printable(root.name)).text)
    for gap in gaps:
        print(gap.text)
    return 0


def cmd_roots_rename(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import roots as edit_roots
    from app.core.paths import printable
    from app.core.store import plain

    with plain.transaction(store) as data:
        old, root = edit_roots.rename(data, args.root, args.name)
    print(f"Renamed '{printable(old)}' to '{printable(root.name)}'.")
    return 0


def cmd_pause(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import roots as edit_roots
    from app.core.store import plain

    paused = args.group == "pause"
    with plain.transaction(store) as data:
        changed = edit_roots.set_paused(data, paused)
    if not changed:
        print("Sharing was already paused." if paused else "Sharing was not paused.")
    else:
        print("Sharing is paused: every server now sees an empty list." if paused else "Sharing resumed.")
    return 0


# -- talking to servers ----------------------------------------------------------------------------


def cmd_run(store: Store, args: argparse.Namespace) -> int:
    import asyncio

    from app.mcp.run import run_headless

    if not args.headless:
        return _start_gui(args)
    return asyncio.run(run_headless(store))


def cmd_call(store: Store, args: argparse.Namespace) -> int:
    from app.cli.call import cmd_call as call

    return call(store, args)


# -- parser ---------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """One sentence for a usage error; and a group's sub-commands declared only when the group is parsed."""

    def __init__(self, *args: Any, fill: Callable[[argparse.ArgumentParser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fill = fill

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        # argparse hands a group's words to its parser through this method (help and errors included).
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> Any:  # one sentence, exit 2, like every other refusal
        self._refuse(f"{message[0].upper()}{message[1:]}.")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # An unknown command or sub-command: the closest ones by name, else all of them, not argparse's jargon.
        if isinstance(action, argparse._SubParsersAction) and value not in action.choices:
            self._refuse(unknown_command(self.prog, str(value), list(action.choices)))
        super()._check_value(action, value)

    def _refuse(self, text: str) -> Any:
        from app.core.paths import printable  # only on this path: the words may be the user's, escaped

        self.exit(2, f"{self.prog}: {printable(text, None)}\n")


def unknown_command(prog: str, word: str, commands: list[str]) -> str:
    """The sentence for `word` where a command of `prog` ("rootkeeper", "rootkeeper roots") was expected."""
    import difflib

    from app.core.text import sentence

    group = prog.partition(" ")[2]

    def named(command: str) -> str:
        return f"'{group} {command}'" if group else f"'{command}'"

    close = difflib.get_close_matches(word, commands, n=3)
    if close:
        return sentence("cli.no_command_close", command=named(word), close=" or ".join(map(named, close)))
    return sentence("cli.no_command", command=named(word), commands=", ".join(map(named, commands)))


def build_parser() -> argparse.ArgumentParser:
    from app.core.system import logsetup

    parser = _Parser(prog="rootkeeper", description="Decide which folders AI tools may see.")
    parser.add_argument("--version", action="version", version=VERSION_TEXT)
    parser.add_argument("--self-test", action="store_true", help="build the app offscreen, load the store, exit")
    parser.add_argument("--log-level", choices=logsetup.LEVELS, type=str.lower, metavar="LEVEL",
                        help=f"one of {', '.join(logsetup.LEVELS)} (default: ${logsetup.LEVEL_VARIABLE}, else info "
                        "in the log file of long-running commands, warning on stderr for the others)")
    groups = parser.add_subparsers(dest="group", parser_class=_Parser)
    groups.add_parser("roots", help="the shared folders", fill=_add_roots_commands)
    groups.add_parser("servers", help="the MCP servers", fill=_add_servers_commands)
    _add_pause_commands(groups)
    _add_hub_commands(groups)
    groups.add_parser("bridge", help="stdio proxy for a host: host <-> bridge <-> server, roots from the store",
                      fill=_add_bridge_command)
    groups.add_parser("sessions", help="live bridge sessions: host, server, era, last roots fetch",
                      fill=_add_sessions_command)
    groups.add_parser("hosts", help="AI hosts' configs: their servers, routed through Rootkeeper",
                      fill=_add_hosts_commands)
    groups.add_parser("history", help="which server was given which folders, and when", fill=_add_history_arguments)
    return parser


def _add_history_arguments(group: argparse.ArgumentParser) -> None:
    from app.cli.history import add_history_arguments

    add_history_arguments(group)


def _add_roots_commands(group: argparse.ArgumentParser) -> None:
    roots = group.add_subparsers(dest="command", required=True, parser_class=_Parser)
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
    p = roots.add_parser("read-only", help="let confined servers read a shared folder but not change it")
    p.add_argument("root", metavar="ROOT", help="id, name or path")
    p.add_argument("state", choices=("on", "off"))
    p.set_defaults(handler=cmd_roots_read_only)
    p = roots.add_parser("rename", help="give a shared folder another name")
    p.add_argument("root", metavar="ROOT")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(handler=cmd_roots_rename)
    p = roots.add_parser("check", help="re-run the access checks now")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_roots_list)
    from app.cli.history import add_suggest_command

    add_suggest_command(roots)


def _add_servers_commands(group: argparse.ArgumentParser) -> None:
    from app.cli.servers import add_servers_commands

    add_servers_commands(group, _Parser)


def _add_pause_commands(groups: Any) -> None:
    p = groups.add_parser("pause", help="stop sharing with every server at once (each sees an empty list)")
    p.set_defaults(handler=cmd_pause)
    p = groups.add_parser("resume", help="share with every server again")
    p.set_defaults(handler=cmd_pause)


def _add_hosts_commands(group: argparse.ArgumentParser) -> None:
    from app.cli.hosts import add_hosts_commands

    add_hosts_commands(group, _Parser)


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


def _add_bridge_command(group: argparse.ArgumentParser) -> None:
    from app.cli.bridge import add_bridge_command

    add_bridge_command(group)


def _add_sessions_command(group: argparse.ArgumentParser) -> None:
    from app.cli.bridge import add_sessions_command

    add_sessions_command(group)


def _split_command_line(argv: list[str]) -> tuple[list[str], list[str]]:
    if "--" in argv:
        cut = argv.index("--")
        return argv[:cut], argv[cut + 1 :]
    return argv, []


def main(argv: Sequence[str] | None = None) -> int:
    argv_list = list(sys.argv[1:] if argv is None else argv)
    if argv_list == ["--version"]:  # what argparse would print, without loading logging for `--log-level`
        print(VERSION_TEXT)
        return 0
    try:
        args = _parse(argv_list) if argv_list else bare_arguments()
        refused = _prepare(args)
        if refused is not None:
            return refused
        if args.group is not None:
            from app.core.store.store import Store

            store = Store()
    except KeyboardInterrupt:  # Ctrl+C while starting up (parsing, importing): nothing was done yet
        return 130  # app.cli.terminal.EXIT_INTERRUPTED, which may not be imported yet
    if args.group is None:
        return _start_gui(args)
    return _run_command(store, args)


def bare_arguments() -> argparse.Namespace:
    """What the parser makes of a bare `rootkeeper` (the tray app), without building it: that takes the
    tray's start 12 ms, before anything is on screen."""
    return argparse.Namespace(self_test=False, log_level=None, group=None)


def _parse(argv: list[str]) -> argparse.Namespace:
    own, command_line = _split_command_line(argv)
    parser = build_parser()
    args = parser.parse_args(own)
    if "--" in argv and hasattr(args, "paths"):
        args.paths += command_line  # `roots add -- -dash`: after '--' every word is a path
    elif command_line or "--" in argv:
        if not hasattr(args, "command_line"):
            parser.error("'--' is only used before a server's command or before paths to add")
        args.command_line = command_line
    return args


def _prepare(args: argparse.Namespace) -> int | None:
    """Check the home and set up logging; the exit status if that fails."""
    from app.core.system.locations import check_home
    from app.core.system.logsetup import LogLevelError
    from app.core.text import UserError

    try:
        check_home()
        _configure_logging(args)
    except (LogLevelError, UserError) as exc:
        from app.cli.terminal import EXIT_USAGE, say  # only now: the tray app starts without the terminal's output code

        say(str(exc))
        return EXIT_USAGE
    return None


def _run_command(store: Store, args: argparse.Namespace) -> int:
    from app.cli.errors import CliError
    from app.cli.terminal import EXIT_REFUSED, run_guarded, say
    from app.core.store.store import StoreError
    from app.core.text import UserError

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
    from app.core.system import logsetup
    from app.core.system.locations import state_home

    long_running = (args.group is None or args.group == "run") and not args.self_test
    logsetup.configure_logging(logsetup.resolve_level(args.log_level), state_home(), to_file=long_running)
    logsetup.install_excepthooks()


def _start_gui(args: argparse.Namespace) -> int:
    from app.ui.main import run_gui

    return run_gui(self_test=args.self_test)


if __name__ == "__main__":
    sys.exit(main())
