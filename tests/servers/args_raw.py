"""A hand-written stdio server for restart tests: records each line it gets, withholds its handshake if told.

    python -m tests.servers.args_raw RECORD_FILE [FOLDER ...]

Each received line is appended to RECORD_FILE as `{"pid": N, "folders": [...], "raw": "<line>"}`.
`initialize` is answered with a handshake-era result, except by a process started with exactly one
folder, which never answers it (a handshake still in progress when the server is restarted);
`tools/list` gets an empty list, `ping` `{}`; notifications get nothing.
"""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    record, *folders = sys.argv[1:]
    for line in sys.stdin:
        with open(record, "a", encoding="utf-8") as file:
            file.write(json.dumps({"pid": os.getpid(), "folders": folders, "raw": line.rstrip("\n")}) + "\n")
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if method == "initialize" and len(folders) != 1:
            result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                      "serverInfo": {"name": "args-raw", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": []}
        elif method == "ping":
            result = {}
        else:
            continue
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
