"""`rootkeeper hosts …` and `rootkeeper servers import`: the AI hosts' configs, read and rewritten.

The rules live in `app.core.hosts`; this module only resolves what the user named, calls core and
prints the outcome. A refusal from core (`UserError`) becomes the CLI's one-sentence refusal.
"""

from __future__ import annotations

import argparse
import functools
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.cli.errors import CliError
from app.cli.terminal import print_json
from app.core.hosts import HOSTS, ConfigFile, Host, flow, guess_host, host_named
from app.core.hosts.base import current_system
from app.core.hosts.bridgecmd import launcher_note
from app.core.hosts.flow import Written
from app.core.hosts.importing import Imported, server_key
from app.core.hosts.install import FileChange
from app.core.hosts.listing import host_rows
from app.core.store.store import Store
from app.core.text import UserError, message

Handler = Callable[[Store, argparse.Namespace], int]


def safe(text: str) -> str:
    """Text from a config file, made harmless for a terminal (control characters shown as escapes)."""
    return "".join(ch if ch.isprintable() or ch in " \t" else ascii(ch)[1:-1] for ch in text)


def _refusals(handler: Handler) -> Handler:
    @functools.wraps(handler)
    def run(store: Store, args: argparse.Namespace) -> int:
        try:
            return handler(store, args)
        except UserError as exc:  # the same sentence, its arguments (from config files) made harmless
            raise CliError(exc.code, **{name: safe(value) for name, value in exc.args_map.items()}) from exc

    return run


# -- what the user named ----------------------------------------------------------------------


def _looks_like_path(text: str) -> bool:
    if text.strip().lower() in HOSTS:
        return False
    return "/" in text or "\\" in text or text.endswith((".json", ".toml")) or Path(text).is_file()


def resolve(target: str | None, file: str | None, host_name: str | None,
            all_projects: bool = True) -> tuple[Host, list[ConfigFile]]:
    """The host and its existing config files, from `HOST`, `FILE` or `--file PATH` (with `--host`). Of the
    entries a file keeps for many projects (Claude Code's local scope), only the current project's are acted
    on, unless `all_projects`."""
    within = None if all_projects else Path.cwd()
    if file is None and target is not None and _looks_like_path(target):
        file = target
    if file is not None:
        path = Path(file).expanduser().absolute()
        if not path.is_file():
            raise CliError("cli.no_file", path=safe(str(path)))
        host = host_named(host_name) if host_name else guess_host(path)
        return host, [ConfigFile(path, "file", within)]
    if target is None:
        raise CliError("cli.name_a_host", hosts=", ".join(HOSTS))
    host = host_named(target)
    found = flow.config_files(host, Path.cwd())
    if not found:
        looked = ", ".join(safe(str(config.path)) for config in host.config_files(Path.cwd(), current_system()))
        if not looked:  # a kind of file with no place of its own: it is named by its path
            raise CliError("cli.no_file_named", host=host.title)
        raise CliError("cli.no_host_config", host=host.title, looked=looked)
    return host, [ConfigFile(config.path, config.scope, within) for config in found]


def _config_of(host: Host) -> str:
    return f"{host.title}'s config" if host.restarts else "the file"


# -- hosts --------------------------------------------------------------------------------------


@_refusals
def cmd_hosts_list(store: Store, args: argparse.Namespace) -> int:
    rows = host_rows(store.load(), Path.cwd())
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        if not row["installed"]:
            print(f"{row['title']} ({row['host']}): no config found")
            continue
        print(f"{row['title']} ({row['host']}):")
        for file in row["files"]:
            print(f"  {safe(file['path'])} ({file['scope']})")
            if file["error"]:
                print(f"    {safe(file['error'])}")
            for server in file["servers"]:
                where = server["url"] or " ".join([server["command"], *server["args"]])
                through = "through Rootkeeper" if server["through_rootkeeper"] else "direct"
                project = f"  (project {safe(server['project'])})" if server["project"] else ""
                print(f"    {safe(server['name'])}  {server['transport']}  {through}  {safe(where)}{project}")
    return 0


def _leave_project_files(files: list[ConfigFile], project: bool) -> list[ConfigFile]:
    """The files to route: a project's own file (committed, shared with the team) only when asked."""
    if project:
        return files
    for config in files:
        if config.scope == "project":
            print(message("hosts.project_left", path=safe(str(config.path))))
    return [config for config in files if config.scope != "project"]


@_refusals
def cmd_hosts_install(store: Store, args: argparse.Namespace) -> int:
    from app.cli import folder_offer

    host, files = resolve(args.target, args.file, args.host, args.all_projects)
    files = _leave_project_files(files, args.project)
    plan = flow.plan_install(store, host, files, args.servers.split(",") if args.servers else None,
                             confined=args.confine)
    if args.dry_run:
        sys.stdout.write(safe_diff(plan.diff()))
        _print_outcomes(plan.results, host, dry_run=True)
        return 0
    # The same offer as `servers import`: folders on a new server's command line become the folders you share.
    answers, asked = _decisions(plan.results, args)
    found = [folder for item in plan.results if item.offer is not None for folder in item.offer.folders]
    share = folder_offer.unshared(store.load(), found)
    plan.share = share if folder_offer.share_found(share, args) else []
    plan.use_shared = lambda server: answers.get(server_key(server), True)

    def rewrote(_change: FileChange, written: Written | None) -> None:
        if written is not None:
            print(f"Rewrote {safe(str(written.path))} (backup: {safe(str(written.backup))}).")

    written = flow.apply_install(store, plan, rewrote)
    _print_outcomes(plan.results, host, dry_run=False, asked=asked, store=None if plan.added else store)
    if plan.added is not None:
        folder_offer.print_shared(plan.added)
    if written and host.restarts:
        print(f"Restart {host.title} so it starts the servers through Rootkeeper.")
    elif written:
        print("Start the servers of this file again (restart the program you gave it to, such as the MCP "
              "Inspector or mcp-use) so they start through Rootkeeper.")
    note = launcher_note() if any(c.config.scope != "project" for c in plan.changed) else None
    if note is not None:
        print(safe(str(note)))
    return 0


def safe_diff(diff: str) -> str:
    return "".join(safe(line.rstrip("\n")) + "\n" for line in diff.splitlines(keepends=True))


def _print_outcomes(results: list[Imported], host: Host, *, dry_run: bool, asked: set[tuple[object, ...]] | None = None,
                    store: Store | None = None) -> None:
    """What became of each server; a new one's folders (the offer, and how to share them: `store` to leave out
    the folders shared already, None when they were just shared)."""
    from app.cli import folder_offer

    verb = "would start" if dry_run else "now starts"
    for item in results:
        name = safe(item.server.name)
        if item.entry is None:
            print(f"Left '{name}' as it is: {item.skipped}.")
            continue
        print(f"'{name}' {verb} through Rootkeeper as server '{item.entry.name}'.")
        if item.entry.consent != "given":
            print(f"  It sees no folder until you agree: rootkeeper servers share {item.entry.name} all")
        if item.offer is not None:
            folder_offer.print_outcome(item.entry.name, item.offer, item.rewritten,
                                       shown=asked is not None and server_key(item.server) in asked)
        if dry_run or store is not None:
            _print_folders(item, store)


def _print_folders(item: Imported, store: Store | None = None) -> None:
    from app.cli.folder_offer import unshared

    folders = unshared(store.load(), item.folders) if store is not None else item.folders
    if folders:
        command = " ".join(["rootkeeper", "roots", "add", *(shlex.quote(folder) for folder in folders)])
        print(f"  Its command line names folders; to share them: {safe(command)}")


@_refusals
def cmd_hosts_uninstall(store: Store, args: argparse.Namespace) -> int:
    if args.target is not None and not args.file and not _looks_like_path(args.target):
        plan = flow.plan_uninstall(host_named(args.target))  # the files its record of installs names
        for gone in plan.gone:
            print(f"{safe(str(gone))} no longer exists; there is nothing to restore in it.")
    else:
        plan = flow.plan_uninstall(*resolve(args.target, args.file, args.host))
    if not plan.changes:
        print(f"Nothing Rootkeeper installed is left in {_config_of(plan.host)}.")
        return 0

    def restored(change: FileChange, written: Written | None) -> None:
        if args.dry_run:
            sys.stdout.write(safe_diff(change.diff()))
        elif written is not None and written.backups_removed:
            print(f"Restored {safe(str(written.path))}; its backup copies were removed, as they held its secret "
                  "values.")
        elif written is not None:
            print(f"Restored {safe(str(written.path))} (backup of the bridged version: {safe(str(written.backup))}).")
        for location in change.left:
            print(f"Left '{safe(location[-1])}' as it is: it was changed after Rootkeeper installed it.")

    if args.dry_run:
        for change in plan.changes:
            restored(change, None)
    else:
        flow.apply_uninstall(plan, restored)
    return 0


# -- servers import -----------------------------------------------------------------------------


def _import_row(item: Imported) -> dict[str, Any]:
    status = "skipped" if item.entry is None else "imported" if item.is_new else "existing"
    return {
        "host_name": item.server.name,
        "location": list(item.server.location),
        "status": status,
        "server": item.entry.name if item.entry else None,
        "reason": item.skipped or None,
        "warning": item.warning or None,
        "folders": item.folders,
        "roots_add": ["rootkeeper", "roots", "add", *item.folders] if item.folders else None,
        "folders_as": None if item.offer is None else "own" if item.kept_own else "shared",
        "command_line": None if item.offer is None else [
            {"before": change.before, "after": change.after} for change in item.offer.changes],
        "notes": item.server.notes,
    }


def _decisions(previewed: list[Imported], args: argparse.Namespace) -> tuple[dict[tuple[object, ...], bool],
                                                                              set[tuple[object, ...]]]:
    """For each new server whose command line names folders, the user's answer (and the ones asked on screen)."""
    from app.cli import folder_offer

    answers, asked = {}, set()
    for item in previewed:
        if item.offer is not None:
            key = server_key(item.server)
            answers[key] = folder_offer.use_shared(item.server.name, item.offer, args)
            if folder_offer.asks(args):
                asked.add(key)
    return answers, asked


@_refusals
def cmd_servers_import(store: Store, args: argparse.Namespace) -> int:
    from app.cli import folder_offer

    host, files = resolve(args.target, args.file, args.host, args.all_projects)
    previewed = flow.preview_import(store, host, files)
    answers, asked = _decisions(previewed, args)
    found = [folder for item in previewed if item.offer is not None for folder in item.offer.folders]
    share = folder_offer.unshared(store.load(), found)
    share = share if folder_offer.share_found(share, args) else []
    results, added = flow.import_servers(
        store, host, files, use_shared=lambda server: answers.get(server_key(server), True), share=share,
        confined=args.confine)
    if args.json:
        print_json({"host": host.name, "files": [str(c.path) for c in files],
                     "servers": [_import_row(item) for item in results],
                     "shared": [root.path for root in added.roots] if added is not None else []})
        return 0
    if not results:
        print(f"No servers were found in {_config_of(host)}.")
    for item in results:
        name = safe(item.server.name)
        if item.entry is None:
            print(f"Skipped '{name}': {item.skipped}.")
        elif not item.is_new:
            print(f"'{name}' is already the Rootkeeper server '{item.entry.name}'.")
        else:
            print(f"Imported '{name}' as '{item.entry.name}'; it sees no folder until you agree: "
                  f"rootkeeper servers share {item.entry.name} all")
            for note in [*item.server.notes, item.warning]:
                if note:
                    print(f"  Note: {safe(note)}.")
            if item.offer is not None:
                folder_offer.print_outcome(item.entry.name, item.offer, item.rewritten,
                                           shown=server_key(item.server) in asked)
        if item.entry is not None and added is None:
            _print_folders(item, store)
    if added is not None:
        folder_offer.print_shared(added)
    return 0


# -- parsers ------------------------------------------------------------------------------------


def _target_arguments(parser: argparse.ArgumentParser, *, projects: bool = False) -> None:
    parser.add_argument("target", nargs="?", metavar="HOST|FILE", help=", ".join(HOSTS) + ", or a config file")
    parser.add_argument("--file", metavar="PATH", help="a config file in a host's format")
    parser.add_argument("--host", metavar="HOST", help="the host whose format --file is in (guessed from its name, "
                                                       "or mcp-json for a plain mcpServers file)")
    if projects:
        parser.add_argument("--all-projects", action="store_true",
                            help="take the local entries of every project in ~/.claude.json, not only those of "
                                 "the project you are in")


def add_hosts_commands(hosts: argparse.ArgumentParser, parser_class: type[argparse.ArgumentParser]) -> None:
    from app.cli.folder_offer import add_folder_options
    from app.cli.server_options import add_confine_option

    hosts.add_argument("--json", action="store_true")
    hosts.set_defaults(handler=cmd_hosts_list)
    commands = hosts.add_subparsers(dest="command", parser_class=parser_class)
    p = commands.add_parser("list", help="installed hosts, their config files and servers")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_hosts_list)
    p = commands.add_parser("install", help="make a host start its servers through Rootkeeper (backup first)")
    _target_arguments(p, projects=True)
    p.add_argument("--servers", metavar="a,b", help="only these of the host's servers")
    p.add_argument("--project", action="store_true",
                   help="also route this project's own config file (.mcp.json, .gemini/settings.json, ...), with "
                        "entries that work for everyone who checks the project out")
    p.add_argument("--dry-run", action="store_true", help="print the change as a diff and write nothing")
    add_folder_options(p)
    add_confine_option(p)
    p.set_defaults(handler=cmd_hosts_install)
    p = commands.add_parser("uninstall", help="put the host's entries back exactly as they were")
    _target_arguments(p)
    p.add_argument("--dry-run", action="store_true", help="print the change as a diff and write nothing")
    p.set_defaults(handler=cmd_hosts_uninstall)


def add_servers_import_arguments(p: argparse.ArgumentParser) -> None:
    from app.cli.folder_offer import add_folder_options
    from app.cli.server_options import add_confine_option

    _target_arguments(p, projects=True)
    p.add_argument("--json", action="store_true")
    add_folder_options(p)
    add_confine_option(p)
    p.set_defaults(handler=cmd_servers_import)
