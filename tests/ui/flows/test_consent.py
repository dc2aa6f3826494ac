"""Consent end to end: a real SDK server sees nothing until the user agrees in the prompt, then the new list."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.core.edits import servers as edit_servers
from app.core.model import StoreData
from app.core.store.store import Store
from app.ui.dialogs.consent_dialog import ConsentDialog
from app.ui.text import home_relative
from tests.support.gui import BuildApp, run, running, share_unconfined, shown_dialog
from tests.support.recordings import recorded
from tests.support.servers import HttpServersFactory, recorder
from tests.support.store import add_roots, folders, stored_server
from tests.support.waiting import eventually

PASSWORD = "pw-71c3e9a0"


def test_a_new_server_sees_nothing_until_the_user_shares_then_the_list_at_once(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, beta = folders(tmp_path / "data", "alpha", "beta")
    add_roots(store, alpha, beta)
    record = tmp_path / "recorder.jsonl"

    def add_server(data: StoreData) -> None:
        data.servers.append(recorder("notes-ai", record))

    store.update(add_server)
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            prompt = await shown_dialog(ConsentDialog, timeout=20)
            assert prompt.server == "notes-ai"
            assert "notes-ai wants to see your shared folders" in prompt.heading.text()
            # Connected and asked for its roots already: an empty list, the capability declared.
            await eventually(lambda: recorded(record) == [[]], what="the first (empty) list")
            assert app.tray.state.value == "attention"

            share_unconfined(prompt)
            await eventually(lambda: len(recorded(record)) == 2, timeout=5, what="the list after consent")
            assert recorded(record)[-1] == [alpha.as_uri(), beta.as_uri()]
            server = store.load().server("notes-ai")
            assert server is not None and (server.consent, server.share) == ("given", "all")
            await eventually(lambda: app.tray.state.value == "ok", what="the tray calm again")
            model = app.window.servers_model
            await eventually(lambda: model.data(model.index(0, 2)) == "All shared folders", what="the servers view")

    run(qloop, scenario(), timeout=60)


def test_declining_keeps_the_server_on_its_own_configuration(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    record = tmp_path / "recorder.jsonl"
    store.update(lambda data: data.servers.append(recorder("nosy", record)))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            prompt = await shown_dialog(ConsentDialog, timeout=20)
            prompt.deny_button.click()
            await eventually(lambda: stored_server(store, "nosy").share == "none", what="the refusal saved")
            assert stored_server(store, "nosy").consent == "given"
            assert all(uris == [] for uris in recorded(record))  # it never saw a folder

    run(qloop, scenario(), timeout=60)


def test_the_prompt_says_which_program_asks_lists_paths_and_defaults_to_deciding_later(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    alpha, gone, off = folders(tmp_path / "data", "alpha", "gone", "off")
    _alpha_id, gone_id, off_id = add_roots(store, alpha, gone, off)
    store.update(lambda data: setattr(data.root_by_id(off_id), "enabled", False))
    gone.rmdir()
    store.update(lambda data: data.servers.append(recorder("notes-ai", tmp_path / "recorder.jsonl")))
    app = build_app(home)

    async def scenario() -> None:
        async with running(app):
            await eventually(lambda: (row := app.live.current.root(gone_id)) is not None and row.access is not None,
                             what="the missing folder checked")
            prompt = await shown_dialog(ConsentDialog, timeout=20)
            assert prompt.target.text().startswith("Runs as: ") and "tests.servers.legacy_recorder" in (
                prompt.target.text())
            assert prompt.later_button.isDefault() and not prompt.share_button.isDefault()
            assert prompt.sharing.all_button.text() == "All shared folders (2 now)"  # the turned-off one is not
            items = [prompt.sharing.roots_list.item(i).text() for i in range(prompt.sharing.roots_list.count())]
            assert items[0] == f"alpha — {home_relative(str(alpha))}"
            assert items[1].endswith("(unavailable)") and items[2].endswith("(turned off)")

            QTest.keyClick(prompt, Qt.Key.Key_Return)  # Enter takes the default: decide later
            await eventually(lambda: not app.flows.consent_dialogs(), what="the prompt closed")
            assert stored_server(store, "notes-ai").consent != "given"

    run(qloop, scenario(), timeout=60)


def test_waiting_servers_are_asked_one_at_a_time_and_decide_later_outlives_a_restart(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    store.update(lambda data: data.servers.extend(
        [recorder("first", tmp_path / "first.jsonl"), recorder("second", tmp_path / "second.jsonl")]))

    def open_prompts() -> list[ConsentDialog]:
        return [w for w in QApplication.topLevelWidgets() if isinstance(w, ConsentDialog) and w.isVisible()]

    async def both_connected(app: object) -> None:
        await eventually(lambda: all(s.status is not None and s.status.state == "connected"
                                     for s in app.live.current.servers), what="both servers connected")  # type: ignore[attr-defined]

    app = build_app(home)

    async def first_run() -> None:
        async with running(app):
            prompt = await shown_dialog(ConsentDialog, timeout=20)
            await both_connected(app)
            # The tray's entry for the other server brings the open prompt forward instead of stacking one.
            other = "second" if prompt.server == "first" else "first"
            await app.flows.review_server(app.window, other)
            assert open_prompts() == [prompt]
            prompt.later_button.click()
            following = await eventually_other_prompt(prompt)
            assert open_prompts() == [following] and following.server == other
            following.later_button.click()
            await eventually(lambda: not open_prompts(), what="no prompt left")

    async def eventually_other_prompt(answered: ConsentDialog) -> ConsentDialog:
        await eventually(lambda: any(p is not answered for p in open_prompts()), what="the next prompt")
        return next(p for p in open_prompts() if p is not answered)

    run(qloop, first_run(), timeout=60)

    restarted = build_app(home)

    async def second_run() -> None:
        async with running(restarted):
            await both_connected(restarted)
            # The prompter decided on the snapshot that shows them connected as it was shown: no prompt is coming.
            assert not restarted.consent.asking
            assert not open_prompts()
            assert [s.awaiting_consent for s in restarted.live.current.servers] == [True, True]

    run(qloop, second_run(), timeout=60)


def test_the_prompt_for_a_web_server_shows_its_url_as_plain_text_without_the_password(
    qloop: qasync.QEventLoop, tmp_path: Path, *, build_app: BuildApp, http_servers: HttpServersFactory
) -> None:
    home = tmp_path / "home"
    store = Store(home)
    add_roots(store, *folders(tmp_path / "data", "alpha"))
    record = tmp_path / "recorder.jsonl"
    with http_servers(tmp_path / "http-logs", {"web": ("legacy_recorder", ["--record", str(record)])}) as servers:
        port = servers["web"].port
        url = f"http://bob:{PASSWORD}@127.0.0.1:{port}/mcp?team=<b>R&D</b>"
        with store.transaction() as data:
            edit_servers.save_server(data, "web-ai", edit_servers.http_target(url))
        app = build_app(home)

        async def scenario() -> None:
            async with running(app):
                prompt = await shown_dialog(ConsentDialog, timeout=20)
                assert prompt.target.textFormat() == Qt.TextFormat.PlainText  # "<b>" is drawn, not bold
                assert prompt.target.text() == f"Runs as: http://bob:****@127.0.0.1:{port}/mcp?team=<b>R&D</b>"
                assert stored_server(store, "web-ai").consent != "given"
                prompt.later_button.click()
                await eventually(lambda: not app.flows.consent_dialogs(), what="the prompt closed")

        run(qloop, scenario(), timeout=60)
