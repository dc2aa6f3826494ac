"""Translations and compiled resources: complete, up to date, switchable live; GUI settings persist."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QFile, QIODevice, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTabWidget, QWidget

from app.ui.i18n import ENGLISH, LANGUAGES, SYSTEM
from app.ui.settings import GuiSettings
from tests.support.gui import BuildApp, translations
from tests.support.project import PROJECT

RESOURCES = PROJECT / "resources"
TRANSLATIONS = RESOURCES / "translations"
# Words that stay as they are in every language: the product's name and a literal example command.
UNTRANSLATED = {"Rootkeeper", "✕", "npx -y @modelcontextprotocol/server-filesystem ~/scratch"}


def tool(name: str) -> str:
    return str(Path(sys.executable).parent / name)


def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(ts).getroot()
    return {
        (context.findtext("name") or "", message.findtext("source") or ""): message
        for context in root.iter("context")
        for message in context.iter("message")
    }


def test_every_resource_in_the_compiled_module_matches_its_source(qapp: QApplication) -> None:
    import app.ui.resources_rc  # noqa: F401

    listed = re.findall(r"<file>([^<]+)</file>", (RESOURCES / "rootkeeper.qrc").read_text())
    assert len(listed) == 5
    for name in listed:
        compiled = QFile(f":/{name}")
        assert compiled.open(QIODevice.OpenModeFlag.ReadOnly), name
        assert bytes(compiled.readAll().data()) == (RESOURCES / name).read_bytes(), (
            f"{name} changed since app/ui/resources_rc.py was generated: run resources/build.py"
        )


def test_the_shipped_catalogues_are_compiled_from_the_current_sources(tmp_path: Path) -> None:
    for language in LANGUAGES:
        ts = TRANSLATIONS / f"rootkeeper_{language}.ts"
        fresh = tmp_path / f"{language}.qm"
        subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(fresh)], check=True, timeout=60)
        assert fresh.read_bytes() == ts.with_suffix(".qm").read_bytes(), f"run resources/build.py for {language}"


def test_every_string_in_the_code_is_translated_into_both_chinese_scripts(tmp_path: Path) -> None:
    # The UI's own words, and core's catalogue of sentences (its `QT_TRANSLATE_NOOP` templates).
    code_files = [*(PROJECT / "app" / "ui").rglob("*.py"), *(PROJECT / "app" / "core" / "text").glob("*.py")]
    sources = sorted(str(p.relative_to(PROJECT)) for p in code_files if p.name != "resources_rc.py")
    for language in ("zh_CN", "zh_TW"):
        committed = TRANSLATIONS / f"rootkeeper_{language}.ts"
        scanned = tmp_path / committed.name
        shutil.copy(committed, scanned)
        subprocess.run([tool("pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none", "-silent",
                        "-ts", str(scanned)], cwd=PROJECT, check=True, timeout=60)
        found = messages(scanned)
        assert found.keys() == messages(committed).keys(), "the code's strings changed: run resources/build.py"
        unfinished = [source for (_, source), m in found.items() if m.findtext("translation[@type='unfinished']")
                      is not None]
        assert unfinished == [], f"untranslated in {language}: {unfinished}"


def visible_texts(root: QWidget) -> dict[str, str]:
    """Every user-visible text in the window (labels, buttons, tabs, table headers), keyed by where it is."""
    found: dict[str, str] = {}
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, QLabel | QAbstractButton) and widget.text():
            found[f"{type(widget).__name__}:{widget.objectName()}:{id(widget)}"] = widget.text()
        if isinstance(widget, QTabWidget):
            for index in range(widget.count()):
                found[f"tab:{index}"] = widget.tabText(index)
    for action in root.findChildren(type(root.pause_action)):  # type: ignore[attr-defined]
        if action.text():
            found[f"action:{action.objectName()}"] = action.text()
    model = root.roots_model  # type: ignore[attr-defined]
    for column in range(model.columnCount()):
        found[f"header:{column}"] = model.headerData(column, Qt.Orientation.Horizontal)
    return found


@pytest.mark.parametrize(("language", "sample"), [("zh_CN", "共享文件夹(&S)…"), ("zh_TW", "共用資料夾(&S)…")])
def test_switching_the_language_retranslates_the_open_window(
    qapp: QApplication, tmp_path: Path, language: str, sample: str, *, build_app: BuildApp
) -> None:
    app = build_app(tmp_path / "home")
    try:
        app.window.show()
        english = visible_texts(app.window)
        assert "&Share a folder…" in english.values()
        translations().apply(language)
        qapp.processEvents()
        translated = visible_texts(app.window)
        assert sample in translated.values()
        same = {english[key] for key in english if translated.get(key) == english[key]} - UNTRANSLATED
        assert same == set(), f"not translated when switching to {language}: {same}"
        tray_menu = app.tray.contextMenu()
        tray_menu.aboutToShow.emit()
        assert all(not re.search(r"[A-Za-z]{4}", a.text().replace("Rootkeeper", "")) for a in tray_menu.actions())
    finally:
        translations().apply(ENGLISH)
        app.window.deleteLater()
        app.deleteLater()


def test_gui_settings_persist_and_a_damaged_file_is_kept_aside(qapp: QApplication, tmp_path: Path) -> None:
    settings = GuiSettings(tmp_path)
    assert settings.language == SYSTEM and not settings.start_hidden
    settings.language = "zh_TW"
    settings.start_hidden = True
    again = GuiSettings(tmp_path)
    assert again.language == "zh_TW" and again.start_hidden

    (tmp_path / "gui.ini").write_text("[[[not an ini file")
    damaged = GuiSettings(tmp_path)
    assert damaged.language == SYSTEM
    (aside,) = damaged.notices
    assert Path(aside).read_text() == "[[[not an ini file"


# Two or more ASCII words in a row is an English sentence (or part of one) left on screen.
ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[ ,;:]+[A-Za-z]{2,})+")
# What may stay Latin inside a Chinese sentence: the product, a flag, URL schemes, era names, NUL.
# Names a user types as they are: the product, options, schemes, sharing words and host ids.
ALLOWED_LATIN = ("Rootkeeper", "--allow-broad", "file://", "http://", "https://", "auto", "all", "none", "NUL",
                 "claude-desktop, claude-code, vscode, cursor, windsurf, gemini, codex, zed")
SAMPLE = "/数据/项目"


def not_chinese(shown: str, foreign: str, allowed: tuple[str, ...] = ALLOWED_LATIN) -> list[str]:
    """What does not belong on a Chinese screen: English words in a row, ASCII quotes, the other script's marks."""
    latin = shown
    for words in allowed:
        latin = latin.replace(words, "")
    return [*ENGLISH_RUN.findall(latin), *re.findall(r"['\"]", latin), *(mark for mark in foreign if mark in shown)]


def core_refusals() -> dict[str, list[str]]:
    """Every sentence core can say (refusals the CLI tests exercise included), with its argument names."""
    from string import Formatter

    from app.core.text import SENTENCES

    return {code: [name for _, name, _, _ in Formatter().parse(template) if name]
            for code, template in SENTENCES.items()}


def test_every_core_sentence_has_a_translatable_template_that_says_the_same_in_english(
    qapp: QApplication, english: object
) -> None:
    from app.core.text import CATALOGUE, SENTENCES, message
    from app.ui.render import render

    assert set(SENTENCES) <= set(CATALOGUE), "every core sentence is in the catalogue the UI translates"
    for code, names in core_refusals().items():
        sample = message(code, **{name: f"<{name}>" for name in names})
        assert render(sample) == sample.text, code


@pytest.mark.parametrize(("language", "marks", "foreign"), [("zh_CN", "“”", "「」"), ("zh_TW", "「」", "“”")])
def test_no_english_sentence_from_core_reaches_a_chinese_screen(
    qapp: QApplication, language: str, marks: str, foreign: str
) -> None:
    from app.core.roots.access import AccessResult, AccessStatus
    from app.core.text import message
    from app.ui import text
    from app.ui.render import quoted_list, render

    translations().apply(language)
    try:
        rendered = {code: render(message(code, **dict.fromkeys(names, SAMPLE)))
                    for code, names in core_refusals().items()}
        rendered |= {f"access.{status}": text.access_detail(AccessResult(status, "English detail"), SAMPLE)
                     for status in AccessStatus}
        rendered["names"] = quoted_list(["甲", "乙"])
        for where, shown in rendered.items():
            assert not not_chinese(shown, foreign), (language, where, shown)
        quoted = [shown for shown in rendered.values() if marks[0] in shown]
        assert len(quoted) >= 10 and all(marks[1] in shown for shown in quoted)
    finally:
        translations().apply(ENGLISH)


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_notifications_about_lost_folders_and_failed_servers_are_translated(
    qapp: QApplication, tmp_path: Path, language: str
) -> None:
    from PySide6.QtWidgets import QSystemTrayIcon

    from app.core.model import Root, ServerEntry, StdioTarget, StoreData
    from app.core.roots.access import AccessResult, AccessStatus
    from app.core.servers.status import ConnectionStatus
    from app.core.store.store import Store
    from app.mcp.hub import Hub
    from app.ui.models.live import LiveState
    from app.ui.models.snapshot import Snapshot
    from app.ui.tray.notifier import Notifier

    roots = [Root(name=name, entered_path=f"/data/{name}", path=f"/data/{name}", uri=f"file:///data/{name}")
             for name in ("项目", "文档")]
    server = ServerEntry(name="fs", target=StdioTarget(command="x"), consent="given")
    data = StoreData(roots=roots, servers=[server])

    def snapshot(status: AccessStatus, state: str) -> Snapshot:
        access = {root.id: AccessResult(status, "an English detail from core") for root in roots}
        connection = ConnectionStatus(state=state, last_error="Connection refused")  # type: ignore[arg-type]
        return Snapshot.build(data, access, lambda _name: connection, lambda _name: [])

    store = Store(tmp_path / "home")
    live = LiveState(Hub(store, state_dir=tmp_path / "home" / "state"))
    shown: list[str] = []
    tray = QSystemTrayIcon()
    notifier = Notifier(live, tray, lambda text, _level: shown.append(text), tray_available=False)
    translations().apply(language)
    try:
        live.show(snapshot(AccessStatus.OK, "connected"))
        live.show(snapshot(AccessStatus.PERMISSION_DENIED, "connected"))
        live.show(snapshot(AccessStatus.OK, "connected"))
        assert len(shown) == 2, shown
        for text in shown:
            assert "项目" in text and not ENGLISH_RUN.search(text.replace("Rootkeeper", "")), text
            assert not re.search(r"['\"]", text), text
    finally:
        translations().apply(ENGLISH)
        notifier.deleteLater()
        live.deleteLater()


def coded_sentences() -> dict[str, list[str]]:
    """Every server-failure, hub-lock and host sentence the code can say: code -> argument names.

    Collected from the sources, not listed here: `app.core.text.servers.SERVER_FAILURES` (the registry of
    `mcp.*` sentences), and every call in app/core/system/hublock.py and app/core/hosts/ whose first argument is an
    `hub.*` / `hosts.*` code, with the keyword arguments that call passes.
    """
    import ast
    from string import Formatter

    from app.core.text.servers import SERVER_FAILURES

    found = {code: [name for _, name, _, _ in Formatter().parse(template) if name]
             for code, template in SERVER_FAILURES.items()}
    sources = [PROJECT / "app" / "core" / "system" / "hublock.py",
               *sorted((PROJECT / "app" / "core" / "hosts").glob("*.py"))]
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and re.fullmatch(
                    r"(hub|hosts)\.[a-z_.]+", first.value):
                found[first.value] = [keyword.arg for keyword in node.keywords if keyword.arg]
    return found


def test_the_coded_sentences_are_all_found() -> None:
    codes = coded_sentences()
    assert {"hub.held", "hub.held.gui", "hub.held.headless", "hub.lock_unusable"} <= set(codes)
    assert len([code for code in codes if code.startswith("mcp.")]) >= 25
    assert len([code for code in codes if code.startswith("hosts.")]) >= 8
    assert codes["hosts.uneditable"] == ["host", "path", "entry", "reason"]


# Where core's English sentence holds a detail the message's arguments do not carry, the template says less.
SAYS_LESS = {"hosts.no_such_server", "hosts.records_unreadable", "hosts.write_failed"}


def test_every_coded_sentence_has_a_template_that_says_the_same_in_english(
    qapp: QApplication, english: object
) -> None:
    from app.core.hosts import HOSTS
    from app.core.system.hublock import HubLockHeld, HubLockUnusable, HubOwner
    from app.core.text import CATALOGUE, Message, message
    from app.ui.render import render

    codes = coded_sentences()
    assert set(codes) <= set(CATALOGUE), sorted(set(codes) - set(CATALOGUE))
    for code, names in codes.items():
        if code.startswith("mcp."):
            sample = message(code, **{name: f"<{name}>" for name in names})
            assert render(sample) == sample.text, code
    for error in (HubLockHeld(None), HubLockHeld(HubOwner(41, "gui")), HubLockHeld(HubOwner(42, "headless")),
                  HubLockUnusable(PROJECT / "hub.lock", PermissionError(13, "Permission denied"))):
        assert render(error) == error.message.text, error.message.code
    unknown = Message("hosts.unknown", f"'zed2' is not a host Rootkeeper knows; use one of {', '.join(HOSTS)}.",
                      {"host": "zed2"})
    assert render(unknown) == unknown.text
    host = HOSTS["cursor"]
    for refusal in (host.unreadable(PROJECT / "mcp.json", "bad JSON"),
                    host.uneditable(PROJECT / "mcp.json", "fs", "not an object")):
        assert render(refusal) == refusal.message.text, refusal.message.code
    assert set(codes) >= SAYS_LESS


@pytest.mark.parametrize(("language", "marks", "foreign"), [("zh_CN", "“”", "「」"), ("zh_TW", "「」", "“”")])
def test_no_english_server_hub_or_host_sentence_reaches_a_chinese_screen(
    qapp: QApplication, language: str, marks: str, foreign: str
) -> None:
    from app.core.text import Message
    from app.ui.render import render

    translations().apply(language)
    try:
        rendered = {code: render(Message(code, "An English sentence, which must not show.",
                                         dict.fromkeys(names, SAMPLE)))
                    for code, names in coded_sentences().items()}
        for code, shown in rendered.items():
            assert not not_chinese(shown, foreign), (language, code, shown)
        quoted = [shown for shown in rendered.values() if marks[0] in shown]
        assert len(quoted) >= 6 and all(marks[1] in shown for shown in quoted)
    finally:
        translations().apply(ENGLISH)


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_the_servers_view_shows_a_failure_in_the_language(
    qapp: QApplication, language: str
) -> None:
    from app.core.model import ServerEntry, StdioTarget, StoreData
    from app.core.servers.status import ConnectionStatus
    from app.ui.models.servers import Column, ServersTableModel
    from app.ui.models.snapshot import Snapshot
    from app.ui.pages.server_details import ServerDetails

    where = "<b>127.0.0.1:9</b>"
    status = ConnectionStatus(state="backoff", last_error=f"Connection refused by {where}.",
                              last_error_code="mcp.connection_refused", last_error_args={"where": where})
    data = StoreData(servers=[ServerEntry(name="fs", target=StdioTarget(command="x"), consent="given")])
    snapshot = Snapshot.build(data, {}, lambda _name: status, lambda _name: [])
    model = ServersTableModel()
    details = ServerDetails()
    translations().apply(language)
    try:
        model.set_snapshot(snapshot)
        details.show_row(snapshot.servers[0])
        tooltip = model.data(model.index(0, Column.STATUS), Qt.ItemDataRole.ToolTipRole)
        refused = {"zh_CN": "拒绝了连接", "zh_TW": "拒絕了連線"}[language]
        shown = f"{where} {refused}。"
        # The tooltip is escaped so the server's markup shows as typed; the label is plain text.
        assert tooltip == "<qt>&lt;b&gt;127.0.0.1:9&lt;/b&gt; " + refused + "。</qt>"
        assert details.error.text() == shown
        assert details.error.textFormat() == Qt.TextFormat.PlainText
    finally:
        translations().apply(ENGLISH)
        details.deleteLater()
        model.deleteLater()


def test_the_ui_spells_no_sentence_of_the_messages_context_itself(tmp_path: Path) -> None:
    """What `pyside6-lupdate` finds for "Messages" comes from core's catalogue only; the UI looks templates up."""
    from app.core.text import CATALOGUE, CONTEXT

    def extracted(sources: list[Path]) -> set[str]:
        ts = tmp_path / f"{len(sources)}.ts"
        subprocess.run([tool("pyside6-lupdate"), *map(str, sources), "-locations", "none", "-silent", "-ts", str(ts)],
                       cwd=PROJECT, check=True, timeout=60)
        return {source for (context, source) in messages(ts) if context == CONTEXT}

    ui = [path for path in (PROJECT / "app" / "ui").rglob("*.py") if path.name != "resources_rc.py"]
    assert extracted(ui) == set()
    assert extracted(sorted((PROJECT / "app" / "core" / "text").glob("*.py"))) == set(CATALOGUE.values())


# The command line's metavariables and its JSON example stay as typed in every language.
COMMAND_LATIN = ("--url URL", "--server NAME", '{"path": "/tmp"}')


@pytest.mark.parametrize(("language", "marks", "foreign"), [("zh_CN", "“”", "「」"), ("zh_TW", "「」", "“”")])
def test_the_command_line_call_and_bridge_sentences_are_translated_too(
    qapp: QApplication, language: str, marks: str, foreign: str
) -> None:
    """They print English, yet each is one template of the catalogue, translated like every other."""
    from app.core.text import message, placeholders
    from app.core.text.commands import COMMANDS
    from app.ui.render import render

    samples = {code: message(code, **dict.fromkeys(placeholders(template), SAMPLE))
               for code, template in COMMANDS.items()}
    assert all(render(sample) == sample.text for sample in samples.values())
    translations().apply(language)
    try:
        rendered = {code: render(sample) for code, sample in samples.items()}
        for code, shown in rendered.items():
            assert not not_chinese(shown, foreign, (*ALLOWED_LATIN, *COMMAND_LATIN)), (language, code, shown)
        quoted = [shown for shown in rendered.values() if marks[0] in shown]
        assert len(quoted) >= 6 and all(marks[1] in shown for shown in quoted)
    finally:
        translations().apply(ENGLISH)
