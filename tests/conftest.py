"""Fixtures every folder shares: an isolated ROOTKEEPER_HOME and host home, the CLI, the GUI on a qasync loop,
processes a test starts (headless hubs, lock holders, bridges, HTTP test servers), an X display, a keyring.

Plain helpers are imported from `tests.support`; nothing imports this file.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from app.core.model import StoreData
from app.core.store.store import Store
from app.engine.asyncgens import close_abandoned_on
from app.ui import gui_thread_gc
from app.ui.application import RootkeeperApp
from app.ui.i18n import ENGLISH, Translations
from tests.support import gui
from tests.support.bridge import RawHost, RawHostFactory, SdkHostFactory, bridge_command, bridge_env
from tests.support.cli import CliResult, run_cli
from tests.support.headless import ANNOUNCE, HOLDER, HeadlessHubFactory, LockHolderFactory, headless_env, wait_for_line
from tests.support.keyring import NO_BACKEND, reset_backend, wait_usable
from tests.support.processes import end, kept
from tests.support.project import PROJECT
from tests.support.servers import HttpServers, HttpServersFactory, python_server
from tests.support.store import add_roots, folders
from tests.support.waiting import WAIT
from tests.support.x11 import private_x_server

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Tests never write into the keyring of the desktop they run on: secrets go to each test's private
# file, and the tests of a real keyring start their own (the `secret_service` fixture).
os.environ.setdefault("PYTHON_KEYRING_BACKEND", NO_BACKEND)


# -- homes --------------------------------------------------------------------------------------------


@pytest.fixture
def rk_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "rk-home"
    monkeypatch.setenv("ROOTKEEPER_HOME", str(home))
    return home


@pytest.fixture
def cli(rk_home: Path) -> Callable[..., CliResult]:
    def call(*args: str | bytes, cwd: Path | None = None) -> CliResult:
        return run_cli(rk_home, *args, cwd=cwd)

    return call


@pytest.fixture
def host_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's home folder for host configs (Claude Desktop, VS Code, Codex …), with HOME pointed at it."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / ".config"))
    for variable in ("CODEX_HOME", "APPDATA"):
        monkeypatch.delenv(variable, raising=False)
    return folder


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A folder a host's server names on its command line."""
    folder = tmp_path / "shared data"
    folder.mkdir()
    return folder


# -- the roots watcher's store and folders (`tests.support.watcher`) ----------------------------------


@pytest.fixture(name="store")
def watched_store_fixture(tmp_path: Path) -> Store:
    """A store under `tmp_path/home` with two legacy recorders: "all" (shares all) and "none" (shares none)."""
    store = Store(tmp_path / "home")

    def servers(data: StoreData) -> None:
        data.servers += [
            python_server("all", "legacy_recorder"), python_server("none", "legacy_recorder", share="none")
        ]

    store.update(servers)
    return store


@pytest.fixture(name="folders")
def watched_folders_fixture(tmp_path: Path) -> dict[str, Path]:
    """Folders `alpha` and `beta`, made under `tmp_path/data`, by name."""
    made = {name: tmp_path / "data" / name for name in ("alpha", "beta")}
    for folder in made.values():
        folder.mkdir(parents=True)
    return made


# -- the GUI: a qasync loop per test, the real app over a real store and hub (`tests.support.gui`) -------


_closed_loops: list[qasync.QEventLoop] = []


@pytest.fixture(autouse=True)
def _gui_thread_gc(request: pytest.FixtureRequest) -> None:
    """Every test with Qt objects collects garbage on the GUI thread only, as the app does (`app.ui.gui_thread_gc`)."""
    if "qapp" in request.fixturenames:
        qt_app = request.getfixturevalue("qapp")
        gui_thread_gc.install(qt_app)


@pytest.fixture(name="qloop")
def qloop_fixture(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    """A qasync loop over the test QApplication, closed (pending tasks cancelled) at teardown."""
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    try:
        with close_abandoned_on(loop):  # as the app's own loop does (`app.ui.main`)
            yield loop
    finally:
        pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.close()
        asyncio.set_event_loop(None)
        # A closed qasync loop leaves its pending Qt timers registered on its timer object (they are
        # killed one by one as they fire). Left to the garbage collector, that object could be
        # destroyed on a worker thread, where Qt cannot unregister its timers, and the next one to
        # fire would crash the process: keep every closed loop alive until the session ends.
        _closed_loops.append(loop)


@pytest.fixture(name="english")
def english_fixture(qapp: QApplication) -> Translations:
    """The English catalogue installed (it carries the plural forms), as the app does at start."""
    gui.translations().apply(ENGLISH)
    return gui.translations()


@pytest.fixture
def build_app(qapp: QApplication) -> gui.BuildApp:
    """`build_app(home, *, tray_available=True, **hub_options)`: an app over the store of `home`, in English.

    Built on the test QApplication configured as the app's; run it with `async with gui.running(app)`.
    """
    return gui.build_app


@pytest.fixture
def one_folder_app(tmp_path: Path, build_app: gui.BuildApp) -> gui.OneFolderApp:
    """`one_folder_app(name)`: an app (no tray, quick re-checks) sharing one new folder `name`, the folder,
    and the notifications the app gives, as they come."""

    def build(name: str) -> tuple[RootkeeperApp, Path, list[tuple[str, str]]]:
        home = tmp_path / "home"
        (folder,) = folders(tmp_path, name)
        add_roots(Store(home), folder)
        app = build_app(home, tray_available=False, check_interval=0.2, retry_interval=0.2)
        notes: list[tuple[str, str]] = []
        app.notifier.notified.connect(lambda title, body: notes.append((title, body)))
        return app, folder, notes

    return build


@pytest.fixture
def x_display() -> Iterator[str]:
    """A private Xvfb server on a display number it picks itself (-displayfd), stopped afterwards.

    The tests that use it run the app in a child process on that display (`QT_QPA_PLATFORM=xcb`).
    """
    with private_x_server() as display:
        yield display


# -- processes a test starts, each stopped when its `with` block ends ---------------------------------


@pytest.fixture
def headless_hub() -> HeadlessHubFactory:
    """`with headless_hub(home, *args, leftovers=None, **env) as proc`: a started `run --headless` (its
    announcement read), stopped with SIGTERM at the end of the block if still running.

    With `leftovers`, the hub is run by `tests.support.processes`' keeper, which writes there what the hub
    left running when it exited (the process then is the keeper's, the hub its only child).
    """

    @contextlib.contextmanager
    def start(home: Path, *args: str, leftovers: Path | None = None, **env: str) -> Iterator[subprocess.Popen[str]]:
        command = [sys.executable, "-m", "app", *args, "run", "--headless"]
        proc = subprocess.Popen(
            command if leftovers is None else kept(leftovers, command), env=headless_env(home, **env), cwd=PROJECT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            wait_for_line(proc, ANNOUNCE)
            yield proc
        finally:
            if proc.poll() is None:
                proc.terminate()
            proc.communicate(timeout=60)

    return start


@pytest.fixture
def lock_holder() -> LockHolderFactory:
    """`with lock_holder(state, kind, mode="plain") as proc`: a process holding the hub lock as `kind`;
    `mode` "forge" makes its lock file lie about its start time. Killed at the end of the block."""

    @contextlib.contextmanager
    def start(state: Path, kind: str, mode: str = "plain") -> Iterator[subprocess.Popen[str]]:
        proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(state), kind, mode], cwd=PROJECT, text=True,
            env=dict(os.environ, PYTHONPATH=str(PROJECT)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        try:
            wait_for_line(proc, "held")
            yield proc
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.communicate(timeout=60)

    return start


@pytest.fixture(scope="session")
def http_servers() -> HttpServersFactory:
    """`with http_servers(log_dir, {"name": (module, args)}) as servers`: test servers over Streamable HTTP,
    started together and ready, stopped at the end of the block (session-wide, so module fixtures can start
    servers shared by their tests)."""

    @contextlib.contextmanager
    def start(log_dir: Path, specs: Mapping[str, tuple[str, Sequence[str]]]) -> Iterator[HttpServers]:
        servers = HttpServers(log_dir)
        try:
            servers.start(specs)
            yield servers
        finally:
            servers.stop()

    return start


@pytest.fixture
def raw_host() -> RawHostFactory:
    """`async with raw_host(home, *args, env=None, **options) as host`: `rootkeeper bridge ARGS` driven by a
    host speaking raw bytes (`tests.support.bridge.RawHost`), killed at the end of the block."""

    @contextlib.asynccontextmanager
    async def start(
        home: Path, *args: str, env: dict[str, str] | None = None, **options: Any
    ) -> AsyncIterator[RawHost]:
        host = await RawHost.start(home, *args, env=env, **options)
        try:
            yield host
        finally:
            await host.stop()

    return start


@pytest.fixture
def sdk_host() -> SdkHostFactory:
    """`async with sdk_host(home, server, log, **client_args) as client`: an SDK client playing the host,
    talking to `rootkeeper bridge --server SERVER` over stdio (its stderr appended to `log`)."""

    @contextlib.asynccontextmanager
    async def start(home: Path, server: str, log: Path, **client_args: Any) -> AsyncIterator[Any]:
        from mcp.client.client import Client
        from mcp.client.stdio import StdioServerParameters, stdio_client

        command, *args = bridge_command("--server", server)
        parameters = StdioServerParameters(command=command, args=args, env=bridge_env(home), cwd=str(PROJECT))
        with log.open("a", encoding="utf-8") as errlog:
            transport = stdio_client(parameters, errlog=errlog)
            async with Client(transport, read_timeout_seconds=WAIT, **client_args) as client:
                yield client

    return start


# -- keyrings -----------------------------------------------------------------------------------------


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The `keyring` library finds no backend, so Rootkeeper uses its private file."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", NO_BACKEND)
    reset_backend()
    yield
    reset_backend()


@pytest.fixture
def secret_service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The environment of a running, unlocked Secret Service (also applied to this process)."""
    # The test command installs both (scripts/system-deps.sh test): a missing one is a failure, not a skip.
    assert shutil.which("dbus-daemon") and shutil.which("gnome-keyring-daemon"), "run scripts/system-deps.sh test"
    home = tmp_path / "keyring-home"
    runtime = tmp_path / "keyring-run"
    for folder in (home / ".local" / "share" / "keyrings", runtime):
        folder.mkdir(parents=True, mode=0o700)
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                           stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    daemon: subprocess.Popen[bytes] | None = None
    try:
        assert bus.stdout is not None
        address = bus.stdout.readline().decode().strip()
        assert address, "dbus-daemon printed no address"
        env = {"DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": str(runtime),
               "XDG_DATA_HOME": str(home / ".local" / "share")}
        child_env = {key: value for key, value in os.environ.items() if key != "PYTHON_KEYRING_BACKEND"}
        child_env.update(env, HOME=str(home))
        # An empty password makes GNOME Keyring prompt instead of creating the login keyring.
        daemon = subprocess.Popen(["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                                  stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env=child_env)
        assert daemon.stdin is not None
        daemon.stdin.write(b"test-password")
        daemon.stdin.close()
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        monkeypatch.delenv("PYTHON_KEYRING_BACKEND", raising=False)
        wait_usable(home / ".local" / "share" / "keyrings" / "login.keyring")
        yield env
    finally:
        reset_backend()
        if daemon is not None:
            end(daemon)
        end(bus)
        if bus.stdout is not None:
            bus.stdout.close()
