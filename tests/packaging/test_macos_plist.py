"""The macOS bundle's Info.plist, as the spec's BUNDLE gets it, written and read back with plistlib."""

from __future__ import annotations

import importlib.util
import plistlib
import sys
from types import ModuleType

from app import __version__
from tests.support.project import PROJECT


def spec_module(name: str) -> ModuleType:
    """A module of packaging/ the way the spec imports it (packaging/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, PROJECT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


def test_info_plist_is_a_tray_app_that_says_why_it_reads_folders() -> None:
    macos_plist = spec_module("macos_plist")
    info = plistlib.loads(plistlib.dumps(macos_plist.info_plist(__version__)))

    assert info["LSUIElement"] is True  # menu-bar only: no Dock icon
    assert info["CFBundleIdentifier"] == macos_plist.BUNDLE_ID
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == __version__
    for key in ("NSDesktopFolderUsageDescription", "NSDocumentsFolderUsageDescription",
                "NSDownloadsFolderUsageDescription", "NSRemovableVolumesUsageDescription",
                "NSNetworkVolumesUsageDescription"):
        assert info[key].startswith("Rootkeeper ") and info[key].endswith("."), key


def test_spec_hands_the_plist_to_its_bundle() -> None:
    spec = (PROJECT / "packaging" / "rootkeeper.spec").read_text()
    assert "BUNDLE(" in spec and "info_plist=macos_plist.info_plist(__version__)" in spec
