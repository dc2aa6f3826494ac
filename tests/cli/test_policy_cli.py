"""The administrator's policy through the command line: each kind of rule refuses in one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture
def policy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    path = tmp_path / "policy.json"
    path.write_text("{}")  # a file named by the variable must exist: a missing one shares nothing (issue 36)
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(path))

    def write(document: object) -> Path:
        path.write_text(document if isinstance(document, str) else json.dumps(document))
        return path

    return write


def one_sentence(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


def test_denied_and_not_allowed_folders_are_refused(cli, policy, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    allowed, denied, other = (tmp_path / name for name in ("allowed", "allowed/secret", "other"))
    denied.mkdir(parents=True)
    other.mkdir()
    policy({"allow_folders": [str(allowed)], "deny_folders": [str(denied)]})
    refused = cli("roots", "add", str(denied))
    assert refused.code == 1 and "forbids" in one_sentence(refused.err)
    refused = cli("roots", "add", str(other))
    assert refused.code == 1 and "allows only folders in" in one_sentence(refused.err)
    assert cli("roots", "add", str(allowed)).code == 0
    assert [row["path"] for row in cli("roots", "list", "--json").json()] == [str(allowed)]


def test_a_root_that_became_forbidden_cannot_be_enabled_again(cli, policy, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "later-forbidden"
    folder.mkdir()
    assert cli("roots", "add", str(folder)).code == 0
    assert cli("roots", "disable", str(folder)).code == 0
    policy({"deny_folders": [str(folder)]})
    refused = cli("roots", "enable", str(folder))
    assert refused.code == 1 and "forbids" in refused.err
    assert cli("roots", "list", "--json").json()[0]["enabled"] is False


def test_barred_and_share_none_servers(cli, policy) -> None:  # type: ignore[no-untyped-def]
    policy({"deny_servers": [{"command": "*evil*"}], "share_none_servers": ["quiet"]})
    refused = cli("servers", "add", "x", "--", "node", "evil.js")
    assert refused.code == 1 and "not allowed by the administrator's policy" in one_sentence(refused.err)
    refused = cli("servers", "add", "quiet", "--share", "all", "--", "node", "quiet.js")
    assert refused.code == 1 and "shares nothing" in one_sentence(refused.err)
    assert cli("servers", "add", "quiet", "--", "node", "quiet.js").code == 0
    refused = cli("servers", "share", "quiet", "all")
    assert refused.code == 1 and "shares nothing" in refused.err
    assert cli("servers", "share", "quiet", "none").code == 0
    names = [server["name"] for server in cli("servers", "list", "--json").json()]
    assert names == ["quiet"]


def test_pausing_can_be_forbidden(cli, policy) -> None:  # type: ignore[no-untyped-def]
    policy({"allow_pause": False})
    refused = cli("pause")
    assert refused.code == 1 and "cannot be paused" in one_sentence(refused.err)
    assert cli("resume").code == 0


def test_a_broken_policy_refuses_in_one_sentence(cli, policy, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = policy('{"deny_folders": [')
    refused = cli("roots", "add", str(tmp_path))
    assert refused.code == 1
    sentence = one_sentence(refused.err)
    assert str(path) in sentence and "nothing is shared until it is fixed" in sentence
    assert "Traceback" not in refused.err
