"""A server whose command fails the same way again and again: one word for it everywhere, no endless retrying.

A real broken server (a Python that exits with code 3 at once) through the real hub and the real window:
after `GIVE_UP_AFTER` identical failures it is not retried any more, and the hub, the servers table, the
tray menu, the status line and `servers list` all say "Needs your attention", in English and in Chinese.
The user's Reconnect starts it afresh.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import qasync
from PySide6.QtCore import Qt

from app.core.servers.condition import GIVE_UP_AFTER, Condition, condition_of
from app.core.servers.status import ConnectionStatus
from app.ui.application import RootkeeperApp
from app.ui.i18n import ENGLISH
from app.ui.models.servers import Column
from app.ui.render import render
from tests.support.cli import CliResult
from tests.support.gui import BuildApp, menu_actions, run, running, translations
from tests.support.store import add_server
from tests.support.waiting import eventually

BROKEN = [sys.executable, "-c", "import sys; sys.exit(3)"]
WORD = "Needs your attention"


def hub_condition(status: ConnectionStatus | None) -> Condition:
    if status is None:
        return condition_of(None)
    return condition_of(status.state, failed_before=status.last_error is not None)


def shown(app: RootkeeperApp) -> tuple[str, str, str]:
    """The table's Status cell, the tray menu's line for the server, the window's status line."""
    cell = str(app.window.servers_page.proxy.index(0, Column.STATUS).data())
    tray = menu_actions(app.tray)["server:broken"].text().replace("&&", "&")
    return cell, tray, app.window.summary.text()


async def needs_attention(app: RootkeeperApp) -> ConnectionStatus:
    status = await eventually(
        lambda: (s := app.hub.server_status("broken")) is not None and hub_condition(s) is Condition.NEEDS_ATTENTION
        and s, what="the broken server to need attention")
    assert status.state == "failed" and status.same_failures == GIVE_UP_AFTER
    assert status.last_error_code == "bridge.exited" and status.last_error_args == {"code": "3"}
    return status


async def listed_in_other_processes(app: RootkeeperApp, cli: Callable[..., CliResult]) -> None:
    await eventually(lambda: (s := app.hub.board.statuses()[0].get("broken")) is not None and s.state == "failed",
                     what="the status published for other processes")
    listed = cli("servers", "list")
    assert listed.code == 0, listed
    line = next(line for line in listed.out.splitlines() if line.startswith("broken"))
    assert f"  {WORD}  " in line
    assert "3 times in a row the same way" in listed.out
    assert cli("servers", "list", "--json").json()[0]["status"]["condition"] == "needs_attention"


async def said_in_chinese(app: RootkeeperApp) -> None:
    translations().apply("zh_CN")
    try:
        chinese = render(Condition.NEEDS_ATTENTION.word())
        assert chinese != WORD
        await eventually(lambda: shown(app)[0] == chinese and chinese in shown(app)[1]
                         and shown(app)[2].startswith(chinese), what=f"the Chinese word, shown: {shown(app)}")
    finally:
        translations().apply(ENGLISH)


def test_a_server_failing_alike_needs_attention_everywhere_until_reconnected(
    qloop: qasync.QEventLoop, rk_home: Path, *, build_app: BuildApp, cli: Callable[..., CliResult]
) -> None:
    add_server(rk_home, "broken", BROKEN, share="all", consent="given")
    app = build_app(rk_home, backoff_initial=0.01)  # the backoff's base, small: no test waits out real delays
    page = app.window.servers_page
    seen: list[ConnectionStatus] = []
    app.hub.subscribe(lambda _event: seen.append(status) if (status := app.hub.server_status("broken")) else None)

    async def scenario() -> None:
        async with running(app):
            await needs_attention(app)
            # Before that it said "Reconnecting" while retrying (never "Connecting…" once it had failed).
            words = [hub_condition(status) for status in seen]
            assert Condition.RECONNECTING in words
            assert Condition.CONNECTING not in words[words.index(Condition.RECONNECTING):]
            # Each wait doubles from the base (less a random part of up to half), until it is not retried at all.
            waits = [status.retry_in for status in seen if status.state == "backoff"]
            assert len(waits) == GIVE_UP_AFTER - 1, waits
            assert 0.005 <= waits[0] <= 0.01 <= waits[1] <= 0.02, waits

            await eventually(lambda: shown(app)[0] == WORD, what=f"the table to say {WORD!r}: {shown(app)}")
            _cell, tray, status_line = shown(app)
            assert tray.startswith(f"broken — {WORD} · ")
            assert status_line == f"{WORD}: 1 server"
            why = str(page.proxy.index(0, Column.STATUS).data(Qt.ItemDataRole.ToolTipRole))
            assert "exited with code 3" in why and "3 times in a row" in why and "Check the server's command" in why
            assert "3 times in a row" in menu_actions(app.tray)["server:broken"].toolTip()
            page.select("broken")
            detail = page.details.status.text()
            assert detail.startswith(f"{WORD}\n") and "will not fix itself" in detail
            assert "exited with code 3" in page.details.error.text()
            await listed_in_other_processes(app, cli)
            await said_in_chinese(app)

            # The user's Reconnect starts it afresh: a first attempt with no failure behind it, then retries again.
            seen.clear()
            page.reconnect_action.trigger()
            await eventually(lambda: any(hub_condition(status) is Condition.CONNECTING for status in seen),
                             what="a fresh connection after Reconnect")
            await needs_attention(app)
            await eventually(lambda: shown(app)[0] == WORD, what="the word again")

    run(qloop, scenario(), timeout=120)
