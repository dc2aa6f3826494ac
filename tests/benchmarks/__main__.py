"""`make bench`: every row beside its floor, printed as a table and written to bench-results.json.

    python -m tests.benchmarks                 # default sizes (about 13 minutes here)
    BENCH_QUICK=1 python -m tests.benchmarks   # small sizes, a smoke run
    BENCH_ONLY=edits,cli python -m tests.benchmarks  # some sections (the names in `sections()`)

Every size and sample count can be set alone as `BENCH_<NAME>` (the names in the `size()` calls),
e.g. `BENCH_EDIT_SAMPLES=10` or `BENCH_HUGE_ROOTS=50000`.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
import traceback
from collections.abc import Awaitable, Callable

from tests.benchmarks.harness import Acks, Row, load_average, table, unavailable, write_results

Section = Callable[[Acks], Awaitable[list[Row]]]


def sections() -> dict[str, Section]:
    from tests.benchmarks import (
        bench_bridge,
        bench_cli,
        bench_confine,
        bench_edits,
        bench_fifty,
        bench_gui,
        bench_processes,
        bench_scale,
    )
    from tests.benchmarks.bench_history import history_rows
    from tests.benchmarks.bench_package import package_rows

    def one(row: Callable[[Acks], Awaitable[Row]]) -> Section:
        async def section(acks: Acks) -> list[Row]:
            return [await row(acks)]
        return section

    return {
        "edits": bench_edits.edit_rows,
        "fifty": bench_fifty.fifty_rows,
        "burst": one(bench_edits.burst_row),
        "cli-edit": one(bench_edits.other_process_row),
        "http": one(bench_edits.http_row),
        "bridge": bench_bridge.bridge_rows,
        "cli": bench_cli.cli_rows,
        "10k-cli": bench_cli.ten_thousand_cli_rows,
        "10k-hub": bench_edits.ten_thousand_hub_rows,
        "gui": bench_gui.gui_rows,
        "idle": bench_processes.idle_rows,
        "stall": bench_processes.stall_rows,
        "100k": bench_scale.scale_rows,
        "ids": bench_scale.ids_row,
        "history": history_rows,
        "confine": bench_confine.confine_rows,
        "package": package_rows,
    }


async def main() -> int:
    started = time.monotonic()
    load_start = load_average()
    only = {part for part in os.environ.get("BENCH_ONLY", "").split(",") if part}
    rows: list[Row] = []
    acks = await Acks.open()
    try:
        for name, section in sections().items():
            if only and name not in only:
                continue
            print(f"[bench] {name} …", file=sys.stderr, flush=True)
            before = load_average()[0]
            began = time.monotonic()
            try:
                measured = await section(acks)
            except Exception as exc:
                traceback.print_exc()
                measured = [unavailable(f"section {name}", "s", f"failed: {type(exc).__name__}: {exc}")]
            for row in measured:
                row.load = [before, load_average()[0]]
                row.section_s = time.monotonic() - began
            rows.extend(measured)
            print(f"[bench] {name}: {time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    finally:  # an interrupted run still shows and keeps what it measured
        acks.close()
        load_end = load_average()
        print(table(rows))
        print(f"\nload average at start {load_start}, at end {load_end}; {time.monotonic() - started:.0f} s")
        path = write_results(rows, load_start, load_end, started)
        print(f"written to {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
