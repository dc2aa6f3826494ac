"""The macOS bundle's Info.plist, built here so the spec and its test share one definition."""

from __future__ import annotations

BUNDLE_ID = "io.github.rootkeeper.Rootkeeper"

# macOS asks the user before an app reads these places; the sentence is what the prompt shows.
FOLDER_USAGE = {
    "NSDesktopFolderUsageDescription": "Rootkeeper checks that the folders you share from your Desktop are reachable.",
    "NSDocumentsFolderUsageDescription":
        "Rootkeeper checks that the folders you share from Documents are reachable.",
    "NSDownloadsFolderUsageDescription":
        "Rootkeeper checks that the folders you share from Downloads are reachable.",
    "NSRemovableVolumesUsageDescription":
        "Rootkeeper checks that the folders you share on removable drives are reachable.",
    "NSNetworkVolumesUsageDescription":
        "Rootkeeper checks that the folders you share on network drives are reachable.",
}


def info_plist(version: str) -> dict[str, object]:
    return {
        "CFBundleName": "Rootkeeper",
        "CFBundleDisplayName": "Rootkeeper",
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundlePackageType": "APPL",
        "LSMinimumSystemVersion": "12.0",
        # A tray (menu-bar) app: no Dock icon and no menu bar of its own; the window opens from the tray.
        "LSUIElement": True,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "Rootkeeper developers",
        **FOLDER_USAGE,
    }
