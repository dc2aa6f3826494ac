"""Size of the frozen app beside a hello-world PySide6 tray app, both frozen in this run.

The floor is what any PySide6 tray app costs frozen by PyInstaller's defaults (one folder, the same
PyInstaller, Python and Qt wheel); Rootkeeper is frozen by its own spec, which trims what it does
not use (packaging/bundle.py). Two full builds take minutes, so BENCH_QUICK skips the section.
"""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.benchmarks.harness import PROJECT, QUICK, Acks, Row, Side, unavailable

FIGURE = "frozen folder size (PyInstaller one-folder)"
FLOOR = "hello-world PySide6 tray app, PyInstaller defaults"
DEB_FIGURE = ".deb size"

HELLO_TRAY = '''\
import sys
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QApplication, QMenu, QSystemTrayIcon

app = QApplication(sys.argv)
pixmap = QPixmap(22, 22)
pixmap.fill(QColor("teal"))
tray = QSystemTrayIcon(QIcon(pixmap))
menu = QMenu()
menu.addAction("Quit", app.quit)
tray.setContextMenu(menu)
tray.show()
sys.exit(app.exec())
'''


def folder_mib(folder: Path) -> float:
    """Bytes of every file as stored (symlinks counted as links, not twice), in MiB."""
    return sum(path.lstat().st_size for path in folder.rglob("*") if not path.is_dir()) / 2**20


def pyinstaller(*args: str, cwd: Path) -> None:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN", *args]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=1800, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"pyinstaller {' '.join(args)} failed: {done.stderr[-2000:]}")


def build_both(scratch: Path) -> tuple[float, float]:
    hello = scratch / "hello_tray.py"
    hello.write_text(HELLO_TRAY)
    pyinstaller("--onedir", "--distpath", str(scratch / "hello-dist"), "--workpath", str(scratch / "hello-build"),
                "--specpath", str(scratch), str(hello), cwd=scratch)
    pyinstaller("--distpath", str(scratch / "rk-dist"), "--workpath", str(scratch / "rk-build"),
                str(PROJECT / "packaging" / "rootkeeper.spec"), cwd=PROJECT)
    return folder_mib(scratch / "rk-dist" / "rootkeeper"), folder_mib(scratch / "hello-dist" / "hello_tray")


async def package_rows(_acks: Acks) -> list[Row]:
    if QUICK:
        return [unavailable(FIGURE, "MiB", "skipped in BENCH_QUICK (two PyInstaller builds)", FLOOR)]
    if importlib.util.find_spec("PyInstaller") is None:
        return [unavailable(FIGURE, "MiB", "PyInstaller is not installed (`make package` installs it)", FLOOR)]
    with tempfile.TemporaryDirectory(prefix="bench-package-") as scratch:
        rootkeeper, hello = await asyncio.to_thread(build_both, Path(scratch))
    rows = [Row(FIGURE, "MiB", Side("Rootkeeper", [rootkeeper]), Side(FLOOR, [hello]),
                note="must not exceed the floor")]
    debs = sorted((PROJECT / "dist").glob("rootkeeper_*.deb"))
    if debs:  # the package `make package` last built, for reference; not rebuilt here
        rows.append(Row(DEB_FIGURE, "MiB", Side("Rootkeeper", [debs[-1].stat().st_size / 2**20]),
                        note=f"{debs[-1].name} as last built by make package"))
    return rows
