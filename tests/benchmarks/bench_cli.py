"""Whole-process CLI commands beside bare Python processes, and the roots commands at 10,000 roots."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tests.benchmarks import fixtures
from tests.benchmarks.bench_processes import compile_bytecode
from tests.benchmarks.harness import PROJECT, Acks, Row, Side, alternate, child_env, size
from tests.benchmarks.one_model import ONE_MODEL


def timed(command: list[str], env: dict[str, str], *, check: bool = True) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    elapsed = time.perf_counter() - started
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[1:])} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed


REWRITE = """\
import json, os, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    raw = json.load(f)
raw["roots"].append(dict(raw["roots"][-1], id="floor"))
with open(path + ".floor.tmp", "w", encoding="utf-8") as f:
    f.write(json.dumps(raw, ensure_ascii=True))  # json.dump would take the pure-Python encoder
    f.flush()
    os.fsync(f.fileno())
os.replace(path + ".floor.tmp", path + ".floor")
"""
"""The floor of a write at scale: the same file read, one root added, written compactly with `json`'s C encoder."""


REFERENCE = "reference: one-field pydantic model, validated (whole process)"


def rootkeeper(*args: str) -> list[str]:
    return [sys.executable, "-m", "app", *args]


async def cli_rows(_acks: Acks) -> list[Row]:
    compile_bytecode()  # as installed: each start would otherwise measure Python's compiler for an edited module
    samples = size("cli_samples", 10, 4)
    bare = [sys.executable, "-c", "pass"]
    pydantic = [sys.executable, "-c", "import pydantic"]
    one_model = [sys.executable, "-c", ONE_MODEL]
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home = Path(tmp) / "home"
        base = fixtures.make_folders(Path(tmp) / "base", 3)
        fixtures.write_store(home, fixtures.roots_for(base), [fixtures.http_entry("web", "http://127.0.0.1:9/mcp")])
        fresh = iter(fixtures.make_folders(Path(tmp) / "new", samples))
        env = child_env(ROOTKEEPER_HOME=str(home))
        rows = []
        cases: list[tuple[str, list[str], str, Callable[[], list[str]]]] = [
            ("`rootkeeper --version` (whole process)", bare, "python -c pass", lambda: rootkeeper("--version")),
            ("`rootkeeper roots add` (whole process)", pydantic, 'python -c "import pydantic"',
             lambda: rootkeeper("roots", "add", next(fresh))),
            ("`rootkeeper roots list` (whole process)", pydantic, 'python -c "import pydantic"',
             lambda: rootkeeper("roots", "list")),
            ("`rootkeeper servers list` (whole process)", pydantic, 'python -c "import pydantic"',
             lambda: rootkeeper("servers", "list")),
            # Not Rootkeeper: what defining and using any pydantic model costs beyond importing pydantic,
            # a part of every store command's time that no change to Rootkeeper can remove.
            (REFERENCE, pydantic, 'python -c "import pydantic"', lambda: one_model),
        ]
        for figure, floor_command, floor_label, subject_command in cases:
            floors, subjects = alternate(samples, lambda c=floor_command: timed(c, env),  # type: ignore[misc]
                                         lambda s=subject_command: timed(s(), env))  # type: ignore[misc]
            label = "one pydantic model" if figure == REFERENCE else "Rootkeeper"
            rows.append(Row(figure, "s", Side(label, subjects), Side(floor_label, floors)))
    return rows


async def ten_thousand_cli_rows(_acks: Acks) -> list[Row]:
    """`roots list --json` and `roots check` with 10,000 roots, beside a serial read-and-stat process."""
    compile_bytecode()
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
        # A write: the whole store is parsed, validated, re-encoded and replaced for one more root.
        fresh = iter(fixtures.make_folders(Path(tmp) / "added", samples))
        write_floor = [sys.executable, "-c", REWRITE, str(store.path)]
        floors, subjects = alternate(samples, lambda: timed(write_floor, env),
                                     lambda: timed(rootkeeper("roots", "add", next(fresh)), env))
        rows.append(Row(f"{count:,} roots: `roots add` (one more)", "s", Side("Rootkeeper", subjects),
                        Side("python: json.load + json.dump + fsync + rename", floors)))
    return rows
