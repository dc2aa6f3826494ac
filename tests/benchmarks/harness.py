"""What every benchmark row shares: sizes, samples taken floor/subject alternately, statistics, the table.

A row holds the subject's samples next to its floor's, both taken in the same run and interleaved
(f, s, f, s, …) so a change of machine load hits both alike. A row that cannot be measured says why
instead of carrying a number.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import socket
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[2]
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")


def size(name: str, default: int, quick: int) -> int:
    """A size or sample count: `BENCH_<NAME>` if set, else the quick or the default value."""
    value = os.environ.get(f"BENCH_{name.upper()}")
    return int(value) if value else (quick if QUICK else default)


def load_average() -> list[float]:
    return [float(part) for part in Path("/proc/loadavg").read_text().split()[:3]]


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile: the smallest sample at or above `fraction` of them."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Side:
    label: str
    samples: list[float] = field(default_factory=list)

    @property
    def median(self) -> float | None:
        return statistics.median(self.samples) if self.samples else None

    @property
    def p95(self) -> float | None:
        return percentile(self.samples, 0.95) if self.samples else None


@dataclass
class Row:
    figure: str
    unit: str  # "s", "MiB", "/s", "%", "count"
    subject: Side
    floor: Side | None = None
    note: str = ""
    unavailable: str = ""
    """Why there is no measurement (then the samples are empty)."""
    load: list[float] = field(default_factory=list)
    """The 1-minute load average before and after the section that measured this row."""
    section_s: float = 0.0
    """How long that section took."""

    @property
    def ratio(self) -> float | None:
        if self.floor is None or self.floor.median in (None, 0) or self.subject.median is None:
            return None
        if self.subject.median < 0:  # "after X" that happened before X: no ratio means anything
            return None
        return self.subject.median / self.floor.median

    def as_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["subject"].update(median=self.subject.median, p95=self.subject.p95)
        if self.floor is not None:
            out["floor"].update(median=self.floor.median, p95=self.floor.p95)
        out["ratio"] = self.ratio
        return out


def unavailable(figure: str, unit: str, reason: str, floor: str | None = None) -> Row:
    return Row(figure, unit, Side("Rootkeeper"), Side(floor) if floor else None, unavailable=reason)


def alternate(n: int, floor: Callable[[], float], subject: Callable[[], float]) -> tuple[list[float], list[float]]:
    """`n` samples of each, floor first, interleaved."""
    floors: list[float] = []
    subjects: list[float] = []
    for _ in range(n):
        floors.append(floor())
        subjects.append(subject())
    return floors, subjects


async def alternate_async(
    n: int, floor: Callable[[], Awaitable[float]], subject: Callable[[], Awaitable[float]]
) -> tuple[list[float], list[float]]:
    floors: list[float] = []
    subjects: list[float] = []
    for _ in range(n):
        floors.append(await floor())
        subjects.append(await subject())
    return floors, subjects


# -- presenting -------------------------------------------------------------------------------------


def _shown(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "s":
        return f"{value * 1000:.1f} ms" if value < 10 else f"{value:.1f} s"
    if unit == "MiB":
        return f"{value:.0f} MiB"
    if unit == "/s":
        return f"{value:.1f}/s"
    if unit == "%":
        return f"{value:.1f} %"
    return f"{value:g}"


def table(rows: Iterable[Row]) -> str:
    header = ["figure", "Rootkeeper p50", "p95", "floor", "floor p50", "p95", "ratio", "n"]
    lines = [header]
    for row in rows:
        if row.unavailable:
            floor_seen = row.floor is not None and bool(row.floor.samples)
            lines.append([row.figure, f"not measured: {row.unavailable}", "", row.floor.label if row.floor else "—",
                          _shown(row.floor.median, row.unit) if floor_seen else "",  # type: ignore[union-attr]
                          _shown(row.floor.p95, row.unit) if floor_seen else "", "", ""])  # type: ignore[union-attr]
            continue
        floor = row.floor
        ratio = row.ratio
        lines.append([
            row.figure + (f" ({row.note})" if row.note else ""),
            _shown(row.subject.median, row.unit),
            _shown(row.subject.p95, row.unit),
            floor.label if floor else "—",
            _shown(floor.median, row.unit) if floor else "—",
            _shown(floor.p95, row.unit) if floor else "—",
            f"{ratio:.2f}×" if ratio is not None else "—",
            str(len(row.subject.samples)),
        ])
    return "\n".join("| " + " | ".join(cells) + " |" for cells in [lines[0], ["---"] * len(header), *lines[1:]])


def write_results(rows: list[Row], load_start: list[float], load_end: list[float], started: float) -> Path:
    path = PROJECT / "bench-results.json"
    document = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "quick": QUICK,
        "load_average_start": load_start,
        "load_average_end": load_end,
        "duration_s": time.monotonic() - started,
        "rows": [row.as_json() for row in rows],
    }
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    os.chmod(path, 0o600)
    return path


# -- acknowledgements from tests/servers/bench_relister ----------------------------------------------


class Acks(asyncio.DatagramProtocol):
    """Datagrams from the bench servers, and waiting for the ones a sample needs."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self._changed = asyncio.Event()
        self.port = 0
        self._transport: asyncio.DatagramTransport | None = None

    @classmethod
    async def open(cls) -> Acks:
        acks = cls()
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        sock.bind(("127.0.0.1", 0))
        acks.port = sock.getsockname()[1]
        await asyncio.get_running_loop().create_datagram_endpoint(lambda: acks, sock=sock)
        return acks

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]  # a datagram endpoint's transport

    def datagram_received(self, data: bytes, addr: tuple[str | Any, int]) -> None:
        self.events.append({**json.loads(data), "received": time.perf_counter()})
        self._changed.set()

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()

    def mark(self) -> int:
        return len(self.events)

    def since(self, mark: int, event: str = "listed") -> list[dict[str, Any]]:
        return [e for e in self.events[mark:] if e["event"] == event]

    async def wait(self, done: Callable[[], bool], timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout:g} s waiting for {what}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def listed(self, mark: int, names: Iterable[str], count: int, timeout: float = 60.0) -> float:
        """Wait until every named server listed `count` roots after `mark`; when the last one's datagram came."""
        wanted = set(names)

        def first_arrivals() -> dict[str, float]:
            arrivals: dict[str, float] = {}
            for event in self.since(mark):
                if event["name"] in wanted and event["count"] == count:
                    arrivals.setdefault(event["name"], event["received"])
            return arrivals

        await self.wait(lambda: len(first_arrivals()) == len(wanted), timeout,
                        f"{len(wanted)} server(s) to list {count} roots")
        return max(first_arrivals().values())


# -- processes ------------------------------------------------------------------------------------


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT), QT_QPA_PLATFORM="offscreen", **extra)
    env.pop("BENCH_QUICK", None)
    return env


def proc_status(pid: int, key: str) -> int:
    """A numeric field of /proc/PID/status (kB values as given)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def context_switches(pid: int) -> int:
    """Voluntary and involuntary switches of every thread of `pid` so far: each is a wake-up."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "status").read_text()
        except OSError:
            continue  # the thread ended meanwhile
        for line in text.splitlines():
            if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                total += int(line.split()[1])
    return total


def cpu_seconds(pid: int) -> float:
    """User + system CPU time `pid` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
