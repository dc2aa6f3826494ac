"""A stdio server that touches files on request, reporting the OS error it meets (for confinement tests).

    python -m tests.servers.confined_probe

Tools: `read_file(path)`, `write_file(path, text)`, `list_dir(path)`, `spawn(path)` (runs `cat PATH` as a child and
reports its output and exit status), `remove(path)`, `rename(path, to)` and `spawn_write(path, text)` (a `sh` child
writes `text` to `PATH`), and `hold()`, which never answers (a request in flight for as long as the process lives).
Each returns `{"ok": ...}` or `{"error": "<errno name>", "detail": ...}`, so
a refusal by the system is an answer, not a failed call.
"""

from __future__ import annotations

import asyncio
import errno
import os
import subprocess
from typing import Any

from mcp.server.mcpserver import MCPServer

from tests.servers._serve import make_parser, run


def _refused(error: OSError) -> dict[str, Any]:
    return {"error": errno.errorcode.get(error.errno or 0, "?"), "detail": str(error)}


def build() -> MCPServer:
    server = MCPServer("confined-probe")

    @server.tool()
    async def read_file(path: str) -> dict[str, Any]:
        """The file's text."""
        try:
            with open(path, encoding="utf-8") as file:
                return {"ok": file.read()}
        except OSError as error:
            return _refused(error)

    @server.tool()
    async def write_file(path: str, text: str) -> dict[str, Any]:
        """Write `text` to the file (created or replaced)."""
        try:
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            return _refused(error)
        return {"ok": len(text)}

    @server.tool()
    async def list_dir(path: str) -> dict[str, Any]:
        """The names in the folder, sorted."""
        try:
            return {"ok": sorted(os.listdir(path))}
        except OSError as error:
            return _refused(error)

    @server.tool()
    async def spawn(path: str) -> dict[str, Any]:
        """Run `cat PATH` as a child process: its output, its error output and its exit status."""
        done = subprocess.run(["cat", path], capture_output=True, text=True, timeout=30, check=False)
        return {"ok": done.stdout, "status": done.returncode, "stderr": done.stderr}

    @server.tool()
    async def remove(path: str) -> dict[str, Any]:
        """Delete the file."""
        try:
            os.remove(path)
        except OSError as error:
            return _refused(error)
        return {"ok": True}

    @server.tool()
    async def rename(path: str, to: str) -> dict[str, Any]:
        """Rename (or move) `path` to `to`."""
        try:
            os.rename(path, to)
        except OSError as error:
            return _refused(error)
        return {"ok": True}

    @server.tool()
    async def spawn_write(path: str, text: str) -> dict[str, Any]:
        """Run `sh -c 'cat > PATH'` as a child process fed `text`: its error output and its exit status."""
        done = subprocess.run(["sh", "-c", 'cat > "$1"', "sh", path], input=text, capture_output=True, text=True,
                              timeout=30, check=False)
        return {"status": done.returncode, "stderr": done.stderr}

    @server.tool()
    async def hold() -> dict[str, Any]:
        """Never answer: the request stays in flight until the process ends."""
        await asyncio.Event().wait()
        return {"ok": None}

    return server


def main() -> None:
    args = make_parser(__doc__ or "").parse_args()
    run(build(), args.http)


if __name__ == "__main__":
    main()
