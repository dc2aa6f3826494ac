from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.core.model import SCHEMA_VERSION, HttpTarget, Root, ServerEntry
from app.core.store.store import STORE_FILE, Store, StoreError
from tests.support.cli import run_unprivileged
from tests.support.project import PROJECT


def _root(name: str) -> Root:
    return Root(name=name, entered_path=f"/x/{name}", path=f"/x/{name}", uri=f"file:///x/{name}")


def test_missing_file_is_an_empty_store(tmp_path: Path) -> None:
    data = Store(tmp_path / "home").load()
    assert data.roots == [] and data.servers == [] and data.schema_version == SCHEMA_VERSION


def test_save_is_private_and_round_trips(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.update(lambda d: d.roots.append(_root("a")))
    store.update(lambda d: d.servers.append(ServerEntry(name="web", target=HttpTarget(url="http://127.0.0.1:1/mcp"))))
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(store.home).st_mode) == 0o700
    again = Store(store.home).load()
    assert [r.name for r in again.roots] == ["a"]
    assert again.servers[0].target.kind == "http"
    assert again.revision == 2
    assert list(store.home.glob("*.tmp")) == [] and list(store.home.glob(".*.tmp")) == []


def test_stamp_changes_on_every_write(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    assert store.stamp() is None
    store.update(lambda d: None)
    first = store.stamp()
    store.update(lambda d: None)
    assert store.stamp() != first


def test_failed_edit_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.update(lambda d: d.roots.append(_root("a")))
    before = store.path.read_bytes()

    def broken(data):  # type: ignore[no-untyped-def]
        data.roots.append(_root("b"))
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        store.update(broken)
    assert store.path.read_bytes() == before


@pytest.mark.parametrize("content", [b"{not json", b"[]", b'{"schema_version": 2, "roots": [{"id": 1}]}', b"\xff\xfe"])
def test_corrupt_file_is_moved_aside_not_overwritten(tmp_path: Path, content: bytes) -> None:
    store = Store(tmp_path / "home")
    store.home.mkdir()
    store.path.write_bytes(content)
    data = store.load()
    assert data.roots == []
    aside = list(store.home.glob(f"{STORE_FILE}.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert len(store.notices) == 1 and str(aside[0]) in store.notices[0]
    assert not store.path.exists()


def test_newer_schema_is_refused_and_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.home.mkdir()
    content = json.dumps({"schema_version": SCHEMA_VERSION + 1, "roots": [], "future": True}).encode()
    store.path.write_bytes(content)
    with pytest.raises(StoreError, match="newer Rootkeeper"):
        store.load()
    with pytest.raises(StoreError), store.transaction():
        pass
    assert store.path.read_bytes() == content


def test_version_1_is_migrated(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.home.mkdir()
    v1 = {
        "roots": [
            {"id": "r1", "name": "a", "entered_path": "/a", "path": "/a", "uri": "file:///a", "shared_with": ["s1"]},
            {"id": "r2", "name": "b", "entered_path": "/b", "path": "/b", "uri": "file:///b", "shared_with": []},
        ],
        "servers": [
            {"name": "s1", "target": {"kind": "stdio", "command": "x"}},
            {"name": "s2", "target": {"kind": "stdio", "command": "y"}},
        ],
    }
    store.path.write_text(json.dumps(v1))
    data = store.load()
    assert data.schema_version == SCHEMA_VERSION
    s1, s2 = data.servers
    assert (s1.share, s1.consent) == (["r1"], "given")
    assert (s2.share, s2.consent) == ("all", "pending")


def test_unreadable_store_is_refused_by_an_unprivileged_process(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.update(lambda d: d.roots.append(_root("a")))
    before = store.path.read_bytes()
    os.chmod(store.path, 0o000)
    try:
        code = textwrap.dedent(
            """
            import sys
            from pathlib import Path
            from app.core.store.store import Store, StoreError
            try:
                Store(Path(sys.argv[1])).load()
            except StoreError as exc:
                print(exc)
                sys.exit(3)
            """
        )
        proc = run_unprivileged(code, str(store.home))
    finally:
        os.chmod(store.path, 0o600)
    assert proc.returncode == 3, proc
    assert "cannot be read" in proc.stdout
    assert store.path.read_bytes() == before


ADDER = textwrap.dedent(
    """
    import sys
    from app.cli.main import main
    for path in sys.argv[1:]:
        assert main(["roots", "add", path]) == 0
    """
)


def test_four_processes_adding_concurrently_keep_all_100(tmp_path: Path) -> None:
    home = tmp_path / "home"
    folders = []
    for worker in range(4):
        batch = []
        for n in range(25):
            folder = tmp_path / "data" / f"w{worker}-{n}"
            folder.mkdir(parents=True)
            batch.append(str(folder))
        folders.append(batch)
    env = dict(os.environ, PYTHONPATH=str(PROJECT), ROOTKEEPER_HOME=str(home))
    procs = [
        subprocess.Popen([sys.executable, "-c", ADDER, *batch], env=env, stdout=subprocess.DEVNULL)
        for batch in folders
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    data = Store(home).load()
    assert sorted(r.path for r in data.roots) == sorted(p for batch in folders for p in batch)
    assert data.revision == 100
