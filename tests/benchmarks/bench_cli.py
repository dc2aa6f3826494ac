"""Whole-process CLI commands beside bare Python processes, and the roots commands at 10,000 roots."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks import fixtures
from tests.benchmarks.harness import PROJECT, Acks, Row, Side, alternate, child_env, size


def timed(command: list[str], env: dict[str, str], *, check: bool = True) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    elapsed = time.perf_counter() - started
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[1:])} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed


def rootkeeper(*args: str) -> list[str]:
    return [sys.executable, "-m", "app", *args]


async def cli_rows(_acks: Acks) -> list[Row]:
    samples = size("cli_samples", 10, 4)
    bare = [sys.executable, "-c", "pass"]
    pydantic = [sys.executable, "-c", "import pydantic"]
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home = Path(tmp) / "home"
        base = fixtures.make_folders(Path(tmp) / "base", 3)
        fixtures.write_store(home, fixtures.roots_for(base), [])
        fresh = iter(fixtures.make_folders(Path(tmp) / "new", samples))
        env = child_env(ROOTKEEPER_HOME=str(home))
        rows = []
        cases: list[tuple[str, list[str], str, object]] = [
            ("`rootkeeper --version` (whole process)", bare, "python -c pass", lambda: rootkeeper("--version")),
            ("`rootkeeper roots add` (whole process)", pydantic, 'python -c "import pydantic"',
             lambda: rootkeeper("roots", "add", next(fresh))),
            ("`rootkeeper roots list` (whole process)", pydantic, 'python -c "import pydantic"',
             lambda: rootkeeper("roots", "list")),
        ]
        for figure, floor_command, floor_label, subject_command in cases:
            floors, subjects = alternate(
                samples, lambda c=floor_command: timed(c, env),  # type: ignore[misc]
                lambda s=subject_command: timed(s(), env))  # type: ignore[misc,operator]
            rows.append(Row(figure, "s", Side("Rootkeeper", subjects), Side(floor_label, floors)))
    return rows


async def ten_thousand_cli_rows(_acks: Acks) -> list[Row]:
    """`roots list --json` and `roots check` with 10,000 roots, beside a serial read-and-stat process."""
    count = size("many_roots", 10_000, 2_000)
    samples = size("many_samples", 5, 2)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home = Path(tmp) / "home"
        store = fixtures.write_store(home, fixtures.roots_for(fixtures.make_folders(Path(tmp) / "many", count)), [])
        env = child_env(ROOTKEEPER_HOME=str(home))
        floor_command = [sys.executable, "-m", "tests.benchmarks.child", "scan", str(store.path), "--json"]
        rows = []
        for figure, args in ((f"{count:,} roots: `roots list --json`", ("roots", "list", "--json")),
                             (f"{count:,} roots: `roots check`", ("roots", "check"))):
            floors, subjects = alternate(samples, lambda: timed(floor_command, env),
                                         lambda a=args: timed(rootkeeper(*a), env))  # type: ignore[misc]
            floor = Side("python: json.load + serial os.stat", floors)
            rows.append(Row(figure, "s", Side("Rootkeeper", subjects), floor))
    return rows
