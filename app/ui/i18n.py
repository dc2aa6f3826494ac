"""Which language the UI speaks, and switching it while the app runs.

Our own catalogues are compiled into the Qt resource module (so frozen builds find them without
paths); Qt's catalogue for its standard buttons and dialogs comes from the Qt installation.
Installing a translator sends `QEvent.LanguageChange` to every widget, which re-translates itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

import app.ui.resources_rc  # noqa: F401  (registers the ":/translations" resources)

SYSTEM = "system"
ENGLISH = "en"
# Endonyms on purpose: a user who cannot read the current language must still find their own.
LANGUAGES: dict[str, str] = {ENGLISH: "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}

_TRADITIONAL_MARKERS = ("hant", "tw", "hk", "mo")


def language_for(ui_languages: Sequence[str]) -> str:
    """The supported language that best fits the user's ordered preferences (BCP 47 tags)."""
    for tag in ui_languages:
        parts = tag.replace("_", "-").lower().split("-")
        if parts[0] == "zh":
            return "zh_TW" if any(part in _TRADITIONAL_MARKERS for part in parts[1:]) else "zh_CN"
        if parts[0] == "en":
            return ENGLISH
    return ENGLISH


def resolve(choice: str) -> str:
    """A stored choice (a language code, or "system") as the language code to load."""
    if choice in LANGUAGES:
        return choice
    return language_for(QLocale.system().uiLanguages())


def catalogue_path(language: str) -> str:
    return f":/translations/rootkeeper_{language}.qm"


class Translations:
    """The translators installed on the application; `apply` swaps them."""

    def __init__(self, app: QCoreApplication) -> None:
        self._app = app
        self._installed: list[QTranslator] = []
        self.language = ENGLISH

    def apply(self, choice: str) -> str:
        language = resolve(choice)
        for translator in self._installed:
            self._app.removeTranslator(translator)
            translator.deleteLater()
        self._installed = []
        ours = QTranslator(self._app)
        if not ours.load(catalogue_path(language)):
            raise RuntimeError(f"The {language} catalogue is missing from the resources.")
        qt_own = QTranslator(self._app)
        qt_catalogues = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        # Qt's own strings (standard buttons, file dialogs) are optional: English needs none.
        if language != ENGLISH and qt_own.load(f"qtbase_{language}", qt_catalogues):
            self._installed.append(qt_own)
        self._installed.append(ours)
        for translator in self._installed:
            self._app.installTranslator(translator)
        # Dates, times and numbers follow the chosen language, or the system's when following the system.
        QLocale.setDefault(QLocale.system() if choice not in LANGUAGES else QLocale(language))
        self.language = language
        return language
