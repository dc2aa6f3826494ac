"""The one install flow both front ends call: what is written is the plan that was shown, or nothing.

Real config files in a temporary HOME, a real store in a temporary settings folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.hosts import HOSTS, HostConfigError, flow
from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from tests.support.host_samples import CURSOR


def cursor_config(home: Path, data_dir: Path) -> Path:
    path = home / CURSOR.relative
    path.parent.mkdir(parents=True)
    path.write_text(CURSOR.written(data_dir), encoding="utf-8")
    return path


def test_what_is_written_is_the_plan_shown_and_restore_undoes_it(rk_home: Path, host_home: Path,
                                                                  data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    original = path.read_text()
    store = Store()
    plan = flow.plan_install(store, HOSTS["cursor"])
    (change,) = plan.changed
    assert plan.diff() == change.diff() and change.before == original
    assert store.load().servers == [] and path.read_text() == original  # planning saves nothing
    told: list[tuple[Path, Path | None]] = []
    written = flow.apply_install(store, plan, lambda c, w: told.append((c.config.path, w and w.backup)))
    assert path.read_text() == change.after
    assert [(w.path, w.backup.read_text()) for w in written] == [(path, original)]
    assert told == [(path, written[0].backup)]
    assert [s.name for s in store.load().servers] == ["filesystem", "remote"]

    undo = flow.plan_uninstall(HOSTS["cursor"])  # the files the record of installs names
    assert [c.config.path for c in undo.changes] == [path] and undo.gone == []
    assert undo.changes[0].after == original
    flow.apply_uninstall(undo)
    assert path.read_text() == original
    assert flow.plan_uninstall(HOSTS["cursor"]).changes == []


def test_a_server_taking_the_name_meanwhile_refuses_the_plan_with_nothing_written(rk_home: Path, host_home: Path,
                                                                                 data_dir: Path) -> None:
    """The GUI's rule, now the CLI's too: an entry would start another Rootkeeper server than the one shown."""
    path = cursor_config(host_home, data_dir)
    original = path.read_bytes()
    store = Store()
    plan = flow.plan_install(store, HOSTS["cursor"], names=["filesystem"])
    assert '"filesystem"' in plan.diff()
    with store.transaction() as data:  # another window, or `rootkeeper servers add`, meanwhile
        data.servers.append(ServerEntry(name="filesystem", target=StdioTarget(command="something-else")))
    with pytest.raises(HostConfigError, match="changed while Rootkeeper was editing it"):
        flow.apply_install(store, plan)
    assert path.read_bytes() == original
    assert [s.name for s in store.load().servers] == ["filesystem"]  # nothing imported either
    assert not (rk_home / "state" / "host-backups").exists()
    assert not (rk_home / "state" / "host-installs.json").exists()


def test_uninstall_names_the_files_that_are_gone(rk_home: Path, host_home: Path, data_dir: Path) -> None:
    path = cursor_config(host_home, data_dir)
    store = Store()
    flow.apply_install(store, flow.plan_install(store, HOSTS["cursor"]))
    path.unlink()
    undo = flow.plan_uninstall(HOSTS["cursor"])
    assert undo.changes == [] and undo.gone == [path]


def test_the_gui_reads_only_user_files_and_the_cli_its_project_too(host_home: Path, data_dir: Path) -> None:
    user = cursor_config(host_home, data_dir)
    project = host_home / "repo"
    (project / ".cursor").mkdir(parents=True)
    (project / ".cursor" / "mcp.json").write_text("{ not json")
    states = {state.name: state for state in flow.read_hosts()}
    assert [f.path for f in states["cursor"].files] == [user]
    states = {state.name: state for state in flow.read_hosts(project)}
    files = {f.scope: f for f in states["cursor"].files}
    assert files["user"].error is None and [s.name for s in files["user"].servers] == ["filesystem", "remote"]
    assert files["project"].error is not None and "cannot be read" in str(files["project"].error)
