"""A hand-written stdio "server" for bridge tests: it records every line it receives and answers by script.

    python -m tests.servers.bridge_raw RECORD_FILE

Each received line is appended to RECORD_FILE exactly as read (one JSON object per line:
{"raw": <the line as text>}), so a test can compare what the host sent with what arrived. Its
answers are fixed byte strings, so a test can compare what the host receives with what was sent.
Requests by method:

- `initialize`: a handshake-era result; `tools/list`: an empty tool list (fixed bytes);
- `test/error`: a custom error; `test/big`: a result of about 5 MB; `test/notify`: a custom
  notification, then a result; `test/ask`: a request of its own to the client (`test/question`),
  answered once the client answers; `test/roots`: a `roots/list` request of its own, its answer
  recorded; `test/slow`: no answer (a test cancels it); `test/garbage`: a line that is not JSON,
  then a result;
- `test/exit`: exits at once with code 3 (no answer); `test/hang`: ignores SIGTERM and stdin EOF
  from then on and never answers; `test/spawn`: starts a grandchild (`sleep`) in its group and
  answers with its pid; `test/huge`: a line of N bytes (`params.size`).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

BIG = 5 * 1024 * 1024


def answer(request_id: object, result: object) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}, separators=(",", ":")).encode()


def main() -> None:
    record = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 - kept open for the process's life
    out = sys.stdout.buffer
    record.write(json.dumps({"pid": os.getpid()}) + "\n")
    record.flush()
    hanging = False

    def send(line: bytes) -> None:
        out.write(line + b"\n")
        out.flush()

    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\n")
        record.write(json.dumps({"raw": line.decode("utf-8", "surrogateescape")}) + "\n")
        record.flush()
        if hanging:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict) or "method" not in message or "id" not in message:
            continue
        method, request_id = message["method"], message["id"]
        params = message.get("params") or {}
        if method == "initialize":
            send(answer(request_id, {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                                     "serverInfo": {"name": "bridge-raw", "version": "1"}}))
        elif method == "tools/list":
            send(b'{"jsonrpc":"2.0","id":' + json.dumps(request_id).encode() + b',"result":{"tools":[]}}')
        elif method == "test/error":
            send(json.dumps({"jsonrpc": "2.0", "id": request_id,
                             "error": {"code": -32042, "message": "custom failure", "data": {"why": "asked"}}}).encode())
        elif method == "test/big":
            send(answer(request_id, {"blob": "x" * BIG}))
        elif method == "test/notify":
            send(b'{"jsonrpc":"2.0","method":"notifications/custom","params":{"n":1,"f":1.50}}')
            send(answer(request_id, {}))
        elif method == "test/ask":
            send(b'{"jsonrpc":"2.0","id":"server-q-1","method":"test/question","params":{"q":"?"}}')
            send(answer(request_id, {"asked": True}))
        elif method == "test/roots":
            send(b'{"jsonrpc":"2.0","id":77,"method":"roots/list"}')
            send(answer(request_id, {"asked": True}))
        elif method == "test/garbage":
            send(b"this is not json {")
            send(answer(request_id, {"after": "garbage"}))
        elif method == "test/exit":
            sys.exit(3)
        elif method == "test/hang":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            hanging = True
        elif method == "test/spawn":
            child = subprocess.Popen(["sleep", "1000"])
            send(answer(request_id, {"pid": child.pid}))
        elif method == "test/huge":
            send(b'{"jsonrpc":"2.0","id":1,"result":"' + b"y" * int(params["size"]) + b'"}')
    if hanging:
        while True:
            time.sleep(3600)


if __name__ == "__main__":
    main()
