"""A server named by its command line rather than by a Rootkeeper name: `rootkeeper bridge [--name NAME] --
COMMAND`, which a host or a project's shared config file starts. The one rule both the bridge (when it starts)
and `hosts install --project` (when it writes such an entry) use to find or add its Rootkeeper server.
"""

from __future__ import annotations

import re
from pathlib import Path

from app.core.confine.support import confined_for
from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.text import UserError

LAUNCHERS = {"npx", "uvx", "bunx", "pnpx", "node", "python", "python3", "deno", "bun", "uv", "pipx", "docker"}


def derived_name(command_line: list[str]) -> str:
    """A readable server name from a command line: the package or script for launchers, else the command."""
    command, *args = command_line
    base = Path(command).name
    if base.lower().removesuffix(".exe") in LAUNCHERS:
        base = next((Path(arg).name for arg in args if not arg.startswith("-")), base)
    base = base.split("@")[0] or base.lstrip("@").split("/")[-1]
    base = re.sub(r"\.(js|mjs|cjs|py|ts)$", "", base)
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", base).strip("-._")[:48]
    return cleaned or "server"


def known_adhoc(data: StoreData, name: str | None, command_line: list[str]) -> ServerEntry | None:
    """The server already registered for this command (under `name`, when one is given)."""
    command, *args = command_line
    target = StdioTarget(command=command, args=args)
    return next((s for s in data.servers if s.target == target and name in (None, s.name)), None)


def adhoc_entry(data: StoreData, name: str | None, command_line: list[str],
                confined: bool | None = None) -> tuple[ServerEntry, bool]:
    """The server for this command, and whether it is new: found as it is, or added to `data` (consent pending,
    sharing nothing yet) under `name` or a name derived from the command. A `name` that another command holds is
    refused. A new one runs confined as `confined` says (None: where the system can confine, like every new
    stdio server; `confined_for` refuses confinement the system cannot give); a found one keeps its setting."""
    known = known_adhoc(data, name, command_line)
    if known is not None:
        return known, False
    if name is not None:
        if data.server(name) is not None:
            raise UserError("bridge.name_taken", name=name)
        chosen = name
    else:
        base = derived_name(command_line)
        chosen, counter = base, 2
        while data.server(chosen) is not None:
            chosen, counter = f"{base}-{counter}", counter + 1
    command, *args = command_line
    try:
        entry = ServerEntry(name=chosen, target=StdioTarget(command=command, args=args))
    except ValueError as exc:
        raise UserError("server.bad_name", name=chosen) from exc
    entry.confined = confined_for(entry.target, confined)
    data.servers.append(entry)
    return entry, True
