"""Confinement in the GUI: the server dialog's "Run confined" (on for a new stdio server where the system can
confine, off and disabled with the reason where it cannot, absent for a web server), the consent prompt's offer for
an unconfined stdio server, and the details panel saying what a confined server may touch."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync

from app.core.confine import landlock
from app.core.model import HttpTarget, ServerEntry, StdioTarget, StoreData
from app.core.store.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from app.ui.dialogs.server_dialog import WEB, ServerDialog
from app.ui.window.main_window import SERVERS_TAB
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.store import add_roots, folders, stored_server
from tests.support.waiting import eventually

needs_landlock = pytest.mark.skipif(landlock.abi_version(honour_test_switch=False) < 1, reason="needs Landlock")
# A command that is never found: the hub's attempts to start it fail quietly, which these tests do not need.
ABSENT = "rootkeeper-test-no-such-server"


def _save(store: Store, *entries: ServerEntry) -> None:
    def add(data: StoreData) -> None:
        data.servers.extend(entries)

    store.update(add)


async def _add_dialog(app: object) -> ServerDialog:
    app.window.tabs.setCurrentIndex(SERVERS_TAB)  # type: ignore[attr-defined]
    app.window.servers_page.add_button.click()  # type: ignore[attr-defined]
    return await shown_dialog(ServerDialog)


@needs_landlock
def test_a_new_command_server_runs_confined_unless_the_user_unticks_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            dialog = await _add_dialog(app)
            assert dialog.confined.isVisibleTo(dialog) and dialog.confined.isEnabled()
            assert dialog.confined.isChecked()
            assert dialog.confined.text().startswith("Run confined")
            dialog.name.setText("boxed")
            dialog.command.setText(ABSENT)
            dialog.save_button.click()
            await eventually(lambda: store.load().server("boxed") is not None, what="the confined server saved")
            assert stored_server(store, "boxed").confined is True

            dialog = await _add_dialog(app)
            dialog.name.setText("open")
            dialog.command.setText(ABSENT)
            dialog.confined.click()
            dialog.save_button.click()
            await eventually(lambda: store.load().server("open") is not None, what="the unconfined server saved")
            assert stored_server(store, "open").confined is False

            dialog = await _add_dialog(app)
            dialog.kind.setCurrentIndex(WEB)
            assert not dialog.confined.isVisibleTo(dialog)  # Rootkeeper does not start it: nothing to confine
            dialog.name.setText("web")
            dialog.url.setText("http://127.0.0.1:9/mcp")
            dialog.save_button.click()
            await eventually(lambda: store.load().server("web") is not None, what="the web server saved")
            assert stored_server(store, "web").confined is False

    run(qloop, scenario(), timeout=60)


def test_where_the_system_cannot_confine_the_choice_is_off_and_says_why(
    qloop: qasync.QEventLoop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, build_app: BuildApp
) -> None:
    monkeypatch.setenv(landlock.TEST_ABI_VARIABLE, "0")
    home = tmp_path / "home"
    store = Store(home)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            dialog = await _add_dialog(app)
            assert not dialog.confined.isEnabled() and not dialog.confined.isChecked()
            note = dialog.findChild(type(dialog.error), "confineNote")
            assert note is not None and note.isVisibleTo(dialog)
            assert note.text() == "Servers cannot be confined on this system: it offers no Landlock."
            dialog.name.setText("open")
            dialog.command.setText(ABSENT)
            dialog.save_button.click()
            await eventually(lambda: store.load().server("open") is not None, what="the server saved")
            assert stored_server(store, "open").confined is False

    run(qloop, scenario(), timeout=60)


@needs_landlock
def test_the_consent_prompt_offers_confinement_and_sharing_turns_it_on(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    _save(store, ServerEntry(name="old", target=StdioTarget(command=ABSENT)),
          ServerEntry(name="web", target=HttpTarget(url="http://127.0.0.1:9/mcp")))
    app = build_app(home)
    page = app.window.servers_page

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            await eventually(lambda: page.model.row_of("web") >= 0, what="the rows")
            page.select("web")
            page.consent_button.click()
            prompt = await shown_dialog(ConsentDialog)
            assert not prompt.confine.isVisibleTo(prompt)  # reached over HTTP: nothing to confine
            prompt.later_button.click()
            await eventually(lambda: not prompt.isVisible(), what="the first prompt closed")

            page.select("old")
            page.consent_button.click()
            prompt = await shown_dialog(ConsentDialog)
            assert prompt.confine.isVisibleTo(prompt) and prompt.confine.isChecked()
            prompt.share_button.click()
            await eventually(lambda: stored_server(store, "old").consent == "given", what="the consent saved")
            assert stored_server(store, "old").confined is True

    run(qloop, scenario(), timeout=60)


@needs_landlock
def test_the_details_say_what_a_confined_server_may_touch_or_how_to_confine_it(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    (alpha,) = folders(tmp_path / "data", "alpha")
    add_roots(store, alpha)
    _save(store, ServerEntry(name="boxed", target=StdioTarget(command=ABSENT), share="all", consent="given",
                             confined=True),
          ServerEntry(name="open", target=StdioTarget(command=ABSENT), share="all", consent="given"))
    app = build_app(home)
    page = app.window.servers_page
    shown = page.details.options.confinement

    async def scenario() -> None:
        async with running(app):
            app.window.tabs.setCurrentIndex(SERVERS_TAB)
            await eventually(lambda: page.model.row_of("open") >= 0, what="the rows")
            page.select("boxed")
            await eventually(lambda: "can read and change" in shown.text(), what="the boundary shown")
            assert shown.text() == (f"boxed can read and change: {alpha}; can read: the system and its own program; "
                                    "cannot see anything else in your home. The network stays open to it.")
            page.select("open")
            await eventually(lambda: "Not confined" in shown.text(), what="the hint shown")
            assert shown.text().endswith("rootkeeper servers confine open on")

    run(qloop, scenario(), timeout=60)
