"""A hand-written handshake-era stdio server for the first-call hold: it records every line, in the order read.

    python -m tests.servers.first_call_raw RECORD_FILE [--ignore-ping]

Each received line is appended to RECORD_FILE as `{"raw": <the line>}`, so a test sees the order
in which the server got its client's messages. It never asks for roots. With `--ignore-ping` it
never answers `ping` (a server the hold can only wait out). `tools/call` of `echo` is answered
with its `text`; `slow` is never answered; `exit` ends the process with code 3; `tools/list` lists
those three. Anything else asked gets -32601. The notification `notifications/test_exit` also
ends it with code 3.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def main() -> None:
    record = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 - kept open for the process's life
    ignore_ping = "--ignore-ping" in sys.argv[2:]
    out = sys.stdout.buffer

    def send(message: dict[str, Any]) -> None:
        out.write(json.dumps({"jsonrpc": "2.0", **message}, separators=(",", ":")).encode() + b"\n")
        out.flush()

    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\n")
        record.write(json.dumps({"raw": line.decode("utf-8", "replace")}) + "\n")
        record.flush()
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if method == "notifications/test_exit":
            sys.exit(3)
        if method is None or request_id is None:
            continue
        if method == "initialize":
            info = {"name": "first-call-raw", "version": "1"}
            send({"id": request_id, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                                               "serverInfo": info}})
        elif method == "ping":
            if not ignore_ping:
                send({"id": request_id, "result": {}})
        elif method == "tools/list":
            tools = [{"name": name, "inputSchema": {"type": "object"}} for name in ("echo", "slow", "exit")]
            send({"id": request_id, "result": {"tools": tools}})
        elif method == "tools/call":
            name = message["params"]["name"]
            if name == "exit":
                sys.exit(3)
            if name == "echo":
                text = message["params"].get("arguments", {}).get("text", "")
                send({"id": request_id, "result": {"content": [{"type": "text", "text": text}]}})
        else:
            send({"id": request_id, "error": {"code": -32601, "message": "Method not found"}})


if __name__ == "__main__":
    main()
