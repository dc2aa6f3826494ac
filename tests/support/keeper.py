"""`tests/servers/keeps_last` set up in a store as the server `keeper`, and what it and Rootkeeper recorded: the
setup of the tests that see Rootkeeper learn that a server keeps its folders after an empty list."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import NamedTuple

from app.core.store.store import Store
from tests.support.cli import run_cli
from tests.support.store import add_server, stored_server

PAUSED = "Sharing with keeper is paused in Rootkeeper."
"""The error a request gets while the server is withheld (`app.core.roots.sharing.withheld`)."""


class Keeper(NamedTuple):
    alpha: Path
    """The shared folder."""
    secret: Path
    """A file in it (its text: "the notes")."""
    record: Path
    """Where the server appends each list it was given (`listings`)."""


def add_keeper(tmp_path: Path, home: Path, *options: str, own_folder: bool = False) -> Keeper:
    """Share a folder `alpha` and add `keeper` sharing it (consent given); `options` go to the server (`--each-call`);
    with `own_folder` the server also has `alpha` on its command line, as the filesystem server's users write it."""
    alpha = tmp_path / "alpha"
    alpha.mkdir()
    secret = alpha / "notes.txt"
    secret.write_text("the notes", encoding="utf-8")
    cli_ok(home, "roots", "add", str(alpha))
    record = tmp_path / "keeper.jsonl"
    command = [sys.executable, "-m", "tests.servers.keeps_last", "--record", str(record), *options]
    era = "auto" if "--each-call" in options else "2025-11-25"  # pinned: no wait for an era probe it ignores
    add_server(home, "keeper", [*command, *([str(alpha)] if own_folder else [])], share="all", consent="given",
               era=era)
    assert not keeps(home)  # not known: nothing in its command line says so
    return Keeper(alpha, secret, record)


def cli_ok(home: Path, *args: str) -> str:
    result = run_cli(home, *args)
    assert result.code == 0, result
    return result.out


def listings(record: Path) -> list[list[str]]:
    """The lists the server was given, oldest first."""
    lines = record.read_text().splitlines() if record.exists() else []
    return [json.loads(line)["uris"] for line in lines if line.strip()]


def keeps(home: Path) -> bool:
    """Whether the store says `keeper` keeps its folders after an empty list."""
    return stored_server(Store(home), "keeper").keeps_after_empty


def bridge_saw(home: Path, server: str, count: int) -> bool:
    """Whether the bridge of `server` last logged its list becoming `count` roots (it saw the store change)."""
    log = home / "state" / "logs" / f"bridge-{server}.log"
    text = log.read_text(errors="replace") if log.exists() else ""
    said = re.findall(rf"the list for {re.escape(server)} is now (\d+) root\(s\)", text)
    return bool(said) and said[-1] == str(count)
