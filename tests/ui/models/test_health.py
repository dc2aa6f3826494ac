"""The tray badge, its tooltip, the tray menu's header and the status bar say the same thing in every state."""

from __future__ import annotations

import shutil
from pathlib import Path

import qasync

from app.core.model import ServerEntry, StdioTarget
from app.core.store.store import Store
from app.ui.models.snapshot import TrayState
from tests.support.gui import BuildApp, menu_actions, run, running
from tests.support.store import add_roots, folders
from tests.support.waiting import eventually


def said(app: object) -> tuple[TrayState, str, str]:
    tray = app.tray  # type: ignore[attr-defined]
    return tray.state, tray.toolTip(), app.window.summary.text()  # type: ignore[attr-defined]


def header(app: object) -> str:
    """The menu's first line as the user sees it when opening the menu (rebuilt only then)."""
    return menu_actions(app.tray)["header"].text().replace("&&", "&")  # type: ignore[attr-defined]


def test_badge_tooltip_menu_and_status_bar_agree(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    add_roots(store, alpha, beta)
    app = build_app(home)

    async def check(state: TrayState, words: str) -> None:
        # Wait for the badge to reach the state, then every text must already say the same.
        await eventually(lambda: app.tray.state is state and words in app.window.summary.text(),
                         what=f"{state} / {words!r}, shown: {said(app)}")
        _badge, tooltip, status = said(app)
        assert tooltip == header(app) == f"Rootkeeper: {status}"

    async def scenario() -> None:
        async with running(app, show=False):
            await check(TrayState.OK, "2 folders shared, all reachable")

            shutil.rmtree(beta)
            app.flows.recheck()
            await check(TrayState.ATTENTION, "1 shared folder cannot be reached")

            beta.mkdir()
            app.flows.recheck()
            await check(TrayState.OK, "2 folders shared, all reachable")

            broken = StdioTarget(command=str(tmp_path / "no-such-server"))
            store.update(lambda data: data.servers.append(
                ServerEntry(name="broken", target=broken, share="all", consent="given")))
            await check(TrayState.ATTENTION, "Needs your attention: 1 server")
            assert "all reachable" not in said(app)[1]

            store.update(lambda data: setattr(data, "paused", True))
            await check(TrayState.PAUSED, "Sharing is paused")

    run(qloop, scenario())
