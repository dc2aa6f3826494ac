"""Servers that test how a client cleans up after them and bounds what they write.

    python tests/servers/hygiene_server.py grandchild PID_FILE [OWN_PID_FILE]
                                                                # starts a child that ignores SIGTERM and
                                                                #   sleeps, writes its pid (and its own),
                                                                #   then serves MCP (tools `echo`,
                                                                #   `never_answers`, `big`)
    python tests/servers/hygiene_server.py endless-line          # after the first request, writes one line
                                                                #   that never ends
    python tests/servers/hygiene_server.py garbage               # answers every line with a line of prose

Runnable as a plain script (the repository root is put on `sys.path`), so a hub that passes its
servers only a minimal environment (no PYTHONPATH) can start it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SLEEPER = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)"


def grandchild(pid_file: Path, own_pid_file: Path | None = None) -> None:
    import os

    import anyio
    from mcp.server.mcpserver import MCPServer

    from tests.servers._serve import run

    sleeper = subprocess.Popen([sys.executable, "-c", SLEEPER], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    if own_pid_file is not None:
        own_pid_file.write_text(str(os.getpid()), encoding="utf-8")
    pid_file.write_text(str(sleeper.pid), encoding="utf-8")
    server = MCPServer("hygiene")

    @server.tool()
    async def echo(text: str) -> str:
        """Return `text` unchanged."""
        return text

    @server.tool()
    async def never_answers() -> str:
        """Wait forever."""
        await anyio.sleep_forever()
        return ""

    @server.tool()
    async def big(megabytes: int) -> str:
        """A text result of about `megabytes` MB."""
        return "x" * (megabytes * 1_000_000)

    run(server, None)


def endless_line() -> None:
    sys.stdin.readline()
    chunk = b"x" * (1 << 20)
    out = sys.stdout.buffer
    try:
        while True:
            out.write(chunk)
            out.flush()
    except (BrokenPipeError, OSError):
        pass


def garbage() -> None:
    for _line in sys.stdin:
        print("Hello! Starting up, please wait...", flush=True)


def main() -> None:
    mode = sys.argv[1]
    if mode == "grandchild":
        grandchild(Path(sys.argv[2]), Path(sys.argv[3]) if len(sys.argv) > 3 else None)
    elif mode == "endless-line":
        endless_line()
    elif mode == "garbage":
        garbage()
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
