"""`rootkeeper call SERVER TOOL`: connect, call one tool with roots supplied, print the result as JSON."""

from __future__ import annotations

import argparse
import json

from app.cli.errors import CliError
from app.cli.terminal import print_json, say
from app.core.store.store import Store
from app.core.text import sentence


def cmd_call(store: Store, args: argparse.Namespace) -> int:
    import asyncio

    from app.mcp.call import call_tool

    try:
        arguments = json.loads(args.args)
    except json.JSONDecodeError as exc:
        raise CliError("cli.args_not_json", reason=exc.msg, position=exc.pos) from exc
    if not isinstance(arguments, dict):
        raise CliError("cli.args_not_object")
    # A `CallError` is a `UserError`: the command's caller says its sentence and exits non-zero.
    result = asyncio.run(call_tool(store, args.server, args.tool, arguments, connect_timeout=args.timeout))
    print_json(result)
    if result.get("isError"):
        texts = [item.get("text", "") for item in result.get("content", []) if isinstance(item, dict)]
        detail = " ".join(text.strip() for text in texts if text).strip()
        if detail:
            say(sentence("cli.tool_error", tool=args.tool, detail=detail))
        else:
            say(sentence("cli.tool_error_bare", tool=args.tool))
        return 1
    return 0
