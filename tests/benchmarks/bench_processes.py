"""Rows measured on child processes: idle wake-ups of the GUI and of the hub, the GUI loop's stalls (GUI start:
`bench_gui`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.benchmarks import fixtures
from tests.benchmarks.harness import (
    PROJECT,
    Acks,
    Row,
    Side,
    child_env,
    context_switches,
    size,
)

READY_TIMEOUT = 120.0


class Child:
    """A benchmark child process speaking JSON lines on stdout; stopped by closing stdin, then SIGTERM."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115  # read when the child fails, closed in stop()
        self.started = time.perf_counter()
        self.process = subprocess.Popen(command, cwd=PROJECT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.errors)
        self.pid = self.process.pid

    def stderr_tail(self) -> str:
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")[-1500:]

    def next_event(self, timeout: float = READY_TIMEOUT) -> dict[str, Any]:
        """The next JSON line (other output is skipped); raises when the child exits first."""
        assert self.process.stdout is not None
        import select

        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no event from {self.process.args[2:4]} within {timeout:g} s")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if not ready:
                continue
            line = self.process.stdout.readline()
            if not line:
                code = self.process.wait()
                raise RuntimeError(f"{self.process.args[2:4]} exited ({code}) before saying anything:\n"
                                   f"{self.stderr_tail()}")
            with contextlib.suppress(ValueError):
                event: dict[str, Any] = json.loads(line)
                return event

    def stop(self, *, kill: bool = False) -> None:
        """Close stdin and terminate (or, with `kill`, SIGKILL: its stdio servers still see their pipes close)."""
        if kill and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self._stop()
        self.errors.close()

    def _stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                assert self.process.stdin is not None
                self.process.stdin.close()
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@contextlib.contextmanager
def child(command: list[str], env: dict[str, str], *, kill: bool = False) -> Iterator[Child]:
    running = Child(command, env)
    try:
        yield running
    finally:
        running.stop(kill=kill)


def probe(kind: str) -> list[str]:
    return [sys.executable, "-m", "tests.benchmarks.gui_probe", kind]


def bench_child(*args: str) -> list[str]:
    return [sys.executable, "-m", "tests.benchmarks.child", *args]


def idle_rate(pid: int, window: float) -> float:
    """Wake-ups (context switches of every thread) per second over `window` seconds."""
    before = context_switches(pid)
    time.sleep(window)
    return (context_switches(pid) - before) / window


def compile_bytecode() -> None:
    """Compile the app's modules first, as installing it does (pip, the .deb and the frozen build all ship
    bytecode): with PYTHONDONTWRITEBYTECODE set, every start would otherwise measure Python's compiler."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "tests/benchmarks"], cwd=PROJECT, check=True,
                   stdout=subprocess.DEVNULL)


async def idle_rows(acks: Acks) -> list[Row]:
    """Wake-ups per second once everything is idle: the GUI and the hub, each with 10 servers connected."""
    window = float(size("idle_window", 10, 4))
    settle = float(size("idle_settle", 3, 1))
    rounds = size("idle_rounds", 1, 1)
    names = [f"s{i:02}" for i in range(10)]
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home = Path(tmp) / "home"
        fixtures.write_store(home, fixtures.roots_for(fixtures.make_folders(Path(tmp) / "base", 3)),
                             [fixtures.relister_entry(name, acks.port) for name in names])
        env = child_env(ROOTKEEPER_HOME=str(home))
        rates: dict[str, list[float]] = {"tray": [], "gui": [], "clients": [], "hub": []}
        for _ in range(rounds):
            for kind, command in (("tray", probe("tray")), ("gui", probe("app")),
                                  ("clients", bench_child("clients", "10", str(acks.port))),
                                  ("hub", bench_child("hub"))):
                mark = acks.mark()
                with child(command, env) as running:
                    running.next_event()
                    if kind in ("gui", "hub"):
                        await acks.listed(mark, names, 3, timeout=READY_TIMEOUT)
                    await asyncio.sleep(settle)
                    rates[kind].append(await asyncio.to_thread(idle_rate, running.pid, window))
    return [
        Row("idle wake-ups, GUI with 10 servers", "/s", Side("Rootkeeper", rates["gui"]),
            Side("minimal tray app", rates["tray"]), note=f"context switches over {window:g} s"),
        Row("idle wake-ups, hub with 10 servers", "/s", Side("Rootkeeper", rates["hub"]),
            Side("10 bare SDK clients", rates["clients"]), note=f"context switches over {window:g} s"),
    ]


def build_dead_mount(into: Path) -> Path:
    """Compile the LD_PRELOAD shim that makes one path's checks never return."""
    library = into / "deadmount.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", str(library), str(Path(__file__).with_name("deadmount.c")),
                    "-ldl"], check=True, capture_output=True)
    return library


async def stall_rows(_acks: Acks) -> list[Row]:
    """The GUI loop's longest stall over two rounds of checks of 10,000 roots, one on a dead mount."""
    count = size("many_roots", 10_000, 2_000)
    samples = size("stall_samples", 3, 1)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        library = build_dead_mount(Path(tmp))
        home = Path(tmp) / "home"
        paths = fixtures.make_folders(Path(tmp) / "many", count)
        store = fixtures.write_store(home, fixtures.roots_for(paths), [])
        env = child_env(ROOTKEEPER_HOME=str(home), LD_PRELOAD=str(library), BENCH_BLOCK_PATH=paths[count // 2])
        gaps: dict[str, list[float]] = {"floor": [], "app": []}
        rounds: dict[str, list[float]] = {"floor": [], "app": []}
        for _ in range(samples):
            for kind, target in (("floor", store.path), ("app", home)):
                with child([sys.executable, "-m", "tests.benchmarks.loop_lag", kind, str(target)], env) as running:
                    outcome = await asyncio.to_thread(running.next_event, 400.0)
                gaps[kind].append(outcome["max_gap"])
                rounds[kind].extend(outcome["rounds"])
    return [
        Row(f"GUI loop's longest stall, {count:,} roots checked twice, one on a dead mount", "s",
            Side("Rootkeeper", gaps["app"]), Side("bare qasync loop, same checks on 8 threads", gaps["floor"])),
        Row(f"  … one round of checks in that run ({count:,} roots, one dead)", "s", Side("Rootkeeper", rounds["app"]),
            Side("bare qasync loop, same checks on 8 threads", rounds["floor"])),
    ]
