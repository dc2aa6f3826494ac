"""`hosts install`, `hosts uninstall` and `hosts` on a big `~/.claude.json` (Claude Code keeps every project's
history in it), each a whole process as the user waits for it, beside Python reading the same file with
`json.loads` and writing it back atomically with fsync."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.bench_cli import rootkeeper
from tests.benchmarks.bench_processes import compile_bytecode
from tests.benchmarks.harness import Acks, Row, Side, alternate, child_env, size
from tests.support.big_host_files import claude_code_config

FLOOR = """\
import json, os, sys
path, out = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    text = f.read()
json.loads(text)
with open(out + ".tmp", "w", encoding="utf-8") as f:
    f.write(text)
    f.flush()
    os.fsync(f.fileno())
os.replace(out + ".tmp", out)
"""
"""The floor: the same file read and decoded by Python's C decoder, and written back atomically (fsync, rename)."""

FLOOR_LABEL = "python: json.loads + atomic write (fsync, rename)"


def _timed(command: list[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[1:])} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed


async def host_file_rows(_acks: Acks) -> list[Row]:
    compile_bytecode()
    mib = size("host_file_mib", 8, 1)
    samples = size("host_samples", 5, 2)
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        home, project, empty = Path(tmp) / "home", Path(tmp) / "project", Path(tmp) / "empty"
        for folder in (home, project, empty):
            folder.mkdir()
        config = home / ".claude.json"
        original = claude_code_config(mib << 20).encode("utf-8")
        config.write_bytes(original)
        document = json.loads(original)
        routed = sum(entry.get("type") == "stdio" for entries in [document["mcpServers"], *(
            project["mcpServers"] for project in document["projects"].values())] for entry in entries.values())
        env = child_env(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), ROOTKEEPER_HOME=str(Path(tmp) / "rk"))
        floor = [sys.executable, "-c", FLOOR, str(config), str(Path(tmp) / "floor.json")]
        shown = f"{len(original) / (1 << 20):.1f} MiB `~/.claude.json`"

        def run_floor() -> float:
            return _timed(floor, env, project)

        install_floors: list[float] = []
        installs: list[float] = []
        uninstall_floors: list[float] = []
        uninstalls: list[float] = []
        for _ in range(samples):
            install_floors.append(run_floor())
            installs.append(_timed(rootkeeper("hosts", "install", "claude-code", "--all-projects"), env, project))
            if config.read_bytes() == original:
                raise RuntimeError("hosts install left ~/.claude.json as it was")
            uninstall_floors.append(run_floor())
            uninstalls.append(_timed(rootkeeper("hosts", "uninstall", "claude-code"), env, project))
            if config.read_bytes() != original:
                raise RuntimeError("hosts uninstall did not restore ~/.claude.json byte for byte")
        list_floors, lists = alternate(samples, run_floor, lambda: _timed(rootkeeper("hosts"), env, project))
        # Not the file: what `rootkeeper hosts` costs with no host config at all (starting Python, importing
        # Rootkeeper and pydantic, loading the store), the part of every row above that no reader can remove.
        empty_env = dict(env, HOME=str(empty), XDG_CONFIG_HOME=str(empty / ".config"))
        start_floors, starts = alternate(samples, run_floor, lambda: _timed(rootkeeper("hosts"), empty_env, project))
    return [
        Row(f"`hosts install claude-code --all-projects`, {shown} (whole process)", "s", Side("Rootkeeper", installs),
            Side(FLOOR_LABEL, install_floors), note=f"{routed} servers routed, backup first"),
        Row(f"`hosts uninstall claude-code`, {shown} (whole process)", "s", Side("Rootkeeper", uninstalls),
            Side(FLOOR_LABEL, uninstall_floors), note="restored byte for byte"),
        Row(f"`rootkeeper hosts`, {shown} (whole process)", "s", Side("Rootkeeper", lists),
            Side(FLOOR_LABEL, list_floors)),
        Row("reference: `rootkeeper hosts` with no host config (whole process)", "s", Side("Rootkeeper", starts),
            Side(FLOOR_LABEL + f", {shown}", start_floors)),
    ]
