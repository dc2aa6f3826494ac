"""The Hosts tab's import asks first: each server whose command line names folders is offered the folders you
share in their place (checked), with the exact before → after; declined, they are recorded as its own. Real host
config files in a temporary HOME, real servers, the real buttons clicked."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import qasync
from PySide6.QtWidgets import QCheckBox, QLabel

from app.ui.dialogs.folder_offer_dialog import FolderOfferDialog
from tests.support.gui import BuildApp, import_offer, open_hosts_tab, run, running
from tests.support.project import PROJECT
from tests.support.waiting import eventually

CONFIG = """{
  "mcpServers": {
    "filesystem": {"command": "/bin/sh", "args": @FIRST@, "env": @ENV@},
    "notes": {"command": "/bin/sh", "args": @SECOND@, "env": @ENV@}
  }
}
"""


def server_args(folder: Path, name: str = "first") -> list[str]:
    """`sh -c "exec PYTHON -m tests.servers.roots_tool" NAME FOLDER`: a real server naming a folder."""
    return ["-c", 'exec "$1" -m tests.servers.roots_tool', name, sys.executable, str(folder)]


def desktop(home: Path, first: Path, second: Path) -> Path:
    path = home / ".config/Claude/claude_desktop_config.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = CONFIG
    for mark, value in (("@FIRST@", server_args(first)), ("@SECOND@", server_args(second, "second")),
                        ("@ENV@", {"PYTHONPATH": str(PROJECT)})):
        text = text.replace(mark, json.dumps(value))
    path.write_text(text, encoding="utf-8")
    return path


def test_import_offers_the_shared_folders_in_place_of_each_servers_own_with_the_exact_change(
    qloop: qasync.QEventLoop, rk_home: Path, host_home: Path, tmp_path: Path, *, build_app: BuildApp
) -> None:
    first, second = tmp_path / "first <b>data<i>", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    path = desktop(host_home, first, second)
    original = path.read_bytes()
    app = build_app(rk_home)

    async def open_offer() -> FolderOfferDialog:
        offer: FolderOfferDialog = await import_offer(app)
        return offer

    async def scenario() -> None:
        async with running(app):
            await open_hosts_tab(app, "claude-desktop")

            offer = await open_offer()
            texts = [label.text() for label in offer.findChildren(QLabel)]
            before = shlex.join(["/bin/sh", *server_args(first)])
            after = shlex.join(["/bin/sh", *server_args(first)[:-1], "{roots}"])
            assert f"Before: {before}\nAfter: {after}" in texts  # shown as the characters they are, never HTML
            assert all(label.textFormat().name == "PlainText" for label in offer.findChildren(QLabel))
            boxes = offer.findChildren(QCheckBox, "useSharedFolders")
            assert len(boxes) == 2 and all(box.isChecked() for box in boxes)  # the default is yes
            assert [box.isChecked() for box in offer.findChildren(QCheckBox, "shareFolder")] == [False, False]
            offer.reject()
            await eventually(lambda: not offer.isVisible(), what="the offer closed")
            await app.flows.hosts.read()
            assert app.store.load().servers == []  # cancelled: nothing imported

            offer = await open_offer()
            keep = next(box for key, box in offer.offers if key[0] == ("mcpServers", "notes"))
            keep.click()  # the real checkbox, unticked
            offer.accept_button.click()
            await eventually(lambda: len(app.store.load().servers) == 2, what="the servers imported")
            saved = {server.name: server for server in app.store.load().servers}
            assert saved["filesystem"].target.args[-1] == "{roots}"  # type: ignore[union-attr]
            assert saved["filesystem"].kept_folders == []
            assert saved["notes"].target.args == server_args(second, "second")  # type: ignore[union-attr]
            assert saved["notes"].kept_folders == [str(second)]
            await eventually(lambda: "'filesystem' is given the folders you share in place of"
                             in app.window.message_bar.text(), what="the outcome")
            assert "'notes' keeps its own folders" in app.window.message_bar.text()
            assert app.store.load().roots == []
            assert path.read_bytes() == original

    run(qloop, scenario(), timeout=90)
