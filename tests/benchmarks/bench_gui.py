"""The GUI's start and memory beside a minimal PySide6 tray app, offscreen and on a real X server with a real tray.

Offscreen there is no system tray, so both show a window (the app its whole main window, the floor a
label). On a private Xvfb beside trayer (`tests.support.x11`), both show only a tray icon, as a user's
login start does: the app with "Start hidden in the system tray" set. A last row shows the MCP SDK's
own cost: the app with one stdio server connected beside the floor that imports the SDK's client session.
Floor and subject alternate in every sample.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from tests.benchmarks import fixtures
from tests.benchmarks.bench_processes import READY_TIMEOUT, child, compile_bytecode, probe
from tests.benchmarks.harness import Acks, Row, Side, child_env, proc_status, size, unavailable
from tests.support import x11 as x_server

FLOOR = "minimal PySide6 tray app"
TRAY_WAIT = """
import sys, time
from PySide6.QtWidgets import QApplication, QSystemTrayIcon
app = QApplication(sys.argv[:1])
deadline = time.monotonic() + 30
while not QSystemTrayIcon.isSystemTrayAvailable():  # trayer may still be claiming the tray selection
    if time.monotonic() > deadline:
        sys.exit("no system tray manager answered")
    time.sleep(0.1)
"""


def start_rows(env: dict[str, str], where: str, *, tray: bool) -> list[Row]:
    """First turn and peak RSS of the app and the floor, alternating; with `tray`, both must show only a tray icon.

    Two more processes in each sample, the floor that goes on to run on a qasync loop (the app's kind of
    loop), and the same with a one-field pydantic model validated (the stack the product names, as any
    use of pydantic loads it), nothing of Rootkeeper in either, show how much of the settled peak the
    stack takes by itself.
    """
    samples = size("gui_samples", 5, 2)
    settle = float(size("gui_settle", 2, 1))
    kinds = ("tray", "app", "tray-qasync", "tray-stack")
    starts: dict[str, list[float]] = {kind: [] for kind in kinds}
    shown: dict[str, list[float]] = {kind: [] for kind in kinds}
    peaks: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(samples):
        for kind in kinds:
            with child(probe(kind), env, kill=True) as running:  # only its start is measured
                turn = running.next_event()
                starts[kind].append(time.perf_counter() - running.started)
                if tray and (not turn["tray"] or turn["windows"]):
                    raise RuntimeError(f"{kind} did not start as a tray icon alone: {turn}")
                shown[kind].append(turn["peak_kib"] / 1024)
                time.sleep(settle)
                peaks[kind].append(proc_status(running.pid, "VmHWM") / 1024)
    shows = "the tray icon alone" if tray else "a stand-in window (no tray)"
    stack = Side(f"{FLOOR} on a qasync loop, a one-field pydantic model validated", peaks["tray-stack"])
    return [
        Row(f"GUI start → first event-loop turn ({where})", "s", Side("Rootkeeper", starts["app"]),
            Side(FLOOR, starts["tray"]),
            note=f"{shows} shown (Face.show); bytecode compiled first, as an install does"),
        Row(f"GUI peak RSS until the first turn ({where}; store, hub, pages load after)", "MiB",
            Side("Rootkeeper", shown["app"]), Side(FLOOR, shown["tray"]),
            note="VmHWM read by the process itself at its first turn"),
        Row(f"GUI peak RSS ({where}, {settle:g} s after the first turn: everything loaded, roots checked)", "MiB",
            Side("Rootkeeper", peaks["app"]), Side(FLOOR, peaks["tray"])),
        Row(f"  reference: the floor on a qasync loop, {settle:g} s after the first turn ({where})", "MiB",
            Side(f"{FLOOR} on a qasync loop", peaks["tray-qasync"]), Side(FLOOR, peaks["tray"]),
            note="no Rootkeeper code: what asyncio and qasync take by themselves"),
        Row(f"  reference: the product's stack alone, {settle:g} s after the first turn ({where})", "MiB",
            stack, Side(FLOOR, peaks["tray"]),
            note="no Rootkeeper code: what qasync and a pydantic model take by themselves"),
        Row(f"  reference: GUI peak RSS beside the stack alone ({where}, {settle:g} s after the first turn)", "MiB",
            Side("Rootkeeper", peaks["app"]), stack),
    ]


@contextlib.contextmanager
def tray_desktop(home: Path) -> Iterator[dict[str, str]]:
    """A private X server with trayer docked at its top edge: a child's environment on it, for `home`."""
    with x_server.private_x_server() as display:
        host = x_server.start_tray_host(display, 0x202124)
        try:
            env = child_env(ROOTKEEPER_HOME=str(home))
            env |= {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
            # No session bus: Qt docks by XEmbed in trayer (there is no notification service to use instead).
            for key in ("WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"):
                env.pop(key, None)
            subprocess.run([sys.executable, "-c", TRAY_WAIT], env=env, check=True, timeout=60,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            yield env
        finally:
            host.terminate()
            host.wait(timeout=10)


def start_hidden(home: Path) -> None:
    """What the Settings dialog's "Start hidden in the system tray" writes."""
    from app.ui.settings import GuiSettings

    GuiSettings(home).start_hidden = True


async def sdk_row(acks: Acks, base: Path) -> Row:
    """Peak RSS with one stdio server connected and listed, beside the floor that imports the SDK's client session."""
    samples = size("gui_samples", 5, 2)
    settle = float(size("gui_settle", 2, 1))
    home = base / "sdk-home"
    fixtures.write_store(home, fixtures.roots_for(fixtures.make_folders(base / "sdk-base", 3)),
                         [fixtures.relister_entry("s00", acks.port)])
    env = child_env(ROOTKEEPER_HOME=str(home))
    peaks: dict[str, list[float]] = {"tray-sdk": [], "app": []}
    for _ in range(samples):
        for kind in ("tray-sdk", "app"):
            mark = acks.mark()
            with child(probe(kind), env) as running:
                running.next_event()
                if kind == "app":
                    await acks.listed(mark, ["s00"], 3, timeout=READY_TIMEOUT)
                await asyncio.sleep(settle)
                peaks[kind].append(proc_status(running.pid, "VmHWM") / 1024)
    return Row(f"  reference: GUI peak RSS with 1 stdio server connected (SDK loaded), {settle:g} s after its list",
               "MiB", Side("Rootkeeper", peaks["app"]), Side(f"{FLOOR} + import mcp.client.session", peaks["tray-sdk"]),
               note="offscreen; the server process is not counted")


async def gui_rows(acks: Acks) -> list[Row]:
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="rk-bench-") as tmp:
        base = Path(tmp)
        folders = fixtures.roots_for(fixtures.make_folders(base / "base", 3))
        home = base / "home"
        fixtures.write_store(home, folders, [])
        rows = start_rows(child_env(ROOTKEEPER_HOME=str(home)), "offscreen", tray=False)
        if x_server.available():
            tray_home = base / "tray-home"
            fixtures.write_store(tray_home, folders, [])
            start_hidden(tray_home)
            with tray_desktop(tray_home) as env:
                rows += start_rows(env, "X server, docked in a real tray", tray=True)
        else:
            rows.append(unavailable("GUI start on an X server with a real tray", "s", "Xvfb or trayer not installed",
                                    FLOOR))
        rows.append(await sdk_row(acks, base))
    return rows
