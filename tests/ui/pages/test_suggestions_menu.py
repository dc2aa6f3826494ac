"""The "Suggested folders" menu over a made-up home folder: found off the GUI thread, picked by a real action."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from app.core.suggest.suggestions import suggest
from app.ui.pages.suggestions_menu import Suggester, SuggestionsMenu
from tests.support.gui import BuildApp, run
from tests.support.snapshots import OK, root, snapshot
from tests.support.waiting import eventually


def test_suggestions_are_listed_picked_and_drop_out_once_shared(qloop, qtbot, tmp_path: Path, english) -> None:  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    for name in ("alpha", "beta&co"):
        (home / "projects" / name / ".git").mkdir(parents=True)
    suggester = Suggester(lambda shared: suggest(home, shared=shared))
    menu = SuggestionsMenu(suggester)
    qtbot.addWidget(menu)
    assert menu.suggestion_actions() == []
    assert not menu.actions()[0].isEnabled()  # "No suggestions…" until the search answers
    picked: list[str] = []
    menu.chosen.connect(picked.append)

    async def scenario() -> None:
        suggester.refresh()
        await eventually(lambda: len(menu.suggestion_actions()) == 2, what="two suggestions")
        first, second = menu.suggestion_actions()
        assert second.text().endswith("beta&&co")  # a name's "&" is not a mnemonic
        assert "Git repository" in first.toolTip()
        first.trigger()
        assert picked == [str(home / "projects" / "alpha")]
        suggester.set_shared([picked[0]])
        assert [a.data() for a in menu.suggestion_actions()] == [str(home / "projects" / "beta&co")]

    run(qloop, scenario())


def test_the_tray_offers_suggestions_and_picking_one_shares_it(
    qloop, tmp_path: Path, monkeypatch, english, *, build_app: BuildApp
) -> None:
    from app.core.store.store import Store
    from tests.support.gui import running

    home = tmp_path / "user"
    repo = home / "projects" / "website"
    (repo / ".git").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    app = build_app(tmp_path / "rk-home")

    async def scenario() -> None:
        async with running(app, show=False):
            tray_menu = app.tray.contextMenu()
            tray_menu.aboutToShow.emit()  # as opening the tray menu does
            submenu = app.tray.suggestions
            assert submenu is not None and submenu.menuAction() in tray_menu.actions()
            await eventually(lambda: [a.data() for a in submenu.suggestion_actions()] == [str(repo)],
                             what="the repository suggested in the tray")
            submenu.suggestion_actions()[0].trigger()
            await eventually(lambda: [r.path for r in Store(tmp_path / "rk-home").load().roots] == [str(repo)],
                             what="the suggestion shared")
            await eventually(lambda: submenu.suggestion_actions() == [], what="it leaves the suggestions")

    run(qloop, scenario())


def test_a_round_of_checks_leaves_the_shared_folders_as_they_were(english: object) -> None:
    """The store's very list again (only access changed): ten thousand paths are not gathered again."""
    told: list[list[str]] = []

    class Counting(Suggester):
        def set_shared(self, paths):  # type: ignore[no-untyped-def]
            told.append(list(paths))
            super().set_shared(paths)

    suggester = Counting(lambda _shared: [])
    alpha = root("alpha", "/data/alpha")
    first = snapshot([alpha], {})
    suggester.follow(first)
    suggester.follow(dataclasses.replace(first, roots=(first.roots[0]._replace(access=OK),)))
    assert told == [["/data/alpha"]]
    beta = root("beta", "/data/beta")
    suggester.follow(snapshot([alpha, beta], {}))  # a new list: a folder was added
    assert told[-1] == ["/data/alpha", "/data/beta"]
