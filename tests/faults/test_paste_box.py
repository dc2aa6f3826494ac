"""At least 100 hostile inputs typed into the GUI's paste box (issue 10), through the real dialog opened by
the real button: each is previewed without a crash, nothing it holds becomes markup, nothing is shared
unless the user clicks Share (never here), and the store is untouched."""

from __future__ import annotations

import re
from pathlib import Path

import qasync

from app.core.store.store import Store
from app.core.system import logsetup
from app.ui.dialogs.paste_dialog import PasteDialog
from tests.faults.hostile import HTML_INJECTION, PASTED_PATHS, TERMINAL_ESCAPES
from tests.faults.store_guard import StoreGuard
from tests.support.gui import BuildApp, run, running, shown_dialog
from tests.support.waiting import eventually

INPUTS = (
    [text for _, text in PASTED_PATHS]
    + [text for _, text in HTML_INJECTION]
    + [f"/no/such/{text}" for _, text in HTML_INJECTION]
    + [text for _, text in TERMINAL_ESCAPES]
    + [f"/no/such/{text}" for _, text in TERMINAL_ESCAPES]
)
PENDING = "\u2063pending"
TAG = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")
OWN_TAGS = {"b", "span", "br"}
"""The only markup the dialog itself writes; any other tag in the summary came from the input."""


def test_at_least_100_hostile_inputs_through_the_paste_box(
    qloop: qasync.QEventLoop, tmp_path: Path, store_guard: StoreGuard, record_property: object, *, build_app: BuildApp
) -> None:
    assert len(INPUTS) >= 100
    home = tmp_path / "home"
    Store(home).update(lambda data: None)
    store_guard.watch(home)
    crashes: list[str] = []
    logsetup.add_crash_listener(crashes.append)
    app = build_app(home)
    failures: list[str] = []

    async def scenario() -> None:
        async with running(app):
            app.window.roots_page.paste_button.click()
            dialog = await shown_dialog(PasteDialog)
            dialog.input.setText("/")  # so that the first input (empty) is a change the dialog sees
            for typed in INPUTS:
                dialog.input.setText(typed)
                dialog.summary.setText(PENDING)
                await eventually(lambda: dialog.summary.text() != PENDING, what=f"the preview of {typed!r}")
                summary = dialog.summary.text()
                foreign = {tag.lower() for _, tag in TAG.findall(summary)} - OWN_TAGS
                if foreign:
                    failures.append(f"{typed!r} became markup {sorted(foreign)}")
                if dialog.summary.textFormat() == dialog.summary.textFormat().PlainText and "<" in summary:
                    failures.append(f"{typed!r}: markup shown as text")
            dialog.reject()

    try:
        run(qloop, scenario(), timeout=600)
    finally:
        logsetup.remove_crash_listener(crashes.append)
    record_property("cases_tried", len(INPUTS))  # type: ignore[operator]
    record_property("cases_handled", len(INPUTS) - len(failures) - len(crashes))  # type: ignore[operator]
    assert crashes == [] and failures == [], (crashes, failures)
    assert Store(home).load().roots == []
