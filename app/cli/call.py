"""`rootkeeper call SERVER TOOL`: connect, call one tool with roots supplied, print the result as JSON."""

from __future__ import annotations

import argparse
import json

from app.cli.errors import CliError
from app.cli.terminal import print_json, say
from app.core.store.store import Store


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
    print_json(result)
    if result.get("isError"):
        texts = [item.get("text", "") for item in result.get("content", []) if isinstance(item, dict)]
        detail = " ".join(text.strip() for text in texts if text).strip() or "no details given"
        say(f"The tool '{args.tool}' reported an error: {detail}")
        return 1
    return 0
