"""Security: a server's secrets never reach a log, a status file, the store or the output, while being used.

A real headless hub (debug logging), `call` and a bridge session connect to real servers with a
secret Authorization header, a URL password and a secret environment value; then every file under
the settings and state folders, and everything the processes printed, is searched for the secrets.
With a real Secret Service nothing on disk may hold them; with the private file, only that file.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.store.store import STORE_FILE
from tests.faults.store_guard import StoreGuard
from tests.support.bridge import SdkHostFactory
from tests.support.cli import run_cli
from tests.support.headless import HeadlessHubFactory
from tests.support.servers import HttpServersFactory

pytestmark = pytest.mark.timeout(240)

TOKEN = "tok-0d7b5e92"
PASSWORD = "pw-61a3f0c8"
API_KEY = "key-2c9e4d17"
SECRETS = (TOKEN, PASSWORD, API_KEY)
ECHO = [sys.executable, "-m", "tests.servers.secret_echo"]
WAIT = 90.0


@pytest.fixture(params=["keyring", "file"])
def backend(request: pytest.FixtureRequest, rk_home: Path) -> str:
    request.getfixturevalue("secret_service" if request.param == "keyring" else "no_keyring")
    return str(request.param)


@pytest.fixture
def echo_url(tmp_path: Path, *, http_servers: HttpServersFactory) -> Iterator[str]:
    with http_servers(tmp_path / "http", {"echo": ("secret_echo", [])}) as servers:
        yield servers["echo"].url


def states(home: Path) -> dict[str, str]:
    listed = run_cli(home, "servers", "list", "--json")
    assert listed.code == 0, listed
    return {row["name"]: row["status"]["state"] for row in listed.json()}


def wait_connected(home: Path, hub: subprocess.Popen[str], names: set[str]) -> None:
    deadline = time.monotonic() + WAIT
    while (seen := states(home)) and any(seen.get(name) != "connected" for name in names):
        assert hub.poll() is None, "the hub exited"
        assert time.monotonic() < deadline, f"not all connected: {seen}"
        time.sleep(0.2)


def holders(home: Path, skip: set[Path]) -> list[str]:
    """Every file under `home` holding a secret, with the secret."""
    found = []
    for path in sorted(home.rglob("*")):
        if path.is_file() and path not in skip:
            raw = path.read_bytes()
            found += [f"{path.relative_to(home)}: {secret}" for secret in SECRETS if secret.encode() in raw]
    return found


async def bridged_secret(sdk_host: SdkHostFactory, home: Path, server: str, log: Path) -> dict[str, object]:
    async with sdk_host(home, server, log) as client:
        result = await client.call_tool("secret_seen", {})
        assert not result.is_error, result
        seen: dict[str, object] = json.loads(result.content[0].text)
        return seen


def test_secrets_in_use_never_reach_a_log_or_a_status_file(
    rk_home: Path, backend: str, echo_url: str, tmp_path: Path, store_guard: StoreGuard, *,
    headless_hub: HeadlessHubFactory, sdk_host: SdkHostFactory
) -> None:
    for args in (["header", "--url", echo_url, "--header", f"Authorization=Bearer {TOKEN}"],
                 ["password", "--url", echo_url.replace("http://", f"http://bob:{PASSWORD}@")],
                 ["env", "--env", f"RK_TEST_SECRET={API_KEY}", "--", *ECHO]):
        added = run_cli(rk_home, "servers", "add", "--share", "all", *args)
        assert added.code == 0, added
    store_guard.watch(rk_home, unchanged=False)  # the hub may pin an era; it may not lose a server

    with headless_hub(rk_home, ROOTKEEPER_LOG_LEVEL="debug") as hub:
        wait_connected(rk_home, hub, {"header", "password", "env"})
        called = run_cli(rk_home, "--log-level", "debug", "call", "password", "secret_seen", "--timeout", "60",
                         timeout=120)
        assert called.code == 0, called
        assert called.json()["structuredContent"]["basic"] == f"bob:{PASSWORD}"
        assert not any(secret in called.err for secret in SECRETS)
        bridge_log = tmp_path / "host.log"
        seen = asyncio.run(bridged_secret(sdk_host, rk_home, "header", bridge_log))
        assert seen["authorization"] == f"Bearer {TOKEN}"
        assert asyncio.run(bridged_secret(sdk_host, rk_home, "env", bridge_log))["env"] == API_KEY
        hub.terminate()
        out, err = hub.communicate(timeout=60)
    assert not any(secret in out + err + bridge_log.read_text() for secret in SECRETS)
    saved = json.loads((rk_home / STORE_FILE).read_text())
    store_guard.lost(3 - len({server["name"] for server in saved["servers"]} & {"header", "password", "env"}))

    logs = list((rk_home / "state" / "logs").glob("*.log"))
    assert {"rootkeeper.log", "bridge-header.log", "env.log"} <= {log.name for log in logs}
    assert "HTTP Request: POST http://bob:****@" in (rk_home / "state" / "logs" / "rootkeeper.log").read_text()
    kept = {rk_home / "state" / "secrets.json"} if backend == "file" else set()
    assert holders(rk_home, kept) == []
