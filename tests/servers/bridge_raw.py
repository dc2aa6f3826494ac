"""A hand-written stdio "server" for bridge tests: it records every line it receives and answers by script.

    python -m tests.servers.bridge_raw RECORD_FILE

Each received line is appended to RECORD_FILE exactly as read (one JSON object per line:
{"raw": <the line as text>}), so a test can compare what the host sent with what arrived. Its
answers are fixed byte strings, so a test can compare what the host receives with what was sent.
Requests by method:

- `initialize`: a handshake-era result; `tools/list`: an empty tool list (fixed bytes); `ping`: `{}`;
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
from collections.abc import Callable
from typing import Any

BIG = 5 * 1024 * 1024


def answer(request_id: object, result: object) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}, separators=(",", ":")).encode()


FIXED = {
    "ping": lambda rid: answer(rid, {}),
    "tools/list": lambda rid: b'{"jsonrpc":"2.0","id":' + json.dumps(rid).encode() + b',"result":{"tools":[]}}',
    "test/error": lambda rid: json.dumps(
        {"jsonrpc": "2.0", "id": rid, "error": {"code": -32042, "message": "custom failure", "data": {"why": "asked"}}}
    ).encode(),
    "test/big": lambda rid: answer(rid, {"blob": "x" * BIG}),
    "initialize": lambda rid: answer(
        rid,
        {
            "protocolVersion": "2025-11-25",
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "bridge-raw", "version": "1"},
        },
    ),
}
BEFORE_ANSWER = {
    "test/notify": b'{"jsonrpc":"2.0","method":"notifications/custom","params":{"n":1,"f":1.50}}',
    "test/ask": b'{"jsonrpc":"2.0","id":"server-q-1","method":"test/question","params":{"q":"?"}}',
    "test/roots": b'{"jsonrpc":"2.0","id":77,"method":"roots/list"}',
    "test/garbage": b"this is not json {",
}


ROOTS_QUESTION = {"method": "roots/list"}


def modern_tool(request_id: object, params: dict[str, Any]) -> bytes:
    """A 2026-07-28 style tool: asks by input-required result, answers once the answers came back."""
    name, responses = params.get("name"), params.get("inputResponses") or {}
    state = params.get("requestState")
    if name == "always_roots":
        return answer(request_id, {"resultType": "input_required", "inputRequests": {"r": ROOTS_QUESTION}})
    if name == "roots_then_wait" and "r" in responses:
        return b""  # the retry is left unanswered: the test cancels it
    if name in ("roots", "roots_then_wait") and "r" not in responses:
        asked = {"resultType": "input_required", "inputRequests": {"r": ROOTS_QUESTION}, "requestState": "s-1"}
        return answer(request_id, asked)
    if name == "roots_and_confirm" and not ("r" in responses and "e" in responses):
        elicit = {"method": "elicitation/create", "params": {"message": "ok?", "requestedSchema": {"type": "object"}}}
        asked = {"resultType": "input_required", "inputRequests": {"r": ROOTS_QUESTION, "e": elicit}}
        return answer(request_id, {**asked, "requestState": "s-2"})
    return answer(request_id, {"content": [], "structuredContent": {"responses": responses, "state": state}})


def note(item: dict[str, Any]) -> None:
    with open(sys.argv[1], "a", encoding="utf-8") as record:
        record.write(json.dumps(item) + "\n")


def respond(method: str, request_id: object, params: dict[str, Any], send: Callable[[bytes], None]) -> bool:
    """Answer one request; True means "hang from now on"."""
    if method in FIXED:
        send(FIXED[method](request_id))
    elif method in BEFORE_ANSWER:
        send(BEFORE_ANSWER[method])
        send(answer(request_id, {"after": "garbage"} if method == "test/garbage" else {"asked": True}))
    elif method == "tools/call":
        send(modern_tool(request_id, params))
    elif method == "test/exit":
        sys.exit(3)
    elif method == "test/hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        return True
    elif method == "test/spawn":
        child = subprocess.Popen(["sleep", "1000"])
        send(answer(request_id, {"pid": child.pid}))
    elif method == "test/flood":
        chunk = b'{"jsonrpc":"2.0","method":"notifications/flood","params":{"x":"' + b"f" * 65536 + b'"}}'
        for sent in range(int(str(params["count"]))):
            send(chunk)
            note({"flooded": sent + 1})
        note({"flood_done": True})
        send(answer(request_id, {"flooded": True}))
    elif method == "test/huge":
        send(b'{"jsonrpc":"2.0","id":1,"result":"' + b"y" * int(str(params["size"])) + b'"}')
    return False


def main() -> None:
    record = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 - kept open for the process's life
    out = sys.stdout.buffer
    record.write(json.dumps({"pid": os.getpid()}) + "\n")
    record.flush()
    hanging = False

    def send(line: bytes) -> None:
        if not line:
            return
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
        if isinstance(message, dict) and "method" in message and "id" in message:
            hanging = respond(message["method"], message["id"], message.get("params") or {}, send)
    while hanging:
        time.sleep(3600)


if __name__ == "__main__":
    main()
