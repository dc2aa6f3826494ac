"""The GUI's own preferences (language, start hidden, notifications, the window as it was left), in `gui.ini`.

They live in the same folder as the store (so `ROOTKEEPER_HOME` isolates them too, and a user can
back up one folder), in a QSettings INI file: QSettings writes through a temporary file and an
atomic rename under its own lock file. A file QSettings cannot parse is moved aside and reported,
never silently reset. The store stays the place for what other processes must see; these settings
only concern this desktop's window.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from app.core.system.fileio import private_dir
from app.ui.i18n import LANGUAGES, SYSTEM

SETTINGS_FILE = "gui.ini"


class GuiSettings:
    def __init__(self, home: Path, *, read_only: bool = False) -> None:
        self.path = home / SETTINGS_FILE
        self.read_only = read_only
        """Reads only (`--self-test` must leave the user's settings exactly as they were)."""
        self.notices: list[str] = []
        self._qs = self._open()

    def _open(self) -> QSettings:
        settings = QSettings(str(self.path), QSettings.Format.IniFormat)
        if settings.status() != QSettings.Status.NoError and self.path.exists():
            from datetime import datetime

            aside = self.path.with_name(f"{SETTINGS_FILE}.damaged-{datetime.now():%Y%m%d-%H%M%S}")
            with contextlib.suppress(OSError):
                os.replace(self.path, aside)
                self.notices.append(str(aside))
            settings = QSettings(str(self.path), QSettings.Format.IniFormat)
        return settings

    @property
    def language(self) -> str:
        value = self._qs.value("ui/language", SYSTEM)
        return value if isinstance(value, str) and (value in LANGUAGES or value == SYSTEM) else SYSTEM

    @language.setter
    def language(self, value: str) -> None:
        self._set("ui/language", value)

    @property
    def start_hidden(self) -> bool:
        return _as_bool(self._qs.value("ui/start_hidden", False))

    @start_hidden.setter
    def start_hidden(self, value: bool) -> None:
        self._set("ui/start_hidden", value)

    @property
    def tray_hint_shown(self) -> bool:
        return _as_bool(self._qs.value("ui/tray_hint_shown", False))

    @tray_hint_shown.setter
    def tray_hint_shown(self, value: bool) -> None:
        self._set("ui/tray_hint_shown", value)

    @property
    def notifications(self) -> bool:
        """Desktop notifications (a folder lost or back, a server failing); off, they show in the window only."""
        return _as_bool(self._qs.value("ui/notifications", True))

    @notifications.setter
    def notifications(self, value: bool) -> None:
        self._set("ui/notifications", value)

    # -- the window as the user left it ----------------------------------------------------------------

    def window_state(self, key: str) -> QByteArray | None:
        """A saved geometry or header state (`geometry`, `header/rootsTable`, …), None if never saved."""
        value = self._qs.value(f"window/{key}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_window_state(self, key: str, value: QByteArray) -> None:
        self._set(f"window/{key}", value, sync=False)  # the caller syncs once for all of them

    @property
    def tab(self) -> int:
        value = self._qs.value("window/tab", 0)
        try:
            return int(str(value))
        except ValueError:
            return 0

    @tab.setter
    def tab(self, value: int) -> None:
        self._set("window/tab", value, sync=False)

    def sync(self) -> None:
        if self.read_only:
            return
        # QSettings would create the folder and file with the umask's modes (0755/0644): make them private.
        private_dir(self.path.parent, tighten_existing=False)
        self._qs.sync()
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)

    @property
    def deferred_consent(self) -> set[str]:
        """The servers whose consent prompt was answered "Decide later" (keys from `consent.deferral_key`)."""
        value = self._qs.value("consent/deferred", [])
        values = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return {item for item in values if isinstance(item, str) and item}

    @deferred_consent.setter
    def deferred_consent(self, value: set[str]) -> None:
        self._set("consent/deferred", sorted(value))

    def _set(self, key: str, value: object, *, sync: bool = True) -> None:
        if self.read_only:
            return
        self._qs.setValue(key, value)
        if sync:
            self.sync()


def _as_bool(value: object) -> bool:
    # INI files hand booleans back as the strings "true"/"false".
    if isinstance(value, str):
        return value.lower() in ("true", "1", "yes")
    return bool(value)
