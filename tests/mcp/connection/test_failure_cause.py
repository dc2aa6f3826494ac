"""A failure names its real cause: how the server ended, then the line of its log that looks like the error —
not simply the log's last line (issue 37 #1).

Real servers over real pipes: node on a missing script (through `rootkeeper call`), a Python server whose
import fails, and a working server killed with SIGKILL.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from app.core.model import ServerEntry, StdioTarget
from app.core.servers.log_cause import error_line
from tests.mcp.connection.roots import Connections
from tests.support.cli import run_cli
from tests.support.fs_server import node
from tests.support.project import PROJECT
from tests.support.waiting import eventually_sync

pytestmark = [pytest.mark.timeout(120)]

HOURS = 3 * 3600.0
HYGIENE = PROJECT / "tests" / "servers" / "hygiene_server.py"

NODE_CRASH = """node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/does/not/exist.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2"""


@pytest.mark.parametrize(
    ("log", "cause"),
    [
        (NODE_CRASH, "Error: Cannot find module '/does/not/exist.js'"),
        ('Traceback (most recent call last):\n  File "/s/server.py", line 3, in <module>\n    import nothere\n'
         "ModuleNotFoundError: No module named 'nothere'", "ModuleNotFoundError: No module named 'nothere'"),
        ("sh: 1: mcp-thing: not found", "sh: 1: mcp-thing: not found"),
        ("listening\nError: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle",
         "Error: listen EADDRINUSE: address already in use :::3000"),
        ("Secure MCP Filesystem Server running on stdio\n"
         "Updated allowed directories from MCP roots: 4 valid directories", None),
        ("", None),
    ],
)
def test_the_line_that_says_what_went_wrong(log: str, cause: str | None) -> None:
    assert error_line(log.splitlines()) == cause


def test_a_missing_script_is_named_with_the_exit_code(rk_home: Path) -> None:
    assert run_cli(rk_home, "servers", "add", "broken", "--share", "all", "--", node(), "/does/not/exist.js").code == 0
    result = run_cli(rk_home, "call", "broken", "anything")
    assert result.code != 0
    assert result.err.strip().endswith("the server exited with code 1; its log says “Error: Cannot find module "
                                       "'/does/not/exist.js'”."), result.err


def test_a_python_server_whose_import_fails(rk_home: Path, tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text("import nothere\n")
    assert run_cli(rk_home, "servers", "add", "py", "--share", "all", "--", sys.executable, str(script)).code == 0
    result = run_cli(rk_home, "call", "py", "anything")
    assert result.err.strip().endswith("the server exited with code 1; its log says “ModuleNotFoundError: No "
                                       "module named 'nothere'”."), result.err


@pytest.mark.asyncio
async def test_a_working_server_killed_is_said_to_be_killed_and_its_last_line_not_quoted(
    tmp_path: Path, *, connections: Connections
) -> None:
    own, child = tmp_path / "own.pid", tmp_path / "child.pid"
    target = StdioTarget(command=sys.executable, args=[str(HYGIENE), "grandchild", str(child), str(own)],
                         cwd=str(PROJECT))
    entry = ServerEntry(name="worker", target=target, consent="given")
    async with connections(tmp_path / "logs", backoff_initial=HOURS, backoff_cap=HOURS) as connect:
        connection = connect(entry)
        await connection.wait_for_status(lambda status: status.state == "connected", 60)
        pid = int(eventually_sync(lambda: own.exists() and own.read_text().strip(), "the server's pid"))
        os.kill(pid, signal.SIGKILL)
        status = await connection.wait_for_status(lambda status: status.last_error is not None, 60)
        assert status.last_error == "The server was stopped by signal 9.", status
