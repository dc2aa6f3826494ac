"""About Rootkeeper: the versions a bug report needs, the licence, where the state lives, and its log.

Plain text only (selectable, copyable as one block), never HTML: paths come from the user's system.
"""

from __future__ import annotations

import importlib.metadata
import platform
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import QEvent, Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app import __version__
from app.ui.icons import app_icon

if TYPE_CHECKING:
    from app.ui.flows.flows import Flows

LICENCE = "MIT"


def _version_of(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def project_urls() -> dict[str, str]:
    """The `[project.urls]` of pyproject.toml (their single source), as the installed metadata carries them."""
    try:
        entries = importlib.metadata.metadata("rootkeeper").get_all("Project-URL") or []
    except importlib.metadata.PackageNotFoundError:
        return {}
    return dict(tuple(part.strip() for part in entry.split(",", 1)) for entry in entries if "," in entry)


class AboutDialog(QDialog):
    def __init__(self, flows: Flows, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self._flows = flows
        self.state_folder = str(flows.editor.store.home)
        self.log_folder = str(flows.editor.hub.log_dir)
        self.icon = QLabel(self)
        self.icon.setObjectName("aboutIcon")
        self.icon.setPixmap(app_icon().pixmap(64, 64))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.urls = project_urls()
        self.homepage_button = QPushButton(self)
        self.homepage_button.setObjectName("aboutHomepage")
        self.bugs_button = QPushButton(self)
        self.bugs_button.setObjectName("aboutBugTracker")
        for button, key in ((self.homepage_button, "Homepage"), (self.bugs_button, "Bug Tracker")):
            url = self.urls.get(key)
            button.setVisible(url is not None)
            button.setToolTip(url or "")
            button.clicked.connect(lambda _=False, url=url: QDesktopServices.openUrl(QUrl(url or "")))
        self.facts = QLabel(self)
        self.facts.setObjectName("aboutFacts")
        self.facts.setTextFormat(Qt.TextFormat.PlainText)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.facts.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.log_button = QPushButton(self)
        self.log_button.setObjectName("showAppLog")
        self.copy_button = QPushButton(self)
        self.copy_button.setObjectName("copyAbout")
        buttons.addButton(self.log_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        self.log_button.clicked.connect(lambda: flows.desk.show_app_log(self.parentWidget()))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.facts.text()))
        top = QHBoxLayout()
        top.addWidget(self.icon)
        top.addWidget(self.facts, 1)
        links = QHBoxLayout()
        links.addWidget(self.homepage_button)
        links.addWidget(self.bugs_button)
        links.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(links)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("About Rootkeeper"))
        self.log_button.setText(self.tr("Show Rootkeeper's &log"))
        self.copy_button.setText(self.tr("&Copy"))
        self.homepage_button.setText(self.tr("&Homepage"))
        self.bugs_button.setText(self.tr("Report a &bug"))
        lines = [
            self.tr("Rootkeeper %1").replace("%1", __version__),
            self.tr("Tells MCP servers which folders you share with AI tools."),
            "",
            self.tr("Qt %1, PySide6 %2").replace("%1", qVersion()).replace("%2", PySide6.__version__),
            self.tr("MCP Python SDK %1").replace("%1", _version_of("mcp")),
            self.tr("Python %1 on %2").replace("%1", platform.python_version()).replace("%2", platform.platform()),
            self.tr("Licence: %1").replace("%1", LICENCE),
            self.tr("Settings and shared folders: %1").replace("%1", self.state_folder),
            self.tr("Logs: %1").replace("%1", self.log_folder),
        ]
        self.facts.setText("\n".join(lines))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def show_about(parent: QWidget, flows: Flows) -> AboutDialog:
    dialog = parent.findChild(AboutDialog, "aboutDialog")
    if dialog is None:
        dialog = AboutDialog(flows, parent)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
