"""The administrator's policy holds (issue 36, #1 #2 #3): `$ROOTKEEPER_POLICY` can only add restrictions,
`~` is the home of the password database, and a policy file others can change is refused."""

from __future__ import annotations

import json
import os
import pwd
from pathlib import Path

import pytest

from app.core import policy as policy_module
from app.core.policy import load_policy
from app.engine.watcher.policy import PolicyWatch
from tests.support.project import PROJECT

OTHER_UID = 54321


def _write(path: Path, document: object, mode: int = 0o644) -> Path:
    path.write_text(json.dumps(document))
    path.chmod(mode)
    return path


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The machine-wide file, moved for this process only (as no variable or user file can)."""
    path = tmp_path / "etc-policy.json"
    monkeypatch.setattr(policy_module, "MACHINE_POLICY", path)
    monkeypatch.delenv("ROOTKEEPER_POLICY", raising=False)
    return path


def test_a_missing_variable_file_does_not_lift_the_machine_policy(machine: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    payroll = tmp_path / "payroll"
    _write(machine, {"deny_folders": [str(payroll)]})
    assert load_policy().folder_refusal(str(payroll)) is not None
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(tmp_path / "nonexistent.json"))
    policy = load_policy()
    assert policy.broken is not None and policy.broken.code == "policy.missing"
    assert policy.folder_refusal(str(tmp_path / "elsewhere")) is not None  # fails closed
    assert PolicyWatch().policy == policy  # the hub's and bridge's watcher reads the same


def test_the_variable_file_only_adds_restrictions(machine: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    projects, payroll, secret = (str(tmp_path / name) for name in ("projects", "payroll", "projects/secret"))
    _write(machine, {"deny_folders": [payroll], "allow_folders": [str(tmp_path)], "allow_pause": True,
                     "deny_servers": ["evil-*"]})
    extra = _write(tmp_path / "mine.json", {"allow_folders": [projects, "/elsewhere"], "deny_folders": [secret],
                                            "allow_pause": False, "share_none_servers": ["telemetry"]})
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(extra))
    policy = load_policy()
    assert policy.broken is None
    assert policy.folder_refusal(payroll) is not None  # the machine's deny holds
    assert policy.folder_refusal(secret) is not None  # the added deny too
    assert policy.folder_refusal(str(tmp_path / "other")) is not None  # outside the added allow list
    assert policy.folder_refusal("/elsewhere") is not None  # outside the machine's allow list
    assert policy.folder_refusal(projects + "/app") is None
    assert policy.pause_refusal() is not None
    assert [rule.name for rule in policy.deny_servers] == ["evil-*"]
    assert [rule.name for rule in policy.share_none_servers] == ["telemetry"]
    # An empty added file changes nothing the machine says.
    _write(extra, {})
    assert load_policy().folder_refusal(payroll) is not None and load_policy().pause_refusal() is None


def test_the_cli_with_a_missing_variable_file_shares_nothing(cli, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "payroll"
    folder.mkdir()
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(tmp_path / "nonexistent.json"))
    refused = cli("roots", "add", str(folder))
    assert refused.code == 1, refused.err
    assert len(refused.err.strip().splitlines()) == 1 and "does not exist" in refused.err


def test_every_reader_goes_through_load_policy() -> None:
    """Only the policy module reads the variable or names the machine-wide file."""
    readers = []
    for path in (PROJECT / "app").rglob("*.py"):
        if (path.name == "policy.py" and path.parent.name == "core") or path.parent.name == "text":
            continue  # the module itself, and the catalogue's sentence naming the variable
        text = path.read_text(encoding="utf-8")
        if "ROOTKEEPER_POLICY" in text or "POLICY_VARIABLE" in text or "MACHINE_POLICY" in text or (
            "policy.json" in text
        ):
            readers.append(str(path.relative_to(PROJECT)))
    assert readers == []


def test_tilde_is_the_home_of_the_password_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "elsewhere"))
    home = pwd.getpwuid(os.getuid()).pw_dir
    policy = load_policy(_write(tmp_path / "policy.json", {"deny_folders": ["~/secret"]}))
    assert policy.folder_refusal(os.path.realpath(home + "/secret")) is not None
    assert policy.folder_refusal(str(tmp_path / "elsewhere" / "secret")) is None


@pytest.mark.parametrize("mode", [0o664, 0o646, 0o666, 0o777])
def test_a_policy_others_can_write_is_refused(machine: Path, tmp_path: Path, mode: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _write(machine, {"deny_folders": ["/srv/payroll"]}, mode)
    policy = load_policy()
    assert policy.broken is not None and policy.broken.code == "policy.writable"
    assert policy.folder_refusal(str(tmp_path)) is not None  # fails closed
    _write(machine, {}, 0o644)
    extra = _write(tmp_path / "mine.json", {}, mode)
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(extra))
    assert load_policy().broken is not None and load_policy().folder_refusal(str(tmp_path)) is not None


def test_a_machine_policy_owned_by_a_user_is_refused(machine: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert os.geteuid() == 0, "giving the policy file to another uid needs root"
    _write(machine, {"deny_folders": ["/srv/payroll"]})
    assert load_policy().broken is None
    os.chown(machine, OTHER_UID, OTHER_UID)
    policy = load_policy()
    assert policy.broken is not None and policy.broken.code == "policy.writable"
    assert policy.folder_refusal(str(tmp_path)) is not None
    # A user's own added file may be theirs: it can only restrict further.
    os.chown(machine, 0, 0)
    extra = _write(tmp_path / "mine.json", {"deny_folders": [str(tmp_path / "x")]})
    os.chown(extra, OTHER_UID, OTHER_UID)
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(extra))
    assert load_policy().broken is None and load_policy().folder_refusal(str(tmp_path / "x")) is not None


def test_the_cli_refuses_a_writable_policy_in_one_sentence(cli, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.setenv("ROOTKEEPER_POLICY", str(_write(tmp_path / "policy.json", {}, 0o666)))
    refused = cli("roots", "add", str(folder))
    assert refused.code == 1
    assert len(refused.err.strip().splitlines()) == 1 and "refused" in refused.err
