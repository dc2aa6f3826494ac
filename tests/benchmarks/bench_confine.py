"""What confinement costs a server's start: the same server started by the same code path
(`app.engine.process_group.spawn`, as the hub, `call` and the bridge start it), unconfined (the floor) and
confined through the launcher (`app.core.confine.wrap.confined_target`), timed from the spawn to its answer to
`initialize` over raw pipes; and the launcher alone, exec'ing `true`, beside `true` and beside the bare
interpreter it runs on.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from app.core.confine import landlock
from app.core.confine.wrap import confined_target, server_boundary
from app.core.model import ServerEntry, StdioTarget
from app.engine.process_group import spawn, stop
from tests.benchmarks.harness import PROJECT, Acks, Row, Side, alternate, alternate_async, size, unavailable

FS_SERVER = PROJECT / "tests" / "node" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist"
FS_START = "confine: filesystem server start (spawn → initialize answered)"
SDK_START = "confine: Python SDK server start (spawn → initialize answered)"
LAUNCHER_TRUE = "confine: launcher alone (its ruleset for the filesystem server, exec true)"
LAUNCHER_PYTHON = "  … the same launcher beside the interpreter it runs on"
LAUNCHER_CTYPES = "  … beside that interpreter importing ctypes (the least any Python launcher loads)"
LAUNCHER_CPU = "  … CPU time (user + system) of the launcher beside the bare interpreter's"
CPU_OF_START = "  … CPU time (user + system) of that start, spawn to stop"
UNCONFINED = "unconfined, same spawn"
CONFINED = "confined through the launcher"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                         "clientInfo": {"name": "bench", "version": "0"}}}
ANSWER_TIMEOUT = 60.0


def confined(target: StdioTarget, folder: Path, temp_root: Path) -> StdioTarget:
    """`target` as Rootkeeper starts it confined to `folder` (the boundary from the one core function)."""
    entry = ServerEntry(name="bench", target=target, share="all", consent="given", confined=True)
    limits = server_boundary(entry, target, [str(folder)], (), str(temp_root))
    return confined_target(target, limits)


def children_cpu() -> float:
    """CPU seconds (user + system) used so far by this process's ended children: less hostage to other work on
    the machine than wall time."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


async def start_to_initialize(target: StdioTarget, cpu: list[float]) -> float:
    """Seconds from spawning `target` to the first line of its answer to `initialize`; then it is stopped, and
    the CPU time it used from start to stop is added to `cpu`."""
    cpu_before = children_cpu()
    began = time.perf_counter()
    process = await spawn(target.command, target.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, env={**os.environ, **target.env}, cwd=target.cwd,
                          limit=1 << 20)
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps(INITIALIZE).encode() + b"\n")
        await process.stdin.drain()
        line = await asyncio.wait_for(process.stdout.readline(), ANSWER_TIMEOUT)
        elapsed = time.perf_counter() - began
    finally:
        await stop(process)
        await process.wait()
    cpu.append(children_cpu() - cpu_before)
    answer = json.loads(line)
    assert answer.get("id") == 1 and "result" in answer, answer
    return elapsed


async def start_rows(figure: str, target: StdioTarget, folder: Path, temp_root: Path, samples: int) -> list[Row]:
    """Wall time to the answer, and the CPU time of each start (from spawn to stop)."""
    wrapped = confined(target, folder, temp_root)
    floor_cpu: list[float] = []
    subject_cpu: list[float] = []
    floor, subject = await alternate_async(samples, lambda: start_to_initialize(target, floor_cpu),
                                           lambda: start_to_initialize(wrapped, subject_cpu))
    return [Row(figure, "s", Side(CONFINED, subject), Side(UNCONFINED, floor)),
            Row(CPU_OF_START, "s", Side(CONFINED, subject_cpu), Side(UNCONFINED, floor_cpu))]


def run_once(command: list[str], cpu: list[float] | None = None) -> float:
    cpu_before = children_cpu()
    began = time.perf_counter()
    subprocess.run(command, check=True, stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - began
    if cpu is not None:
        cpu.append(children_cpu() - cpu_before)
    return elapsed


def launcher_rows(fs_target: StdioTarget, folder: Path, temp_root: Path, samples: int) -> list[Row]:
    """The launcher with the filesystem server's whole ruleset, exec'ing `true` instead of the server: beside
    `true` alone (all it costs), beside `python -I -S -c pass` (what it costs beyond its interpreter) and beside
    that interpreter importing `ctypes` (what its own work costs: reading its options, making the temporary
    folder, the Landlock calls, the `exec`)."""
    true = shutil.which("true") or "/bin/true"
    wrapped = confined(fs_target.model_copy(update={"command": true, "args": []}), folder, temp_root)
    launcher = [wrapped.command, *wrapped.args]
    bare = [sys.executable, "-I", "-S", "-c", "pass"]
    binding = [sys.executable, "-I", "-S", "-c", "import ctypes"]
    floor_true, subject_true = alternate(samples, lambda: run_once([true]), lambda: run_once(launcher))
    floor_python, subject_python = alternate(samples, lambda: run_once(bare), lambda: run_once(launcher))
    floor_ctypes, subject_ctypes = alternate(samples, lambda: run_once(binding), lambda: run_once(launcher))
    floor_cpu: list[float] = []
    subject_cpu: list[float] = []
    alternate(samples, lambda: run_once(bare, floor_cpu), lambda: run_once(launcher, subject_cpu))
    rules = sum(1 for word in wrapped.args if word.startswith("--") and word != "--")
    return [
        Row(LAUNCHER_TRUE, "s", Side("python -I -S launch.py … -- true", subject_true), Side("true", floor_true),
            note=f"{rules} rules"),
        Row(LAUNCHER_PYTHON, "s", Side("python -I -S launch.py … -- true", subject_python),
            Side("python -I -S -c pass", floor_python)),
        Row(LAUNCHER_CTYPES, "s", Side("python -I -S launch.py … -- true", subject_ctypes),
            Side("python -I -S -c 'import ctypes'", floor_ctypes)),
        Row(LAUNCHER_CPU, "s", Side("python -I -S launch.py … -- true", subject_cpu),
            Side("python -I -S -c pass", floor_cpu)),
    ]


async def confine_rows(_acks: Acks) -> list[Row]:
    figures = (FS_START, CPU_OF_START, SDK_START, CPU_OF_START, LAUNCHER_TRUE, LAUNCHER_PYTHON, LAUNCHER_CTYPES,
               LAUNCHER_CPU)
    if landlock.abi_version(honour_test_switch=False) < 1:
        return [unavailable(figure, "s", "this kernel offers no Landlock", UNCONFINED) for figure in figures]
    node = shutil.which("node")
    starts = size("confine_start_samples", 15, 3)
    launches = size("confine_launch_samples", 40, 5)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        folder, temp_root = Path(tmp) / "shared", Path(tmp) / "confined"
        folder.mkdir()
        fs_target = StdioTarget(command=node or "node", args=[str(FS_SERVER / "index.js"), str(folder)])
        if node is None or not (FS_SERVER / "index.js").exists():
            rows += [unavailable(figure, "s", "node or tests/node not installed", UNCONFINED)
                     for figure in (FS_START, CPU_OF_START)]
        else:
            rows += await start_rows(FS_START, fs_target, folder, temp_root, starts)
        sdk_target = StdioTarget(command=sys.executable, args=["-m", "tests.servers.confined_probe"],
                                 env={"PYTHONPATH": str(PROJECT)}, cwd=str(PROJECT))
        rows += await start_rows(SDK_START, sdk_target, folder, temp_root, starts)
        rows += await asyncio.to_thread(launcher_rows, fs_target, folder, temp_root, launches)
    return rows
