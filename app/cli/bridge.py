"""`rootkeeper bridge` (what a host starts in place of a server) and `rootkeeper sessions` (the live bridges)."""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from app.cli.errors import CliError
from app.cli.terminal import print_json
from app.core.paths import printable
from app.core.store.store import Store
from app.core.system.locations import state_home


def shown_value(value: Any) -> str:
    """A session file's value (written by another process) as one safe, bounded piece of text."""
    return printable(value if isinstance(value, str) else ("" if value is None else str(value)), 80)


def cmd_bridge(store: Store, args: argparse.Namespace) -> int:
    from app.bridge.run import configured_entry, leave, refuse, register_adhoc, run_bridge
    from app.bridge.stdio_upstream import ConfinementUnavailable
    from app.core.servers.adhoc import derived_name

    if args.server_name and args.server and args.server_name != args.server:
        raise CliError("cli.server_or_command")
    args.server = args.server or args.server_name
    if bool(args.server) == bool(args.command_line):
        raise CliError("cli.server_or_command")
    if args.server and args.name:
        raise CliError("cli.name_for_adhoc")
    if args.server and args.confine is not None:
        raise CliError("cli.confine_for_adhoc", command=f"rootkeeper servers confine {shlex.quote(args.server)} on|off")
    if args.home:
        import os
        from pathlib import Path

        # A host starts the bridge with an environment of its own choosing: the settings folder the
        # bridge was installed for travels on its command line instead.
        os.environ["ROOTKEEPER_HOME"] = os.path.abspath(args.home)
        store = Store(Path(os.environ["ROOTKEEPER_HOME"]))
    # A `BridgeError` is a `UserError`: the command's caller says its sentence and exits non-zero.
    if args.server:
        entry = configured_entry(store, args.server)
    else:
        try:
            entry = register_adhoc(store, args.name, args.command_line, args.confine)
        except ConfinementUnavailable as refused:  # fails closed: the host is told why at each request
            leave(refuse(args.name or derived_name(args.command_line), refused))
    leave(run_bridge(store, entry))


def cmd_sessions(store: Store, args: argparse.Namespace) -> int:
    from app.core.servers.sessions import live_sessions

    sessions = live_sessions(state_home())
    if args.json:
        print_json(sessions)
        return 0
    if not sessions:
        print("No bridge sessions are running.")
    for session in sessions:
        host = session.get("host") or {}
        host_name = shown_value(host.get("name") if isinstance(host, dict) else None) or "an unknown host"
        fetched = shown_value(session.get("last_roots_fetch_at")) or "never"
        era = shown_value(session.get("era")) or "not yet known"
        count = shown_value(session.get("roots_fetch_count")) or "0"
        print(
            f"{shown_value(session.get('pid'))}  {shown_value(session.get('server'))}  used by {host_name}  "
            f"era {era}  roots fetched {count}x, last {fetched}"
        )
    return 0


def add_bridge_command(p: argparse.ArgumentParser) -> None:
    p.add_argument("server_name", nargs="?", metavar="NAME", help="a configured server")
    p.add_argument("--server", metavar="NAME", help="the same, for hosts that pass it as an option")
    p.add_argument("--name", help="the name to register an ad-hoc server (-- COMMAND) under")
    p.add_argument("--home", metavar="FOLDER", help="the settings folder to use (as ROOTKEEPER_HOME does)")
    p.add_argument("--confine", action=argparse.BooleanOptionalAction, default=None,
                   help="register an ad-hoc server (-- COMMAND) to run confined to its folders, or not (default: "
                        "confined where the system can; a registered one keeps its setting)")
    p.set_defaults(handler=cmd_bridge, command_line=[])


def add_sessions_command(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_sessions)
