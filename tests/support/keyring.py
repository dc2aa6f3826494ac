"""A real keyring for tests: GNOME Keyring's Secret Service on a private D-Bus session bus (the
`secret_service` fixture starts both); and the switch that makes Rootkeeper choose its backend again,
which it decides once per process."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

READY_TIMEOUT = 30.0
NO_BACKEND = "keyring.backends.fail.Keyring"


def reset_backend() -> None:
    from app.core.servers import secrets

    secrets._backend.cache_clear()


def wait_usable(login_keyring: Path) -> None:
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
    reset_backend()
    from app.core.servers.secrets import _backend

    assert isinstance(_backend(), SecretService.Keyring), _backend()
