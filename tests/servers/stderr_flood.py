"""A legacy recorder that first writes `--flood BYTES` of text to stderr, as a chatty server does over weeks.

    python -m tests.servers.stderr_flood --flood 5000000 --record FILE
"""

from __future__ import annotations

import sys

from tests.servers import legacy_recorder

LINE = "chatty server: " + "x" * 84 + "\n"


def main() -> None:
    args = sys.argv[1:]
    at = args.index("--flood")
    size = int(args[at + 1])
    del args[at : at + 2]
    for _ in range(size // len(LINE)):
        sys.stderr.write(LINE)
    sys.stderr.flush()
    sys.argv = [sys.argv[0], *args]
    legacy_recorder.main()


if __name__ == "__main__":
    main()
