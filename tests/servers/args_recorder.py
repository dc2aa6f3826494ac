"""A legacy-era server for roots-as-arguments tests: records its command line, then what roots it is sent.

    python -m tests.servers.args_recorder --record FILE [FOLDER ...]

At start it appends `{"event": "started", "pid": N, "folders": [...], "env": "..."}` (the folders on
its command line and `$ROOTKEEPER_TEST_FOLDERS`); then, like `legacy_recorder`, one line per roots
list it fetches (`{"event": "listed", "uris": [...]}`), after the handshake and on each change.
Its `hang` tool never answers (a request still in flight when the server is restarted).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import anyio

from tests.servers._serve import make_parser, run
from tests.servers.legacy_recorder import build


def main() -> None:
    parser = make_parser(__doc__ or "")
    parser.add_argument("--record", type=Path, required=True, metavar="FILE", help="JSON-lines file to append to")
    parser.add_argument("folders", nargs="*", metavar="FOLDER")
    args = parser.parse_args()
    started = {"event": "started", "pid": os.getpid(), "folders": args.folders,
               "env": os.environ.get("ROOTKEEPER_TEST_FOLDERS")}
    with args.record.open("a", encoding="utf-8") as file:
        file.write(json.dumps(started) + "\n")
    server = build(args.record)

    @server.tool()
    async def hang() -> str:
        """Never answers."""
        await anyio.sleep_forever()
        return "unreachable"

    run(server, None, legacy_only=True)


if __name__ == "__main__":
    main()
