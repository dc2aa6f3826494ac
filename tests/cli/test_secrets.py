"""Server secrets through the real CLI: never in the store file or the output, and real where they are used.

Each case runs with a real Secret Service (a private D-Bus session with GNOME Keyring) and with no
keyring at all (the private file), against real SDK servers over loopback HTTP and stdio pipes.
"""

from __future__ import annotations

import json
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run_cli
from tests.support.servers import HttpServersFactory

pytestmark = pytest.mark.timeout(180)

TOKEN = "tok-5a0e7c31"
PASSWORD = "pw-c9d14b02"
API_KEY = "key-e4b8f9a6"
SECRETS = (TOKEN, PASSWORD, API_KEY)
ECHO = [sys.executable, "-m", "tests.servers.secret_echo"]


@pytest.fixture(params=["keyring", "file"])
def backend(request: pytest.FixtureRequest, rk_home: Path) -> str:
    request.getfixturevalue("secret_service" if request.param == "keyring" else "no_keyring")
    return str(request.param)


@pytest.fixture
def echo_url(tmp_path: Path, *, http_servers: HttpServersFactory) -> Iterator[str]:
    with http_servers(tmp_path / "http", {"echo": ("secret_echo", [])}) as servers:
        yield servers["echo"].url


def add_servers(home: Path, url: str) -> list[str]:
    """A header server, a URL-password server and an env server; returns what each `servers add` said on stderr."""
    with_password = url.replace("http://", f"http://bob:{PASSWORD}@")
    said = []
    for args in (["header", "--url", url, "--header", f"Authorization=Bearer {TOKEN}"],
                 ["password", "--url", with_password],
                 ["env", "--env", f"RK_TEST_SECRET={API_KEY}", "--", *ECHO]):
        added = run_cli(home, "servers", "add", "--share", "none", *args)
        assert added.code == 0, added
        said.append(added.err)
    return said


def seen(home: Path, server: str) -> dict[str, Any]:
    called = run_cli(home, "call", server, "secret_seen", "--timeout", "60", timeout=120)
    assert called.code == 0, called
    result: dict[str, Any] = called.json()["structuredContent"]
    return result


def store_text(home: Path) -> str:
    return (home / "rootkeeper.json").read_text(encoding="utf-8")


def test_secrets_are_not_in_the_store_nor_the_output_and_servers_get_the_real_values(
    rk_home: Path, backend: str, echo_url: str
) -> None:
    said = add_servers(rk_home, echo_url)

    text = store_text(rk_home)
    assert not any(secret in text for secret in SECRETS)
    assert f"rootkeeper-secret:{backend}:" in text
    secrets_file = rk_home / "state" / "secrets.json"
    if backend == "file":
        assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
        assert "No keyring is available" in said[0] and said[1:] == ["", ""]  # said once
    else:
        assert not secrets_file.exists() and said == ["", "", ""]

    listed = run_cli(rk_home, "servers", "list", "--json")
    human = run_cli(rk_home, "servers", "list")
    for output in (listed, human):
        assert output.code == 0, output
        assert not any(secret in output.out + output.err for secret in SECRETS)
    rows = {row["name"]: row for row in listed.json()}
    assert rows["header"]["headers"] == {"Authorization": "Bearer ****"}
    assert rows["password"]["url"] == echo_url.replace("http://", "http://bob:****@")
    assert rows["env"]["env"] == {"RK_TEST_SECRET": "****"}
    assert "Authorization: Bearer ****" in human.out and "RK_TEST_SECRET=****" in human.out
    assert "http://bob:****@" in human.out

    assert seen(rk_home, "header")["authorization"] == f"Bearer {TOKEN}"
    assert seen(rk_home, "password")["basic"] == f"bob:{PASSWORD}"
    assert seen(rk_home, "env")["env"] == API_KEY


def test_removing_a_server_deletes_its_secret(rk_home: Path, backend: str) -> None:
    added = run_cli(rk_home, "servers", "add", "env", "--env", f"RK_TEST_SECRET={API_KEY}", "--", *ECHO)
    assert added.code == 0, added
    reference = json.loads(store_text(rk_home))["servers"][0]["target"]["env"]["RK_TEST_SECRET"]
    token = reference.rsplit(":", 1)[-1]

    def kept() -> str | None:
        if backend == "file":
            path = rk_home / "state" / "secrets.json"
            return json.loads(path.read_text())["secrets"].get(token) if path.exists() else None
        import keyring

        return keyring.get_password("rootkeeper", token)

    assert kept() == API_KEY
    assert run_cli(rk_home, "servers", "remove", "env").code == 0
    assert kept() is None
    assert not (rk_home / "state" / "secrets.json").exists()


def test_a_plaintext_store_is_migrated_on_the_next_write_and_nothing_is_lost(
    rk_home: Path, backend: str, echo_url: str
) -> None:
    rk_home.mkdir(parents=True)
    old = {"schema_version": 2, "servers": [
        {"name": "header", "target": {"kind": "http", "url": echo_url,
                                      "headers": {"Authorization": f"Bearer {TOKEN}"}}},
        {"name": "env", "target": {"kind": "stdio", "command": ECHO[0], "args": ECHO[1:],
                                   "env": {"RK_TEST_SECRET": API_KEY}}}]}
    (rk_home / "rootkeeper.json").write_text(json.dumps(old), encoding="utf-8")
    # Used as written; the call then writes what it learned about the server, and that write moves them.
    called = run_cli(rk_home, "call", "env", "secret_seen", "--timeout", "60", timeout=120)
    assert called.code == 0, called
    assert called.json()["structuredContent"]["env"] == API_KEY
    assert "The secrets of 'header', 'env' were moved out of the settings file" in called.err
    assert not any(secret in store_text(rk_home) for secret in SECRETS)

    edited = run_cli(rk_home, "servers", "share", "env", "none")
    assert edited.code == 0, edited
    assert "moved out of the settings file" not in edited.err  # moved once
    assert not any(secret in store_text(rk_home) for secret in SECRETS)
    assert seen(rk_home, "header")["authorization"] == f"Bearer {TOKEN}"
    assert seen(rk_home, "env")["env"] == API_KEY
