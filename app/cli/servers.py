"""`rootkeeper servers …`: the configured MCP servers, edited through `app.core.edits.servers`.

Like every command module, it imports what a command uses when that command runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from app.cli.errors import CliError

if TYPE_CHECKING:
    from app.core.model import HttpTarget, StdioTarget
    from app.core.store.store import Store


def cmd_servers_list(store: Store, args: argparse.Namespace) -> int:
    from app.cli.output import live_status, print_server_table, server_row
    from app.cli.sessions import consent_wait, sessions_by_server, tray_running
    from app.cli.terminal import print_json
    from app.core.store import plain
    from app.core.system.locations import state_home

    servers = plain.servers(store)
    published, hub_running = plain.published_rows(state_home())
    sessions, tray = sessions_by_server(state_home()), tray_running(state_home())
    rows = []
    for server in servers:
        row = server_row(server)
        row["status"] = live_status(server.name, published, hub_running)
        row["sessions"] = sessions.get(server.name, [])
        row["waiting_for_consent"] = consent_wait(server, row["sessions"], tray)
        rows.append(row)
    if args.json:
        print_json(rows)
        return 0
    print_server_table(servers, rows)
    return 0


def _pairs(items: Sequence[str], refused: str) -> dict[str, str]:
    """`KEY=VALUE` items as a dict; an item of another form is refused with the sentence `refused`."""
    pairs: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CliError(refused, item=repr(item))
        pairs[key.strip()] = value
    return pairs


def _target(args: argparse.Namespace) -> StdioTarget | HttpTarget:
    from app.core.edits import servers as edit_servers

    if args.url and args.command_line:
        raise CliError("cli.url_and_command")
    if args.url:
        if args.env or args.cwd:
            raise CliError("cli.env_for_commands")
        return edit_servers.http_target(args.url, _pairs(args.header, "cli.bad_header"))
    if not args.command_line:
        raise CliError("cli.no_target")
    if args.header:
        raise CliError("cli.header_for_urls")
    command, *rest = args.command_line
    return edit_servers.stdio_target(command, rest, env=_pairs(args.env, "cli.bad_variable"), cwd=args.cwd)


def cmd_servers_add(store: Store, args: argparse.Namespace) -> int:
    from app.cli import folder_offer
    from app.cli.output import share_text
    from app.core.edits import roots as edit_roots
    from app.core.edits import servers as edit_servers
    from app.core.servers.folder_args import folder_arguments

    target = _target(args)
    offer = folder_arguments(target)
    used = offer is not None and folder_offer.use_shared(args.name, offer, args)
    share = folder_offer.unshared(store.load(), offer.folders) if offer is not None else []
    share = share if folder_offer.share_found(share, args) else []
    with store.transaction() as data:
        entry = edit_servers.save_server(data, args.name, offer.target if offer and used else target,
                                         share=args.share, era=args.era, confined=args.confine)
        if offer is not None and not used:
            entry.kept_folders = list(offer.folders)
        added = edit_roots.add_roots(data, share) if share else None
    print(f"Added server '{entry.name}' ({share_text(entry)}).")
    if offer is not None:
        folder_offer.print_outcome(entry.name, offer, used, shown=folder_offer.asks(args))
    if added is not None:
        folder_offer.print_shared(added)
    return 0


def cmd_servers_remove(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers
    from app.core.system.locations import log_dir

    with store.transaction() as data:
        log = edit_servers.remove_server(data, args.name, log_dir())
    # The log goes only once the removal is saved; a refusal above leaves both in place.
    if log is not None:
        log.unlink(missing_ok=True)
    print(f"Removed server '{args.name}'.")
    return 0


def cmd_servers_share(store: Store, args: argparse.Namespace) -> int:
    from app.cli.output import share_text
    from app.core.edits import servers as edit_servers

    with store.transaction() as data:
        server = edit_servers.share(data, args.name, args.share)
    print(f"'{server.name}' now {share_text(server)}.")
    return 0


def cmd_servers_era(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers

    with store.transaction() as data:
        server = edit_servers.set_era(data, args.name, args.era)
    print(f"'{server.name}' is spoken to in the {server.era} era{' (detected)' if server.era == 'auto' else ''}.")
    return 0


# -- parser ---------------------------------------------------------------------------------------


def add_servers_commands(group: argparse.ArgumentParser, parser_class: type[argparse.ArgumentParser]) -> None:
    from app.cli.folder_offer import add_folder_options
    from app.cli.server_options import add_confine_option, add_server_option_commands
    from app.core.servers.words import ERAS

    servers = group.add_subparsers(dest="command", required=True, parser_class=parser_class)
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
    p.add_argument("--era", choices=ERAS, help="pin the protocol era (default: auto)")
    add_folder_options(p)
    add_confine_option(p)
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
    p.add_argument("era", metavar="|".join(ERAS))
    p.set_defaults(handler=cmd_servers_era)
    servers.add_parser("import", help="add a host's servers (they see no folder until you agree)",
                       fill=_add_servers_import_arguments)
    add_server_option_commands(servers)
    from app.cli.server_state import add_server_state_commands

    add_server_state_commands(servers)


def _add_servers_import_arguments(p: argparse.ArgumentParser) -> None:
    from app.cli.hosts import add_servers_import_arguments

    add_servers_import_arguments(p)
