"""The Hosts tab's import offers the same "Run confined" choice as the server dialog for the new command servers it
adds: on by default where the system can confine, unticked to import them unconfined, and off and disabled with
the reason where the system cannot. A real host config file in a temporary HOME, the real buttons clicked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QLabel

from app.core.confine import landlock
from app.ui.dialogs.folder_offer_dialog import FolderOfferDialog
from tests.support.gui import BuildApp, import_offer, open_hosts_tab, run, running
from tests.support.waiting import eventually

# A command that is never found: the hub's attempts to start it fail quietly, which this test does not need.
ABSENT = "rootkeeper-test-no-such-server"


def desktop(home: Path, *names: str) -> None:
    """Claude Desktop's config with a command server (and no folder on its command line) for each name."""
    path = home / ".config/Claude/claude_desktop_config.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    servers = {name: {"command": ABSENT, "args": [name]} for name in names}
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")


@pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")
def test_import_asks_whether_the_new_command_servers_run_confined(
    qloop: qasync.QEventLoop, rk_home: Path, host_home: Path, monkeypatch: pytest.MonkeyPatch, *,
    build_app: BuildApp
) -> None:
    desktop(host_home, "one")
    app = build_app(rk_home)

    def confined() -> dict[str, bool]:
        return {server.name: server.confined for server in app.store.load().servers}

    async def ask() -> FolderOfferDialog:
        offer: FolderOfferDialog = await import_offer(app)
        return offer

    async def scenario() -> None:
        async with running(app):
            await open_hosts_tab(app, "claude-desktop")

            offer = await ask()
            assert offer.confine is not None
            box, note = offer.confine.box, offer.confine.note
            assert box.isEnabled() and box.isChecked() and not note.isVisibleTo(offer)
            assert box.text().startswith("Run the new command servers confined")
            box.click()  # the real checkbox, unticked
            offer.accept_button.click()
            await eventually(lambda: "one" in confined(), what="the first server imported")
            assert confined() == {"one": False}

            desktop(host_home, "one", "two")
            offer = await ask()
            assert offer.confine is not None and offer.confine.box.isChecked()  # the default is on
            offer.accept_button.click()
            await eventually(lambda: "two" in confined(), what="the second server imported")
            assert confined() == {"one": False, "two": True}

            monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")  # a kernel without Landlock
            desktop(host_home, "one", "two", "three")
            offer = await ask()
            assert offer.confine is not None
            box, note = offer.confine.box, offer.confine.note
            assert not box.isEnabled() and not box.isChecked()
            assert note.isVisibleTo(offer) and isinstance(note, QLabel)
            assert note.text() == "Servers cannot be confined on this system: it offers no Landlock."
            offer.accept_button.click()
            await eventually(lambda: "three" in confined(), what="the third server imported")
            assert confined() == {"one": False, "two": True, "three": False}

    run(qloop, scenario(), timeout=90)
