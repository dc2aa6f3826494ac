"""Settings: the language (following the system by default), start hidden in the tray, start at login, notifications."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from app.ui.i18n import LANGUAGES, SYSTEM, resolve


class SettingsDialog(QDialog):
    def __init__(
        self,
        language: str,
        start_hidden: bool,
        *,
        tray_available: bool,
        notifications: bool = True,
        autostart: bool = False,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.language = QComboBox(self)
        self.language.addItem("", SYSTEM)
        for code, endonym in LANGUAGES.items():
            self.language.addItem(endonym, code)
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        self.start_hidden = QCheckBox(self)
        self.start_hidden.setChecked(start_hidden and tray_available)
        self.start_hidden.setEnabled(tray_available)
        self._tray_available = tray_available
        self.autostart = QCheckBox(self)
        self.autostart.setObjectName("autostart")
        self.autostart.setChecked(autostart)
        self.notifications = QCheckBox(self)
        self.notifications.setObjectName("notifications")
        self.notifications.setChecked(notifications)
        self._language_label = QLabel(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QFormLayout(self)
        layout.addRow(self._language_label, self.language)
        layout.addRow("", self.start_hidden)
        layout.addRow("", self.autostart)
        layout.addRow("", self.notifications)
        layout.addRow(buttons)
        self.retranslate()

    def chosen_language(self) -> str:
        return str(self.language.currentData())

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Rootkeeper settings"))
        self._language_label.setText(self.tr("&Language:"))
        self._language_label.setBuddy(self.language)
        system = LANGUAGES[resolve(SYSTEM)]
        self.language.setItemText(0, self.tr("Follow the system (%1)").replace("%1", system))
        self.start_hidden.setText(self.tr("Start &hidden in the system tray"))
        self.autostart.setText(self.tr("Start Rootkeeper when I &log in"))
        self.notifications.setText(self.tr("Show desktop &notifications (a folder lost or back, a server failing)"))
        self.notifications.setToolTip(self.tr("When off, these events are shown in this window only."))
        if not self._tray_available:
            self.start_hidden.setToolTip(self.tr("No system tray was found on this desktop."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
