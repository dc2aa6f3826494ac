"""Importing real host config files whose servers name a folder on their command line: the folder becomes the
folders you share (or, declined, is recorded as the server's own), and the host's file is never changed, by
importing or by routing it through Rootkeeper and back."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.hosts import HOSTS, flow
from app.core.model import StdioTarget
from app.core.store.store import Store
from tests.support.host_samples import (
    CLAUDE_CODE,
    CLAUDE_DESKTOP,
    CODEX,
    CURSOR,
    DATA,
    GEMINI,
    VSCODE,
    Expected,
    Sample,
)

WITH_FOLDERS = (CLAUDE_CODE, GEMINI, CODEX, CURSOR, CLAUDE_DESKTOP, VSCODE)


def placed_form(expected: Expected) -> list[str]:
    """The arguments as Rootkeeper keeps them: the placeholder where the host wrote the folder."""
    args = list(expected.args)
    if args[-2:] == ["--repository", DATA]:
        return [*args[:-2], "--repository={root}"]
    return ["{roots}" if arg == DATA else "--repository={root}" if arg == f"--repository={DATA}" else arg
            for arg in args]


def write(sample: Sample, home: Path, data_dir: Path) -> Path:
    path = home / sample.relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sample.written(data_dir), encoding="utf-8")
    (path.parent / "server-directory").mkdir(exist_ok=True)  # Gemini's entry starts the server there
    return path


def with_folder(sample: Sample) -> list[Expected]:
    return [e for e in sample.expected if e.transport == "stdio" and any(DATA in arg for arg in e.args)]


@pytest.mark.parametrize("sample", WITH_FOLDERS, ids=lambda s: s.host)
def test_the_folder_on_each_hosts_command_line_becomes_the_folders_you_share(
    sample: Sample, host_home: Path, data_dir: Path, rk_home: Path
) -> None:
    path = write(sample, host_home, data_dir)
    original = path.read_bytes()
    store = Store(rk_home)
    host = HOSTS[sample.host]
    shown = flow.preview_import(store, host)
    assert store.load().servers == []  # the preview saves nothing
    results, added = flow.import_servers(store, host)
    assert added is None and store.load().roots == []  # nothing shared without the user's yes
    expected = with_folder(sample)
    assert expected
    for item in results:
        match = next((e for e in expected if e.name == item.server.name and item.server.args
                      and list(e.args) == [a.replace(str(data_dir), DATA) for a in item.server.args]), None)
        if match is None:
            continue
        assert item.entry is not None and item.rewritten and item.folders == [str(data_dir)]
        before = next(i for i in shown if i.server.name == item.server.name and i.server.args == item.server.args)
        assert before.offer is not None and before.offer.target == item.offer.target  # type: ignore[union-attr]
        saved = store.load().server(item.entry.name)
        assert saved is not None and isinstance(saved.target, StdioTarget)
        assert saved.target.args == placed_form(match)
        assert saved.kept_folders == []
        expected.remove(match)
    assert expected == []
    assert path.read_bytes() == original


@pytest.mark.parametrize("sample", WITH_FOLDERS, ids=lambda s: s.host)
def test_declined_the_folders_stay_as_written_and_are_recorded_as_the_servers_own(
    sample: Sample, host_home: Path, data_dir: Path, rk_home: Path
) -> None:
    path = write(sample, host_home, data_dir)
    store = Store(rk_home)
    results, _ = flow.import_servers(store, HOSTS[sample.host], use_shared=lambda _server: False,
                                     share=[str(data_dir)])
    kept = [item for item in results if item.kept_own]
    assert kept and len(kept) == len(with_folder(sample))
    for item in kept:
        saved = store.load().server(item.entry.name)  # type: ignore[union-attr]
        assert saved is not None and saved.kept_folders == [str(data_dir)]
        assert isinstance(saved.target, StdioTarget) and saved.target.args == item.server.args
    assert [root.path for root in store.load().roots] == [str(data_dir.resolve())]  # shared: the user said yes
    assert path.read_bytes() == sample.written(data_dir).encode()


@pytest.mark.parametrize("sample", WITH_FOLDERS, ids=lambda s: s.host)
def test_routing_an_imported_host_and_restoring_it_gives_back_the_file_byte_for_byte(
    sample: Sample, host_home: Path, data_dir: Path, rk_home: Path
) -> None:
    path = write(sample, host_home, data_dir)
    original = path.read_bytes()
    store = Store(rk_home)
    host = HOSTS[sample.host]
    flow.import_servers(store, host)
    imported = {server.name for server in store.load().servers}
    plan = flow.plan_install(store, host)
    flow.apply_install(store, plan)
    assert path.read_bytes() != original
    assert {server.name for server in store.load().servers} == imported  # routed to the servers imported
    flow.apply_uninstall(flow.plan_uninstall(host))
    assert path.read_bytes() == original
