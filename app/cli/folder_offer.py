"""What `servers add` and `servers import` do with folders written on a server's own command line.

The rule that finds them, and the command with the folders you share in their place, is core's
(`app.core.servers.folder_args`). Here it is offered: the exact before → after is printed, and the
answer comes from `--use-shared-folders` / `--keep-own-folders`, or on a terminal from a question
whose default is yes; without either (a script, a pipe) the folders you share are used. Sharing the
folders found is a separate question (`--share-found-folders`), whose default is no: nothing is
shared without the user's yes. With `--json` nothing is asked.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from app.cli.terminal import ask, interactive, note
from app.core.paths import printable
from app.core.text import sentence

if TYPE_CHECKING:
    from app.core.edits.roots import Added
    from app.core.model import StoreData
    from app.core.servers.folder_args import FolderArguments


def add_folder_options(parser: argparse.ArgumentParser) -> None:
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--use-shared-folders", dest="folders_as", action="store_const", const="shared",
                        help="give the server the folders you share in place of those on its command line (default)")
    choice.add_argument("--keep-own-folders", dest="folders_as", action="store_const", const="own",
                        help="leave the folders on its command line: it sees them whatever you share")
    parser.add_argument("--share-found-folders", action="store_true", default=None,
                        help="also share the folders found on its command line that are not shared yet")


def _asking(args: argparse.Namespace) -> bool:
    return not getattr(args, "json", False) and interactive()


def asks(args: argparse.Namespace) -> bool:
    """Whether the user is asked (no flag decides, and a person is at the terminal)."""
    return args.folders_as is None and _asking(args)


def folder_list(folders: Iterable[str]) -> str:
    return ", ".join(printable(folder) for folder in folders)


def print_change(offer: FolderArguments) -> None:
    for change in offer.changes:
        print(f"  {sentence('folders.before', command=printable(change.before, None))}")
        print(f"  {sentence('folders.after', command=printable(change.after, None))}")


def use_shared(name: str, offer: FolderArguments, args: argparse.Namespace) -> bool:
    """The user's answer for the server `name`: True to give it the folders they share instead of its own."""
    if not asks(args):
        return bool(args.folders_as != "own")
    print(sentence("folders.offer", name=printable(name), folders=folder_list(offer.folders)))
    print_change(offer)
    return ask("", default=True)


def print_outcome(name: str, offer: FolderArguments, used: bool, *, shown: bool) -> None:
    """What was decided; the change itself unless it was just shown with the question."""
    folders = folder_list(offer.folders)
    if used:
        print(sentence("folders.used", name=printable(name), folders=folders))
        if not shown:
            print_change(offer)
    else:
        print(sentence("folders.kept_said", name=printable(name), folders=folders))


def unshared(data: StoreData, folders: Sequence[str]) -> list[str]:
    """The folders no root shares yet (compared as entered and as resolved)."""
    shared = {path for root in data.roots for path in (root.path, root.entered_path)}
    return [folder for folder in dict.fromkeys(folders)
            if folder not in shared and os.path.realpath(folder) not in shared]


def share_found(folders: Sequence[str], args: argparse.Namespace) -> bool:
    """Whether to share `folders` (not shared yet) too: the flag, or a question whose default is no."""
    if not folders:
        return False
    if args.share_found_folders is not None or not _asking(args):
        return bool(args.share_found_folders)
    return ask(sentence("folders.share_offer", folders=folder_list(folders)), default=False)


def print_shared(added: Added) -> None:
    """The roots just shared, and any note about them (on stderr)."""
    for added_note in added.notes:
        note(str(added_note))
    print("\n".join(f"Sharing {printable(r.path)} as '{printable(r.name)}' ({r.id})." for r in added.roots))
