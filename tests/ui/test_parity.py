"""The same edits through the CLI (real subprocesses) and through the GUI's editor give the same store.

Each step is said twice: as CLI arguments and as the `StoreEditor` call the GUI makes (the GUI names
roots by id, so its selectors are looked up in its own store). Refusals must match too: the same
sentence (so the same code and arguments) on stderr as in the GUI's `UserError`, and nothing saved.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from app.core.edits.servers import http_target, stdio_target
from app.core.model import StoreData
from app.core.store.store import STORE_FILE, Store
from app.core.text import UserError
from app.mcp.hub import Hub
from app.ui.dialogs.server_dialog import ServerDialog
from app.ui.flows.services import StoreEditor
from tests.support.cli import run_cli

GuiEdit = Callable[[StoreEditor, StoreData], Awaitable[Any]]


@dataclass
class Step:
    cli: tuple[str, ...]
    gui: GuiEdit
    refusal: str | None = None
    """The code both must refuse with; None when both must succeed."""


def root_id(data: StoreData, path: Path) -> str:
    found = [root.id for root in data.roots if root.entered_path == str(path)]
    return found[0] if found else "rdeadbeef"


def comparable(data: StoreData) -> dict[str, Any]:
    """The store without what differs by construction: ids, timestamps, revision (shares as paths)."""
    paths = {root.id: root.path for root in data.roots}
    dumped = data.model_dump(mode="json", exclude={"revision"})
    for root in dumped["roots"]:
        del root["id"], root["added_at"]
    for server in dumped["servers"]:
        del server["added_at"]
        if isinstance(server["share"], list):
            server["share"] = [paths.get(rid, rid) for rid in server["share"]]
    return dumped


def steps(base: Path) -> list[Step]:
    alpha, beta, inner, work = base / "alpha", base / "beta", base / "alpha" / "inner", "~/work"
    url = "http://127.0.0.1:9/mcp"
    return [
        Step(("roots", "add", str(alpha), str(beta)), lambda e, d: e.add_roots([str(alpha), str(beta)])),
        Step(("roots", "add", str(inner)), lambda e, d: e.add_roots([str(inner)])),
        Step(("roots", "add", str(base / "missing")), lambda e, d: e.add_roots([str(base / "missing")]),
             "path.missing"),
        Step(("roots", "add", str(beta)), lambda e, d: e.add_roots([str(beta)]), "overlap.duplicate"),
        Step(("roots", "add", "/"), lambda e, d: e.add_roots(["/"]), "root.broad_refused"),
        Step(("roots", "rename", str(beta), "Bee"), lambda e, d: e.rename(root_id(d, beta), "Bee")),
        Step(("roots", "rename", str(beta), " "), lambda e, d: e.rename(root_id(d, beta), " "), "root.empty_name"),
        Step(("roots", "disable", str(inner)), lambda e, d: e.set_enabled(root_id(d, inner), False)),
        Step(("roots", "remove", "rdeadbeef"), lambda e, d: e.remove_roots(["rdeadbeef"]), "root.not_found"),
        Step(("servers", "add", "fs", "--cwd", work, "--", "~/bin/fs-server", "~/scratch"),
             lambda e, d: e.save_server("fs", stdio_target("~/bin/fs-server", ["~/scratch"], cwd=work))),
        Step(("servers", "add", "web", "--share", str(beta), "--url", url),
             lambda e, d: e.save_server("web", http_target(url), share=[root_id(d, beta)])),
        Step(("servers", "add", "fs", "--", "other"),
             lambda e, d: e.save_server("fs", stdio_target("other")), "server.exists"),
        Step(("servers", "add", "bad name", "--", "x"),
             lambda e, d: e.save_server("bad name", stdio_target("x")), "server.bad_name"),
        Step(("servers", "add", "x", "--cwd", "~/nowhere", "--", "x"),
             lambda e, d: e.save_server("x", stdio_target("x", cwd="~/nowhere")), "server.cwd_missing"),
        Step(("servers", "share", "fs", f"{alpha},{beta}"),
             lambda e, d: e.set_sharing("fs", [root_id(d, alpha), root_id(d, beta)])),
        Step(("servers", "share", "fs", "rdeadbeef"), lambda e, d: e.set_sharing("fs", ["rdeadbeef"]),
             "root.not_found"),
        Step(("servers", "share", "gone", "all"), lambda e, d: e.set_sharing("gone", "all"), "server.not_found"),
        Step(("servers", "era", "fs", "2025-11-25"), lambda e, d: e.set_era("fs", "2025-11-25")),
        Step(("servers", "era", "fs", "1999"), lambda e, d: e.set_era("fs", "1999"), "server.bad_era"),
        Step(("pause",), lambda e, d: e.set_paused(True)),
        Step(("roots", "remove", str(alpha)), lambda e, d: e.remove_roots([root_id(d, alpha)])),
        Step(("servers", "remove", "web"), lambda e, d: e.remove_server("web")),
        Step(("servers", "remove", "web"), lambda e, d: e.remove_server("web"), "server.not_found"),
    ]


def _bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


def test_the_cli_and_the_gui_make_the_same_edits_and_refusals(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = tmp_path / "user"
    for folder in (user / "work", tmp_path / "data" / "alpha" / "inner", tmp_path / "data" / "beta"):
        folder.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(user))  # both sides expand `~` the same way
    cli_home, gui_home = tmp_path / "cli", tmp_path / "gui"
    gui_store = Store(gui_home)
    editor = StoreEditor(gui_store, Hub(gui_store, state_dir=gui_home / "state"))
    for home in (cli_home, gui_home):
        (home / "state" / "logs").mkdir(parents=True)
        (home / "state" / "logs" / "web.log").write_text("from an earlier run\n")

    for number, step in enumerate(steps(tmp_path / "data")):
        cli_before, gui_before = _bytes(cli_home / STORE_FILE), _bytes(gui_home / STORE_FILE)
        result = run_cli(cli_home, *step.cli)
        try:
            asyncio.run(step.gui(editor, gui_store.load()))
            gui_error: UserError | None = None
        except UserError as exc:
            gui_error = exc
        where = f"step {number} {step.cli}"
        if step.refusal is None:
            assert result.code == 0, (where, result)
            assert gui_error is None, (where, gui_error)
        else:
            assert gui_error is not None and gui_error.code == step.refusal, (where, gui_error)
            assert result.code == 1 and result.err.strip() == f"rootkeeper: {gui_error}", (where, result)
            assert (_bytes(cli_home / STORE_FILE), _bytes(gui_home / STORE_FILE)) == (cli_before, gui_before), where
        assert comparable(Store(cli_home).load()) == comparable(gui_store.load()), where

    final = gui_store.load()
    assert final.paused and [r.name for r in final.roots] == ["Bee", "inner"]
    fs = final.server("fs")
    assert fs is not None and (fs.era, fs.consent, fs.share) == ("2025-11-25", "given", [root_id(final, Path(
        tmp_path / "data" / "beta"))])
    assert fs.target.kind == "stdio" and fs.target.cwd == str(user / "work")
    for home in (cli_home, gui_home):
        assert not (home / "state" / "logs" / "web.log").exists(), home


def test_the_server_dialog_adds_a_server_that_waits_for_consent(qapp: QApplication, tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    editor = StoreEditor(store, Hub(store, state_dir=tmp_path / "home" / "state"))
    dialog = ServerDialog([])
    try:
        dialog.name.setText("fs")
        dialog.command.setText("npx -y @modelcontextprotocol/server-filesystem")
        assert dialog.save_button.isEnabled()
        form = dialog.form()
        assert form.share is None and form.era == "auto"
        dialog.cwd.setText(str(tmp_path / "nowhere"))
        assert not dialog.save_button.isEnabled() and "does not exist" in dialog.error.text()
        dialog.cwd.setText("")
        dialog.era.setCurrentIndex(1)
        form = dialog.form()
    finally:
        dialog.deleteLater()
    asyncio.run(editor.save_server(form.name, form.target, share=form.share, era=form.era))
    saved = store.load().server("fs")
    assert saved is not None and (saved.consent, saved.era) == ("pending", "2025-11-25")
