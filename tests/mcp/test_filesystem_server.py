"""Rootkeeper end to end against the reference filesystem server from npm, through the real CLI.

The server reports the folders it uses through `list_allowed_directories`, and logs a line each time
it applies a roots list, which makes its re-listing observable from outside.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.bridge import FS_SERVER
from tests.support.cli import CliResult, run_cli
from tests.support.fs_server import allowed, applied_counts
from tests.support.processes import kept, leftovers, processes_mentioning
from tests.support.project import PROJECT
from tests.support.servers import StartHub
from tests.support.waiting import eventually_sync

pytestmark = pytest.mark.timeout(120)

@pytest.fixture
def setup(tmp_path: Path, rk_home: Path):  # type: ignore[no-untyped-def]
    node = shutil.which("node")
    assert node is not None and (FS_SERVER / "index.js").exists(), "make test installs node deps first"
    own = tmp_path / "own"
    folders = {name: tmp_path / name for name in ("alpha", "beta", "gamma")}
    for folder in (own, *folders.values()):
        folder.mkdir()
    for folder in folders.values():
        assert run_cli(rk_home, "roots", "add", str(folder)).code == 0
    # Its own folder kept on its command line (the default would make it `{roots}`, see test_folder_offer_cli).
    added = run_cli(rk_home, "servers", "add", "fs", "--keep-own-folders", "--", node, str(FS_SERVER / "index.js"),
                    str(own))
    assert added.code == 0, added
    return rk_home, own, folders


def test_pending_consent_refuses_a_server_keeping_its_own_folder_then_roots_replace_it(setup) -> None:  # type: ignore[no-untyped-def]
    home, _own, folders = setup
    # Waiting for consent, it would serve its own folder: it is not run (issue 32: the decision holds).
    waiting = run_cli(home, "call", "fs", "list_allowed_directories")
    assert waiting.code != 0 and "fs is waiting for your consent in Rootkeeper" in waiting.err, waiting
    assert run_cli(home, "servers", "share", "fs", "all").code == 0
    assert allowed(run_cli(home, "call", "fs", "list_allowed_directories")) == [str(f) for f in folders.values()]


def test_sharing_none_leaves_its_own_folders(setup) -> None:  # type: ignore[no-untyped-def]
    home, own, _ = setup
    assert run_cli(home, "servers", "share", "fs", "none").code == 0
    assert allowed(run_cli(home, "call", "fs", "list_allowed_directories")) == [str(own)]


def test_a_subset_is_respected(setup) -> None:  # type: ignore[no-untyped-def]
    home, _, folders = setup
    assert run_cli(home, "servers", "share", "fs", "alpha,gamma").code == 0
    assert allowed(run_cli(home, "call", "fs", "list_allowed_directories")) == [
        str(folders["alpha"]), str(folders["gamma"])
    ]


def test_missing_and_disabled_roots_are_not_sent(setup) -> None:  # type: ignore[no-untyped-def]
    home, _, folders = setup
    assert run_cli(home, "servers", "share", "fs", "all").code == 0
    shutil.rmtree(folders["beta"])
    assert run_cli(home, "roots", "disable", "gamma").code == 0
    assert allowed(run_cli(home, "call", "fs", "list_allowed_directories")) == [str(folders["alpha"])]


def test_an_unreadable_root_is_not_sent(setup) -> None:  # type: ignore[no-untyped-def]
    home, _, folders = setup
    assert run_cli(home, "servers", "share", "fs", "all").code == 0
    os.chmod(folders["beta"], 0o000)
    try:
        # Run Rootkeeper (and so the server it starts) without capabilities: mode bits bind even for root.
        env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
        command = [sys.executable, "-m", "app", "call", "fs", "list_allowed_directories"]
        if os.geteuid() == 0:
            command = ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", *command]
        proc = subprocess.run(command, capture_output=True, env=env, timeout=60, check=False)
    finally:
        os.chmod(folders["beta"], 0o755)
    assert allowed(CliResult(proc)) == [str(folders["alpha"]), str(folders["gamma"])]


def test_headless_hub_passes_on_an_edit_from_another_process(setup, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    home, _, _ = setup
    assert run_cli(home, "servers", "share", "fs", "all").code == 0
    env = dict(os.environ, ROOTKEEPER_HOME=str(home), PYTHONPATH=str(PROJECT))
    report = tmp_path / "hub-leftovers.json"  # what the hub leaves running when it exits
    hub = subprocess.Popen(kept(report, [sys.executable, "-m", "app", "run", "--headless"]), env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    log = home / "state" / "logs" / "fs.log"
    try:
        eventually_sync(lambda: applied_counts(log) == [3], "the server to apply the first list", 30)
        delta = tmp_path / "delta"
        delta.mkdir()
        assert run_cli(home, "roots", "add", str(delta)).code == 0
        eventually_sync(lambda: applied_counts(log) == [3, 4], "the server to apply the new list", 10)

        def published() -> dict[str, object]:
            rows = run_cli(home, "servers", "list", "--json").json()
            status: dict[str, object] = rows[0]["status"]
            return status

        eventually_sync(lambda: delta.as_uri() in (published().get("last_roots_fetch") or []), "the status to show it",
                        10)
        status = published()
        assert (status["state"], status["era"]) == ("connected", "legacy")
        assert status["protocol_version"] and status["last_error"] is None
        # A second edit, whose list must arrive: a wrong extra re-list for the first would come before it.
        epsilon = tmp_path / "epsilon"
        epsilon.mkdir()
        assert run_cli(home, "roots", "add", str(epsilon)).code == 0
        eventually_sync(lambda: applied_counts(log)[-1:] == [5], "the server to apply the list of the second edit", 30)
        assert applied_counts(log) == [3, 4, 5], "one edit must cost one re-list"
    finally:
        hub.send_signal(signal.SIGTERM)
        out, err = hub.communicate(timeout=30)
    assert hub.returncode == 0, err
    assert b"press Ctrl+C" in out
    assert processes_mentioning(str(FS_SERVER), os.getpid()) == [] and leftovers(report, str(FS_SERVER)) == []
    rows = run_cli(home, "servers", "list", "--json").json()
    assert rows[0]["status"]["state"] == "unknown" and "No hub" in rows[0]["status"]["detail"]


def test_call_failures_are_one_sentence(setup, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    home, _, _ = setup
    assert run_cli(home, "servers", "share", "fs", "all").code == 0  # waiting for consent, it would not be run
    assert run_cli(home, "servers", "add", "ghost", "--", str(tmp_path / "no-such-server")).code == 0
    cases = [
        (("call", "ghost", "anything", "--timeout", "5"), "not found"),
        (("call", "fs", "list_allowed_directories", "--args", "{oops"), "not valid JSON"),
        (("call", "fs", "list_allowed_directories", "--args", "[1]"), "must be a JSON object"),
        (("call", "nobody", "tool"), "No server is named"),
        (("call", "fs", "no_such_tool"), "reported an error"),
    ]
    for args, fragment in cases:
        result = run_cli(home, *args)
        assert result.code != 0, result
        lines = [line for line in result.err.splitlines() if line.startswith("rootkeeper:")]
        assert len(lines) == 1 and fragment in lines[0], result.err


def _chmod_000(folder: Path) -> None:
    os.chmod(folder, 0o000)


def _chmod_back(folder: Path) -> None:
    os.chmod(folder, 0o755)


def _umount(folder: Path) -> None:
    subprocess.run(["umount", str(folder)], check=True)


def _mount(folder: Path) -> None:
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], check=True)


CHANGES = {
    "rm": (shutil.rmtree, lambda folder: folder.mkdir()),
    "mv": (
        lambda folder: folder.rename(folder.with_name("moved-away")),
        lambda folder: folder.with_name("moved-away").rename(folder),
    ),
    "chmod": (_chmod_000, _chmod_back),
    "umount": (_umount, _mount),
}


def _last_fetch(home: Path) -> list[str]:
    rows = run_cli(home, "servers", "list", "--json").json()
    return list(rows[0]["status"].get("last_roots_fetch") or [])


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_shared_folder_that_goes_and_returns_reaches_the_server_by_events_alone(
    setup, change: str, tmp_path: Path, *, hub_process: StartHub
) -> None:
    home, _, folders = setup
    beta = folders["beta"]
    if change == "umount":
        _mount(beta)  # root mounts a small tmpfs on this kind of machine; failing to is a failure
    leave, come_back = CHANGES[change]
    assert run_cli(home, "servers", "share", "fs", "all").code == 0
    everything = [folder.as_uri() for folder in folders.values()]
    without_beta = [folders["alpha"].as_uri(), folders["gamma"].as_uri()]
    report = tmp_path / "hub-leftovers.json"
    hub = hub_process(home, report)  # every fallback re-check and poll set to hours
    log = home / "state" / "logs" / "fs.log"
    try:
        eventually_sync(lambda: applied_counts(log) == [3], "the server to apply the first list", 60)
        eventually_sync(lambda: _last_fetch(home) == everything, "the status to show the first list", 30)
        leave(beta)
        # One list_changed, one re-list, and the folder is gone from what the server was given.
        eventually_sync(lambda: applied_counts(log) == [3, 2], "the server to apply the list without beta", 30)
        eventually_sync(lambda: _last_fetch(home) == without_beta, "the status to show the list without beta", 30)
        come_back(beta)
        eventually_sync(lambda: applied_counts(log) == [3, 2, 3], "the server to apply the list with beta back", 30)
        eventually_sync(lambda: _last_fetch(home) == everything, "the status to show beta back", 30)
        # A later edit, whose list must arrive: a wrong extra notification would come before it.
        assert run_cli(home, "roots", "disable", "gamma").code == 0
        eventually_sync(lambda: applied_counts(log)[3:] != [] and applied_counts(log)[-1] == 2,
                        "the server to apply the list without gamma", 30)
        assert applied_counts(log) == [3, 2, 3, 2]
    finally:
        if beta.exists():
            os.chmod(beta, 0o755)
        hub.send_signal(signal.SIGTERM)
        out, err = hub.communicate(timeout=30)
        while change == "umount" and os.path.ismount(beta):
            _umount(beta)
    assert hub.returncode == 0, err
    assert b"hub started" in out
    assert processes_mentioning(str(FS_SERVER), os.getpid()) == [] and leftovers(report, str(FS_SERVER)) == []


def test_an_external_roots_add_reaches_the_server_with_no_poll_in_the_path(
    setup, tmp_path: Path, *, hub_process: StartHub
) -> None:
    home, _, _ = setup
    assert run_cli(home, "servers", "share", "fs", "all").code == 0
    hub = hub_process(home, tmp_path / "hub-leftovers.json", unprivileged=False)
    log = home / "state" / "logs" / "fs.log"
    try:
        eventually_sync(lambda: applied_counts(log) == [3], "the server to apply the first list", 60)
        delta = tmp_path / "delta"
        delta.mkdir()
        assert run_cli(home, "roots", "add", str(delta)).code == 0
        eventually_sync(lambda: applied_counts(log) == [3, 4], "the server to apply the new list", 30)
        eventually_sync(lambda: delta.as_uri() in _last_fetch(home), "the status to show it", 30)
    finally:
        hub.send_signal(signal.SIGTERM)
        _out, err = hub.communicate(timeout=30)
    assert hub.returncode == 0, err
