"""The bridge in front of a server it may not start: every request of the host's is answered with the sentence.

Where a server is set to run confined and this system cannot confine it, the server is not started (it fails
closed). Exiting would leave the host with "the server closed" and no reason; instead the bridge stays up and
answers `initialize` and every later request with a JSON-RPC error carrying the sentence, which hosts show to the
user, until the host closes its side. A confined server that may not be started again mid-session (its new folders
need more than this system can confine, `app.bridge.restart`) is answered for in the same words.
"""

from __future__ import annotations

import asyncio
import logging

from app.bridge.framing import WITHHELD, LineWriter, MessageTooLarge, decode, error_response, read_message

log = logging.getLogger(__name__)


def refused_answer(request_id: object, why: str) -> bytes:
    """The answer to a request of the host's that no server will get, because it may not be started: `why`."""
    return error_response(request_id, WITHHELD, why)


async def refuse_every_request(reader: asyncio.StreamReader, host: LineWriter, why: str) -> int:
    """Answer each request the host sends with the error `why`; notifications and answers need none. Returns the
    bridge's exit status once the host closed its side (0: the refusal reached the host, it is no crash)."""
    answered = 0
    while True:
        try:
            raw = await read_message(reader)
        except MessageTooLarge:
            continue
        if raw is None:
            log.info("the host closed its side after %d refused request(s)", answered)
            return 0
        try:
            message = decode(raw)
        except ValueError:
            continue
        obj = message.obj
        if obj is not None and message.is_request:
            await host.send(refused_answer(obj["id"], why))
            answered += 1
