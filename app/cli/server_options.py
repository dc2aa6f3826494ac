"""`rootkeeper servers alias`, `servers own-folders`, `servers roots-from` and `servers confine`: how a server is
sent its folders, and whether it is confined to them.

`alias NAME LOCAL=REMOTE ...` maps local folders to the paths a server in a container, a VM or WSL
sees (`~/projects=/workspace`); it replaces the server's aliases, `--clear` removes them. With any
alias, roots outside every mapped folder are not sent to that server. `own-folders NAME on|off`
also sends the folders on the server's own command line, after Rootkeeper's, so sharing never takes
away what the server was configured with. Also here: what `servers list` says
about these options.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.cli.errors import CliError
from app.core.paths import printable
from app.core.servers.words import ROOTS_SOURCES
from app.core.text import refusal

if TYPE_CHECKING:
    from app.core.store.plain import PlainServer
    from app.core.store.store import Store

# The edits (and the model) are imported when a command runs: `servers list` shows these options from
# plain data, and declaring the commands must not load pydantic.


def _alias_pairs(items: Sequence[str]) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in items:
        local, sep, remote = item.partition("=")
        if not sep:
            raise refusal("alias.bad_pair", item=printable(item))
        if local.strip() in pairs:
            raise refusal("alias.twice", path=printable(local.strip()))
        pairs[local.strip()] = remote
    return pairs


def cmd_servers_alias(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers

    if bool(args.pairs) == bool(args.clear):
        raise CliError("cli.aliases_or_clear")
    pairs = _alias_pairs(args.pairs)
    with store.transaction() as data:
        server = edit_servers.set_aliases(data, args.name, pairs)
    if not server.path_aliases:
        print(f"'{server.name}' is sent its folders under their own paths.")
        return 0
    print(f"'{server.name}' now sees: {alias_text(server.path_aliases)}; other folders are not sent to it.")
    return 0


def cmd_servers_own_folders(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers

    with store.transaction() as data:
        server = edit_servers.set_own_folders(data, args.name, args.state == "on")
    if server.also_send_own_folders:
        print(f"'{server.name}' is also sent the folders on its own command line, after Rootkeeper's.")
    else:
        print(f"'{server.name}' is sent Rootkeeper's folders only.")
    return 0


def cmd_servers_confine(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers
    from app.core.text import message

    with store.transaction() as data:
        server = edit_servers.set_confined(data, args.name, args.state == "on")
    print(message("confine.on" if server.confined else "confine.off", server=server.name).text)
    return 0


def cmd_servers_roots_from(store: Store, args: argparse.Namespace) -> int:
    from app.core.edits import servers as edit_servers

    with store.transaction() as data:
        server = edit_servers.set_roots_source(data, args.name, args.source)
    said = {"rootkeeper": "Rootkeeper's folders", "host": "its host's own roots",
            "merge": "Rootkeeper's folders and its host's roots"}
    print(f"Through a bridge, '{server.name}' now sees {said[server.roots_source]}.")
    return 0


def alias_text(aliases: dict[str, str]) -> str:
    return ", ".join(f"{printable(local)} as {printable(remote)}" for local, remote in aliases.items())


def option_fields(server: PlainServer) -> dict[str, Any]:
    """The options' fields in `servers list --json`."""
    return {"path_aliases": dict(server.path_aliases), "also_send_own_folders": server.also_send_own_folders,
            "roots_source": server.roots_source, "kept_folders": list(server.kept_folders)}


def option_lines(server: PlainServer) -> list[str]:
    """The options' lines under a server in `servers list`."""
    lines = []
    if server.path_aliases:
        lines.append(f"    path aliases: {alias_text(server.path_aliases)} (other folders are not sent)")
    if server.also_send_own_folders:
        lines.append("    also sent the folders on its own command line")
    if server.roots_source != "rootkeeper":
        lines.append(f"    through a bridge, roots from: {server.roots_source}")
    return lines


def add_confine_option(p: argparse.ArgumentParser) -> None:
    """`--confine`/`--no-confine` for commands that add servers (default: confined where the system can)."""
    p.add_argument("--confine", action=argparse.BooleanOptionalAction, default=None,
                   help="run new stdio servers confined to their folders (default: where the system can)")


def add_server_option_commands(servers: Any) -> None:
    p = servers.add_parser("alias", help="map local folders to the paths a server sees (container, VM, WSL)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("pairs", nargs="*", metavar="LOCAL=REMOTE")
    p.add_argument("--clear", action="store_true", help="remove the server's aliases")
    p.set_defaults(handler=cmd_servers_alias)
    p = servers.add_parser("own-folders", help="also send a server the folders on its own command line")
    p.add_argument("name", metavar="NAME")
    p.add_argument("state", choices=("on", "off"))
    p.set_defaults(handler=cmd_servers_own_folders)
    p = servers.add_parser("confine", help="run a server confined to the folders it is given (Landlock)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("state", choices=("on", "off"))
    p.set_defaults(handler=cmd_servers_confine)
    p = servers.add_parser("roots-from", help="whose roots a bridged server sees when its host has roots too")
    p.add_argument("name", metavar="NAME")
    p.add_argument("source", choices=ROOTS_SOURCES)
    p.set_defaults(handler=cmd_servers_roots_from)
