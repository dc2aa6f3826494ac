"""Command-line entry point: `rootkeeper` and `python -m app` land here.

Each handler returns an exit code; a refusal raises `CliError` (one sentence on stderr, exit 1) and
leaves the store untouched, because every edit happens inside one store transaction that only
commits when the handler finishes without raising.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from app import __version__
from app.core import access, logsetup
from app.core.locations import state_home
from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.paths import PathError, printable
from app.core.roots import AddPlan, RootError, find_root, plan_add, remove_root, rename_root
from app.core.sharing import parse_share
from app.core.status import ConnectionStatus, StatusBoard
from app.core.store import Store, StoreError


class CliError(Exception):
    """A refusal: one sentence for stderr, non-zero exit, nothing written."""


def _print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False).encode("utf-8", "backslashreplace").decode("utf-8"))


def _note(message: str) -> None:
    print(message, file=sys.stderr)


# -- roots ----------------------------------------------------------------------------------------


def root_rows(data: StoreData, timeout: float = access.DEFAULT_TIMEOUT) -> list[dict[str, Any]]:
    results = access.check_many(((r.id, r.path, r.is_file) for r in data.roots), timeout=timeout)
    rows = []
    for root in data.roots:
        result = results[root.id]
        rows.append(
            {
                "id": root.id,
                "name": root.name,
                "path": root.path,
                "entered_path": root.entered_path,
                "uri": root.uri,
                "is_file": root.is_file,
                "enabled": root.enabled,
                "status": result.status.value,
                "detail": result.detail,
                "checked_at": result.checked_at.isoformat(),
                "added_at": root.added_at.isoformat(),
            }
        )
    return rows


def _print_root_table(rows: list[dict[str, Any]]) -> None:
    if not rows:
        print("No shared folders yet. Add one with: rootkeeper roots add PATH")
        return
    for row in rows:
        state = row["status"] if row["enabled"] else "disabled"
        target = printable(row["path"])
        if row["entered_path"] != row["path"]:
            target = f"{printable(row['entered_path'])} -> {target}"
        print(f"{row['id']}  {state:<17}  {row['name']}  {target}")


def cmd_roots_list(store: Store, args: argparse.Namespace) -> int:
    rows = root_rows(store.load())
    if args.json:
        _print_json(rows)
    else:
        _print_root_table(rows)
    return 0


def cmd_roots_check(store: Store, args: argparse.Namespace) -> int:
    rows = root_rows(store.load())
    if args.json:
        _print_json(rows)
    else:
        for row in rows:
            state = row["status"] if row["enabled"] else "disabled"
            print(f"{row['id']}  {state:<17}  {row['name']}: {row['detail']}")
    failing = [row for row in rows if row["enabled"] and row["status"] != "ok"]
    return 1 if failing else 0


def _refusal_for(plan: AddPlan, allow_broad: bool) -> str | None:
    duplicate = plan.duplicate
    if duplicate is not None:
        return duplicate.sentence(printable(plan.root.path))
    if plan.broad and not allow_broad:
        return f"{plan.broad[:-1]}; sharing it exposes far more than a project, add --allow-broad to share it anyway."
    return None


def cmd_roots_add(store: Store, args: argparse.Namespace) -> int:
    if args.name is not None and len(args.paths) > 1:
        raise CliError("--name can only be used when adding one path.")
    notes: list[str] = []
    added: list[str] = []
    with store.transaction() as data:
        for text in args.paths:
            plan = plan_add(data, text, name=args.name)
            refusal = _refusal_for(plan, args.allow_broad)
            if refusal:
                raise CliError(refusal)
            notes += ["Note: " + overlap.sentence(printable(plan.root.path)) for overlap in plan.overlaps]
            data.roots.append(plan.root)
            added.append(f"Sharing {printable(plan.root.path)} as '{plan.root.name}' ({plan.root.id}).")
    # Reported only once the whole batch is saved: a refusal above means nothing was added.
    for line in notes:
        _note(line)
    print("\n".join(added))
    return 0


def _edit_root(store: Store, selector: str, edit: Callable[[StoreData, Any], str]) -> int:
    with store.transaction() as data:
        root = find_root(data, selector)
        print(edit(data, root))
    return 0


def cmd_roots_remove(store: Store, args: argparse.Namespace) -> int:
    def edit(data: StoreData, root: Any) -> str:
        remove_root(data, root)
        return f"Stopped sharing '{root.name}'; no files were deleted."

    return _edit_root(store, args.root, edit)


def cmd_roots_enable(store: Store, args: argparse.Namespace) -> int:
    def edit(_data: StoreData, root: Any) -> str:
        root.enabled = args.command == "enable"
        return f"'{root.name}' is now {'enabled' if root.enabled else 'disabled'}."

    return _edit_root(store, args.root, edit)


def cmd_roots_rename(store: Store, args: argparse.Namespace) -> int:
    def edit(_data: StoreData, root: Any) -> str:
        old = root.name
        rename_root(root, args.name)
        return f"Renamed '{old}' to '{root.name}'."

    return _edit_root(store, args.root, edit)


# -- servers --------------------------------------------------------------------------------------


def server_row(server: ServerEntry) -> dict[str, Any]:
    row: dict[str, Any] = {"name": server.name, "transport": server.target.kind}
    row.update(server.target.model_dump(mode="json", exclude={"kind"}))
    row.update({"share": server.share, "consent": server.consent, "legacy_only": server.legacy_only})
    return row


def _share_text(server: ServerEntry) -> str:
    if server.consent != "given":
        return "waiting for consent"
    if isinstance(server.share, list):
        return f"{len(server.share)} chosen root(s)"
    return f"shares {server.share}"


def _live_status(name: str, published: dict[str, ConnectionStatus], hub_running: bool) -> dict[str, Any]:
    status = published.get(name)
    if status is None:
        sentence = "The hub has not connected to this server yet." if hub_running else "No hub is running."
        row = ConnectionStatus().row()
        row.update(state="unknown", detail=sentence)
        return row
    row = status.row()
    if not hub_running:
        row["state"] = "stopped"
        row["detail"] = "Last known status; the hub that reported it is no longer running."
    return row


def cmd_servers_list(store: Store, args: argparse.Namespace) -> int:
    data = store.load()
    published, hub_running = StatusBoard(state_home()).statuses()
    rows = []
    for server in data.servers:
        row = server_row(server)
        row["status"] = _live_status(server.name, published, hub_running)
        rows.append(row)
    if args.json:
        _print_json(rows)
        return 0
    if not rows:
        print("No servers yet. Add one with: rootkeeper servers add NAME -- COMMAND [ARG...]")
    for server, row in zip(data.servers, rows, strict=True):
        target = server.target
        where = target.url if isinstance(target, HttpTarget) else " ".join([target.command, *target.args])
        status = row["status"]
        state = status["state"] + (f" ({status['era']})" if status.get("era") else "")
        print(f"{server.name}  {state}  {_share_text(server)}  {where}")
        if status.get("last_error"):
            print(f"    {status['last_error']}")
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
        try:
            return HttpTarget(url=args.url, headers=_pairs(args.header, "Header"))
        except ValueError as exc:
            raise CliError(f"{args.url!r} is not an http:// or https:// URL.") from exc
    if not args.command_line:
        raise CliError("Say how to reach the server: --url URL, or -- COMMAND [ARG...] at the end.")
    if args.header:
        raise CliError("--header applies to --url servers, not to command servers.")
    command, *rest = args.command_line
    cwd = os.path.abspath(args.cwd) if args.cwd else None
    if cwd is not None and not os.path.isdir(cwd):
        raise CliError(f"The working folder {cwd} does not exist.")
    return StdioTarget(command=command, args=rest, env=_pairs(args.env, "Variable"), cwd=cwd)


def cmd_servers_add(store: Store, args: argparse.Namespace) -> int:
    target = _target(args)
    with store.transaction() as data:
        if data.server(args.name) is not None:
            raise CliError(f"A server named '{args.name}' already exists; remove it first or pick another name.")
        try:
            entry = ServerEntry(name=args.name, target=target)
        except ValueError as exc:
            raise CliError(
                f"'{args.name}' is not a valid server name; use letters, digits, '.', '_' or '-'."
            ) from exc
        if args.share is not None:
            entry.share = parse_share(data, args.share)
            entry.consent = "given"
        data.servers.append(entry)
        print(f"Added server '{entry.name}' ({_share_text(entry)}).")
    return 0


def _find_server(data: StoreData, name: str) -> ServerEntry:
    server = data.server(name)
    if server is None:
        raise CliError(f"No server is named '{name}'; see 'rootkeeper servers list'.")
    return server


def cmd_servers_remove(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        server = _find_server(data, args.name)
        data.servers.remove(server)
        print(f"Removed server '{server.name}'.")
    return 0


def cmd_servers_share(store: Store, args: argparse.Namespace) -> int:
    with store.transaction() as data:
        server = _find_server(data, args.name)
        server.share = parse_share(data, args.share)
        server.consent = "given"
        print(f"'{server.name}' now {_share_text(server)}.")
    return 0


# -- talking to servers ----------------------------------------------------------------------------


def cmd_run(store: Store, args: argparse.Namespace) -> int:
    import asyncio

    from app.mcp.run import run_headless

    if not args.headless:
        return _start_gui(args)
    return asyncio.run(run_headless(store))


def cmd_call(store: Store, args: argparse.Namespace) -> int:
    import asyncio

    from app.mcp.call import CallError, call_tool

    try:
        arguments = json.loads(args.args)
    except json.JSONDecodeError as exc:
        raise CliError(f"--args is not valid JSON ({exc.msg} at position {exc.pos}).") from exc
    if not isinstance(arguments, dict):
        raise CliError("--args must be a JSON object, for example '{\"path\": \"/tmp\"}'.")
    try:
        result = asyncio.run(call_tool(store, args.server, args.tool, arguments, connect_timeout=args.timeout))
    except CallError as exc:
        raise CliError(str(exc)) from exc
    _print_json(result)
    if result.get("isError"):
        texts = [item.get("text", "") for item in result.get("content", []) if isinstance(item, dict)]
        detail = " ".join(text.strip() for text in texts if text).strip() or "no details given"
        print(f"rootkeeper: The tool '{args.tool}' reported an error: {detail}", file=sys.stderr)
        return 1
    return 0


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
    _add_hub_commands(groups)
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
    p.add_argument("paths", nargs="+", metavar="PATH")
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
    p.set_defaults(handler=cmd_roots_check)


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
    p.set_defaults(handler=cmd_servers_add, command_line=[])
    p = servers.add_parser("remove", help="remove a server")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(handler=cmd_servers_remove)
    p = servers.add_parser("share", help="choose what a server may see (this also records consent)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("share", metavar="all|none|ROOT,...")
    p.set_defaults(handler=cmd_servers_share)
    _add_servers_import_command(servers)


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
    p.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for the connection")
    p.set_defaults(handler=cmd_call)


def _split_command_line(argv: list[str]) -> tuple[list[str], list[str]]:
    if "--" in argv:
        cut = argv.index("--")
        return argv[:cut], argv[cut + 1 :]
    return argv, []


def main(argv: Sequence[str] | None = None) -> int:
    own, command_line = _split_command_line(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args = parser.parse_args(own)
    if command_line and not hasattr(args, "command_line"):
        parser.error("'--' is only used before a server's command")
    if command_line:
        args.command_line = command_line
    try:
        _configure_logging(args)
    except logsetup.LogLevelError as exc:
        print(f"rootkeeper: {exc}", file=sys.stderr)
        return 2
    if args.group is None:
        return _start_gui(args)
    store = Store()
    try:
        code: int = args.handler(store, args)
        return code
    except (CliError, StoreError, PathError, RootError) as exc:
        print(f"rootkeeper: {exc}", file=sys.stderr)
        return 1
    finally:
        for notice in store.notices:
            _note(f"rootkeeper: {notice}")


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
