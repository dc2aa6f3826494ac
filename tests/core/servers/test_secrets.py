"""Server secrets stay out of the store file: in a real Secret Service, or a private file where none exists."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from app.core.edits import servers as edit_servers
from app.core.model import HttpTarget, StdioTarget
from app.core.servers import secrets
from app.core.store.store import Store

TOKEN = "tok-4f1c9e"
PASSWORD = "pw-77d2a1"
API_KEY = "key-9b3e55"
SECRETS = (TOKEN, PASSWORD, API_KEY)


def add_both(store: Store) -> None:
    with store.transaction() as data:
        edit_servers.save_server(data, "web", edit_servers.http_target(
            f"http://bob:{PASSWORD}@127.0.0.1:8080/mcp", {"Authorization": f"Bearer {TOKEN}", "X-Trace": "on"}))
        edit_servers.save_server(data, "cmd", edit_servers.stdio_target(
            "server", ["--flag"], env={"API_KEY": API_KEY, "FOLDERS": "{roots}", "EMPTY": ""}))


def on_disk(store: Store) -> str:
    return store.path.read_text(encoding="utf-8")


def revealed(store: Store) -> tuple[HttpTarget, StdioTarget]:
    data = store.load()
    web, cmd = data.server("web"), data.server("cmd")
    assert web is not None and cmd is not None
    assert isinstance(web.target, HttpTarget) and isinstance(cmd.target, StdioTarget)
    return secrets.reveal(web.target), secrets.reveal(cmd.target)


# -- the rule: what is secret, and how it is shown --------------------------------------------------


def test_masking_keeps_the_scheme_word_the_user_and_folder_lists() -> None:
    web = HttpTarget(url=f"https://bob:{PASSWORD}@example.org:8443/mcp?x=1",
                     headers={"Authorization": f"Bearer {TOKEN}", "X-Api-Key": "abc def", "Empty": ""})
    cmd = StdioTarget(command="s", env={"API_KEY": API_KEY, "FOLDERS": "--dirs={roots}", "EMPTY": ""})

    assert secrets.masked(web).url == "https://bob:****@example.org:8443/mcp?x=1"
    assert secrets.masked(web).headers == {"Authorization": "Bearer ****", "X-Api-Key": "****", "Empty": ""}
    assert secrets.masked(cmd).env == {"API_KEY": "****", "FOLDERS": "--dirs={roots}", "EMPTY": ""}
    assert secrets.masked_url("http://127.0.0.1:1/mcp") == "http://127.0.0.1:1/mcp"
    assert secrets.masked_url("http://bob@host/mcp") == "http://bob@host/mcp"
    hidden = secrets.hide_passwords(f"POST http://bob:{PASSWORD}@host/mcp failed")
    assert hidden == "POST http://bob:****@host/mcp failed"


# -- the private file, where no keyring exists ------------------------------------------------------


def test_without_a_keyring_secrets_go_to_a_private_file_and_never_into_the_store(
    rk_home: Path, no_keyring: None
) -> None:
    store = Store()
    add_both(store)

    text = on_disk(store)
    assert not any(secret in text for secret in SECRETS)
    assert "rootkeeper-secret:file:" in text and "{roots}" in text
    kept = store.state_dir / secrets.SECRETS_FILE
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert set(json.loads(kept.read_text())["secrets"].values()) == {TOKEN, PASSWORD, API_KEY, "on"}
    assert [notice.code for notice in store.notice_messages] == ["secret.in_file"]

    web, cmd = revealed(store)
    assert web.url == f"http://bob:{PASSWORD}@127.0.0.1:8080/mcp"
    assert web.headers == {"Authorization": f"Bearer {TOKEN}", "X-Trace": "on"}
    assert cmd.env == {"API_KEY": API_KEY, "FOLDERS": "{roots}", "EMPTY": ""}


def test_the_file_note_is_said_once_when_the_file_is_made(rk_home: Path, no_keyring: None) -> None:
    add_both(Store())
    later = Store()
    with later.transaction() as data:
        edit_servers.save_server(data, "more", edit_servers.stdio_target("s", env={"K": "v"}))
    assert later.notice_messages == []


def test_removing_a_server_deletes_its_secrets(rk_home: Path, no_keyring: None) -> None:
    store = Store()
    add_both(store)
    with store.transaction() as data:
        edit_servers.remove_server(data, "web")

    kept = json.loads((store.state_dir / secrets.SECRETS_FILE).read_text())["secrets"]
    assert set(kept.values()) == {API_KEY}
    with store.transaction() as data:
        edit_servers.remove_server(data, "cmd")
    assert not (store.state_dir / secrets.SECRETS_FILE).exists()


def test_editing_with_the_masked_values_keeps_the_secrets_and_a_new_value_replaces_one(
    rk_home: Path, no_keyring: None
) -> None:
    store = Store()
    add_both(store)
    shown = store.load()
    web, cmd = shown.server("web"), shown.server("cmd")
    assert web is not None and cmd is not None
    as_shown = secrets.masked(web.target)
    with store.transaction() as data:  # what a dialog does: the values as shown, one header retyped
        edit_servers.save_server(data, "web2", edit_servers.http_target(
            as_shown.url.replace("8080", "8081"), {**as_shown.headers, "X-Trace": "off"}), replacing="web")
        edit_servers.save_server(data, "cmd", edit_servers.stdio_target(
            "server", ["--flag"], env={**secrets.masked(cmd.target).env, "API_KEY": "new-key"}), replacing="cmd")

    data = store.load()
    web2, cmd2 = data.server("web2"), data.server("cmd")
    assert web2 is not None and cmd2 is not None
    assert secrets.reveal(web2.target).url == f"http://bob:{PASSWORD}@127.0.0.1:8081/mcp"
    assert secrets.reveal(web2.target).headers == {"Authorization": f"Bearer {TOKEN}", "X-Trace": "off"}
    assert secrets.reveal(cmd2.target).env["API_KEY"] == "new-key"
    kept = json.loads((store.state_dir / secrets.SECRETS_FILE).read_text())["secrets"]
    assert API_KEY not in kept.values()  # the replaced value is deleted


def test_a_plaintext_store_is_migrated_on_the_next_write_with_a_note(rk_home: Path, no_keyring: None) -> None:
    store = Store()
    old = {"schema_version": 2, "servers": [
        {"name": "web", "target": {"kind": "http", "url": f"http://bob:{PASSWORD}@127.0.0.1:8080/mcp",
                                   "headers": {"Authorization": f"Bearer {TOKEN}", "X-Trace": "on"}}},
        {"name": "cmd", "target": {"kind": "stdio", "command": "server", "args": ["--flag"],
                                   "env": {"API_KEY": API_KEY, "FOLDERS": "{roots}", "EMPTY": ""}}}]}
    store.home.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(old), encoding="utf-8")
    web, cmd = revealed(store)  # before the write: used as they are
    assert web.headers["Authorization"] == f"Bearer {TOKEN}" and cmd.env["API_KEY"] == API_KEY

    with store.transaction() as data:
        edit_servers.set_era(data, "cmd", "2025-11-25")

    assert not any(secret in on_disk(store) for secret in SECRETS)
    notes = [notice for notice in store.notice_messages if notice.code == "secret.migrated_file"]
    assert len(notes) == 1 and "'web', 'cmd'" in notes[0].text
    web, cmd = revealed(store)
    assert web.url == f"http://bob:{PASSWORD}@127.0.0.1:8080/mcp"
    assert web.headers == {"Authorization": f"Bearer {TOKEN}", "X-Trace": "on"}
    assert cmd.env == {"API_KEY": API_KEY, "FOLDERS": "{roots}", "EMPTY": ""}


def test_a_missing_secret_is_one_sentence_not_a_wrong_value(rk_home: Path, no_keyring: None) -> None:
    store = Store()
    add_both(store)
    (store.state_dir / secrets.SECRETS_FILE).unlink()
    with pytest.raises(secrets.SecretError) as raised:
        revealed(store)
    assert raised.value.code == "secret.missing_file"


# -- a real Secret Service -------------------------------------------------------------------------


def test_with_a_keyring_secrets_go_there_and_never_into_a_file(
    rk_home: Path, secret_service: dict[str, str]
) -> None:
    import keyring

    store = Store()
    add_both(store)

    # First: a keyring that refused a value says why here, where the file's text below would only show where it went.
    assert store.notice_messages == []
    text = on_disk(store)
    assert not any(secret in text for secret in SECRETS)
    assert "rootkeeper-secret:keyring:" in text and "rootkeeper-secret:file:" not in text
    assert not (store.state_dir / secrets.SECRETS_FILE).exists()
    tokens = [ref.rsplit(":", 1)[1] for ref in secrets.references(store.load())]
    assert {keyring.get_password(secrets.SERVICE, token) for token in tokens} == {*SECRETS, "on"}
    web, cmd = revealed(store)
    assert web.headers["Authorization"] == f"Bearer {TOKEN}" and cmd.env["API_KEY"] == API_KEY

    with store.transaction() as data:
        edit_servers.remove_server(data, "web")
        edit_servers.remove_server(data, "cmd")
    assert [keyring.get_password(secrets.SERVICE, token) for token in tokens] == [None] * 4
