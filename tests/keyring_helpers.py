"""A real keyring for tests: a private D-Bus session bus with GNOME Keyring's Secret Service on it.

`secret_service` starts `dbus-daemon --session` and `gnome-keyring-daemon` (its login keyring
created and unlocked with a test password, in a private home) and points this process and every
child at them; `no_keyring` makes the `keyring` library find no backend, so the private file is used.
Both reset the backend Rootkeeper chose, which is decided once per process.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

READY_TIMEOUT = 30.0
NO_BACKEND = "keyring.backends.fail.Keyring"


def _reset_backend() -> None:
    from app.core.servers import secrets

    secrets._backend.cache_clear()


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", NO_BACKEND)
    _reset_backend()
    yield
    _reset_backend()


def _end(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


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
        _wait_usable(home / ".local" / "share" / "keyrings" / "login.keyring")
        yield env
    finally:
        _reset_backend()
        if daemon is not None:
            _end(daemon)
        _end(bus)
        if bus.stdout is not None:
            bus.stdout.close()


def _wait_usable(login_keyring: Path) -> None:
    from keyring.backends import SecretService

    deadline = time.monotonic() + READY_TIMEOUT
    # Asked before the daemon has made its login keyring, the service would prompt to create one.
    while not login_keyring.exists():
        if time.monotonic() > deadline:
            raise TimeoutError("GNOME Keyring did not create its login keyring")
        time.sleep(0.05)
    backend = SecretService.Keyring()
    while True:
        with contextlib.suppress(Exception):
            backend.set_password("rootkeeper-test", "ready", "yes")
            if backend.get_password("rootkeeper-test", "ready") == "yes":
                backend.delete_password("rootkeeper-test", "ready")
                break
        if time.monotonic() > deadline:
            raise TimeoutError("the Secret Service did not become usable")
        time.sleep(0.1)
    _reset_backend()
    from app.core.servers.secrets import _backend

    assert isinstance(_backend(), SecretService.Keyring), _backend()
