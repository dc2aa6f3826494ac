"""The administrator's policy file: each rule, and a broken file failing closed."""

from __future__ import annotations

import json
import os
import pwd
from pathlib import Path

import pytest

from app.core.model import HttpTarget, ServerEntry, StdioTarget
from app.core.policy import NO_POLICY, load_policy


def write(tmp_path: Path, document: object) -> Path:
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(document) if not isinstance(document, str) else document)
    return path


def stdio(name: str, *command: str) -> ServerEntry:
    return ServerEntry(name=name, target=StdioTarget(command=command[0], args=list(command[1:])))


def test_no_file_is_no_policy(tmp_path: Path) -> None:
    assert load_policy(tmp_path / "absent.json") == NO_POLICY
    assert NO_POLICY.folder_refusal("/anything") is None
    assert NO_POLICY.pause_refusal() is None


def test_deny_folders_forbid_the_folder_and_everything_inside(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    (secret / "inner").mkdir(parents=True)
    policy = load_policy(write(tmp_path, {"deny_folders": [str(secret)]}))
    refused = policy.folder_refusal(str(secret / "inner"))
    assert refused is not None and refused.code == "policy.folder_denied"
    assert str(secret) in str(refused) and str(tmp_path / "policy.json") in str(refused)
    assert policy.folder_refusal(str(secret)) is not None
    assert policy.folder_refusal(str(tmp_path / "secretive")) is None  # a prefix of the name is not inside


def test_deny_folders_catch_a_symlinked_spelling(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    policy = load_policy(write(tmp_path, {"deny_folders": [str(tmp_path / "link")]}))
    assert policy.folder_refusal(str(real)) is not None


def test_tilde_means_each_users_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # not this: the password database's home (issue 36)
    home = Path(os.path.realpath(pwd.getpwuid(os.getuid()).pw_dir))
    policy = load_policy(write(tmp_path, {"allow_folders": ["~/projects"]}))
    assert policy.folder_refusal(str(home / "projects" / "app")) is None
    refused = policy.folder_refusal(str(tmp_path / "projects"))
    assert refused is not None and refused.code == "policy.folder_not_allowed"


def test_server_rules_match_name_command_and_url(tmp_path: Path) -> None:
    policy = load_policy(
        write(
            tmp_path,
            {
                "deny_servers": ["evil-*", {"command": "*curl*"}, {"url": "https://*.example.com/*"}],
                "share_none_servers": [{"name": "telemetry"}],
            },
        )
    )
    assert policy.server_refusal(stdio("evil-one", "node", "x.js")) is not None
    assert policy.server_refusal(stdio("fetch", "sh", "-c", "curl http://x")) is not None
    web = ServerEntry(name="web", target=HttpTarget(url="https://api.example.com/mcp"))
    assert policy.server_refusal(web) is not None
    fine = stdio("fs", "npx", "server-filesystem")
    assert policy.server_refusal(fine) is None and not policy.shares_nothing(fine)
    telemetry = stdio("telemetry", "node", "t.js")
    assert policy.server_refusal(telemetry) is None
    assert policy.shares_nothing(telemetry)
    refused = policy.share_refusal(telemetry)
    assert refused is not None and refused.code == "policy.share_none"


def test_pausing_can_be_forbidden(tmp_path: Path) -> None:
    refused = load_policy(write(tmp_path, {"allow_pause": False})).pause_refusal()
    assert refused is not None and refused.code == "policy.no_pause"


@pytest.mark.parametrize(
    "document",
    [
        "{not json",
        "[]",
        {"deny_folder": ["/x"]},  # a misspelt key must not silently allow everything
        {"deny_folders": "/x"},
        {"deny_folders": ["relative/path"]},
        {"deny_servers": [{"nmae": "x"}]},
        {"allow_pause": "no"},
        "[" * 100_000,
    ],
)
def test_a_broken_policy_fails_closed_with_one_sentence(tmp_path: Path, document: object) -> None:
    policy = load_policy(write(tmp_path, document))
    assert policy.broken is not None and policy.broken.code == "policy.broken"
    assert "\n" not in policy.broken.text and str(tmp_path / "policy.json") in policy.broken.text
    refused = policy.folder_refusal(str(tmp_path))
    assert refused is not None and refused.code == "policy.broken"
    assert policy.shares_nothing(stdio("fs", "node"))


def test_an_unreadable_policy_fails_closed(tmp_path: Path) -> None:
    path = write(tmp_path, {})
    os.chmod(path, 0)
    from tests.support.cli import run_unprivileged

    code = "from pathlib import Path; import sys; from app.core.policy import load_policy\n" \
        "p = load_policy(Path(sys.argv[1])); print(p.broken.code if p.broken else 'none')"
    result = run_unprivileged(code, str(path))
    assert result.stdout.strip() == "policy.broken", result.stderr
