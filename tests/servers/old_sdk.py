"""A server built on an old SDK (mcp 1.0): it speaks only the handshake era, and `server/discover` breaks it.

mcp 1.0 fails to validate the unknown method, its session's task group ends with the error, but the process
lives on until its stdin thread reads the next line (or EOF): it neither answers nor exits, and dies on the
next line it is sent. This one does the same (and writes one line to its stderr, where mcp 1.0 writes a
traceback). Its tools are those of `roots_tool`.

    python -m tests.servers.old_sdk
"""

from __future__ import annotations

import os
import threading

from tests.servers import roots_tool
from tests.servers._serve import log, make_parser, run


def main() -> None:
    make_parser(__doc__ or "").parse_args()
    # The SDK reads fd 0 itself, so put a pipe there and let a thread filter the real stdin into it.
    real_stdin = os.fdopen(os.dup(0), "rb")
    read_fd, write_fd = os.pipe()

    def forward() -> None:
        broken = False
        with os.fdopen(write_fd, "wb", buffering=0) as sink:
            for line in real_stdin:
                if broken:
                    os._exit(1)
                if b'"server/discover"' in line:
                    log("old_sdk: session crashed on server/discover; the process ends with the next line")
                    broken = True
                    continue
                sink.write(line)
        os._exit(1)

    threading.Thread(target=forward, daemon=True).start()
    os.dup2(read_fd, 0)
    os.close(read_fd)
    run(roots_tool.build(), None, legacy_only=True)


if __name__ == "__main__":
    main()
