"""Every pasted or typed path in the table, through the CLI and through the GUI's paste box (issue 10).

Through the CLI: no traceback, one sentence on refusal, exit 0 only when the store changed. Through
the paste box: the preview never crashes and never renders the input as HTML.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from app.core.model import StoreData
from app.core.store.store import STORE_FILE, Store
from tests.faults.hostile import HTML_INJECTION, PASTED_PATHS, is_terminal_safe
from tests.faults.store_guard import StoreGuard
from tests.support.store import add_roots

CASES = [pytest.param(text, id=case) for case, text in PASTED_PATHS]


def _roots(home: Path) -> list[dict[str, object]]:
    store = home / STORE_FILE
    return json.loads(store.read_text())["roots"] if store.exists() else []


@pytest.mark.parametrize("text", CASES)
def test_the_cli_refuses_or_adds_and_the_exit_status_says_which(cli, rk_home: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                 store_guard: StoreGuard, text: str) -> None:
    kept = tmp_path / "kept"  # a root shared before: no hostile input may take it away
    kept.mkdir()
    add_roots(Store(rk_home), kept)
    store_guard.watch(rk_home, unchanged=False)
    if "\x00" in text:  # no command line can carry a NUL byte; the same text is refused by core
        from app.core.edits import roots as edit_roots
        from app.core.text import UserError

        with pytest.raises(UserError):
            edit_roots.add_roots(StoreData(), [text])
        return
    result = cli("roots", "add", "--", text, cwd=tmp_path)
    if result.code != 0:
        store_guard.refused(rk_home)
    everything = _roots(rk_home)
    store_guard.lost(0 if any(root["path"] == str(kept) for root in everything) else 1)
    assert "Traceback" not in result.err and "Error:" not in result.err, result
    assert is_terminal_safe(result.out) and is_terminal_safe(result.err), result
    stored = [root for root in everything if root["path"] != str(kept)]
    if result.code == 0:
        assert len(stored) == 1, result
        assert str(stored[0]["path"]) != str(tmp_path) or text in (".",), result  # never the working folder
        assert not str(stored[0]["path"]).startswith(("/proc", "/sys", "/dev")), result
    else:
        assert result.code == 1, result
        assert len([line for line in result.err.splitlines() if line.strip()]) == 1, result
        assert stored == [], result
    assert not os.path.exists("/tmp/rk-pwned")


@pytest.mark.parametrize("text", CASES)
def test_the_paste_box_previews_every_input_as_plain_text(qapp: QApplication, text: str) -> None:
    from app.ui.dialogs.paste_dialog import PasteDialog
    from app.ui.flows.services import _plan

    async def preview(texts: list[str]) -> list[object]:
        return [_plan(StoreData(), typed) for typed in texts]

    dialog = PasteDialog(preview)  # type: ignore[arg-type]
    dialog.input.setText(text)
    dialog._debounce.stop()  # the preview is shown below, synchronously; no timer may outlive the test
    shown = _plan(StoreData(), text) if text.strip() else None
    dialog._show(text, shown)
    document = QTextDocument()
    document.setHtml(dialog.summary.text())
    assert not re.search(r"<(img|a)\b", document.toHtml())
    assert document.toPlainText().strip()
    if shown is not None and shown.plan is None:
        assert not dialog.share_button.isEnabled()
    dialog.deleteLater()


@pytest.mark.parametrize("name", [pytest.param(text, id=case) for case, text in HTML_INJECTION])
def test_the_paste_box_shows_an_existing_folder_with_an_html_name_literally(qapp: QApplication, tmp_path: Path,
                                                                             name: str) -> None:
    from app.ui.dialogs.paste_dialog import PasteDialog
    from app.ui.flows.services import _plan

    folder = tmp_path / name.replace("/", "_")
    folder.mkdir()

    async def preview(texts: list[str]) -> list[object]:
        return [_plan(StoreData(), typed) for typed in texts]

    dialog = PasteDialog(preview)  # type: ignore[arg-type]
    dialog.input.setText(str(folder))
    dialog._debounce.stop()
    shown = _plan(StoreData(), str(folder))
    assert shown.plan is not None, shown.error
    dialog._show(str(folder), shown)
    document = QTextDocument()
    document.setHtml(dialog.summary.text())
    assert folder.name in document.toPlainText()  # the name as typed, not rendered
    assert not re.search(r"<(img|a)\b", document.toHtml())  # no element an injected tag would make
    assert dialog.share_button.isEnabled()
    dialog.deleteLater()
