"""Canary for the PySide6 internal that `app.ui.pyside_scan` replaces: an upgrade that renames or changes it fails here.

`pyside_scan` swaps `shibokensupport.feature._mod_uses_pyside(module)`, which `feature_imported` looks
up by name for each module imported after Qt. Nothing else would notice if a PySide6 release renamed
it, changed its arguments or stopped calling it: the app would silently go back to keeping the source
of every module in `linecache`. Each check runs in a fresh process, where only Qt is loaded before it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.support.gui import no_desktop_env
from tests.support.project import PROJECT

# Ask PySide6 about its check before and after `pyside_scan.install`, then import two modules after Qt
# (one names PySide6, one does not) and report what PySide6 recorded and what `linecache` kept of them.
PROBE = """
import inspect, json, linecache, sys
import PySide6.QtCore
folder = sys.argv[1]
feature = sys.modules.get("shibokensupport.feature")
check = getattr(feature, "_mod_uses_pyside", None)
caller = getattr(feature, "feature_imported", None)
seen = {
    "feature": feature is not None,
    "callable": callable(check),
    "parameters": list(inspect.signature(check).parameters) if callable(check) else None,
    "looked_up_by_name": caller is not None and "_mod_uses_pyside" in caller.__code__.co_names,
}
sys.path.insert(0, folder)
import canary_before  # judged by PySide6's own check (it watches `import` statements, not importlib)
from app.ui import pyside_scan
seen["installed"] = pyside_scan.install()
seen["replaced"] = getattr(feature._mod_uses_pyside, pyside_scan._MARK, False) if feature else False
import canary_plain, canary_qt
names = ("canary_before", "canary_plain", "canary_qt")
seen["recorded"] = {name: getattr(feature, "pyside_feature_dict", {}).get(name) for name in names}
seen["cached"] = sorted(path.rsplit("/", 1)[-1] for path in linecache.cache if path.startswith(folder))
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("canary")
    (folder / "canary_before.py").write_text('"""Imported after Qt, before the check is replaced."""\n')
    (folder / "canary_plain.py").write_text('"""Imported after Qt: names no Qt binding."""\n')
    (folder / "canary_qt.py").write_text('"""Imported after Qt: names PySide6 in its source."""\n')
    done = subprocess.run([sys.executable, "-c", PROBE, str(folder) + "/"], cwd=PROJECT, capture_output=True,
                          text=True, timeout=120, check=False,
                          env=no_desktop_env(folder / "home", QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


UPGRADE = "PySide6 changed the check app/ui/pyside_scan.py replaces; re-read shibokensupport/feature.py: "


def test_pyside_still_has_the_check_that_pyside_scan_replaces(seen: dict[str, Any]) -> None:
    assert seen["feature"], UPGRADE + "the module shibokensupport.feature is gone"
    assert seen["callable"], UPGRADE + "feature._mod_uses_pyside is gone or renamed"
    assert seen["parameters"] == ["module"], UPGRADE + f"_mod_uses_pyside now takes {seen['parameters']}"
    assert seen["looked_up_by_name"], UPGRADE + "feature_imported no longer calls _mod_uses_pyside by name"


def test_pyside_s_own_check_still_keeps_the_source_the_replacement_saves(seen: dict[str, Any]) -> None:
    # The reason for the replacement: PySide6's own check reads a module's source through `linecache`.
    assert seen["recorded"]["canary_before"] == -1, UPGRADE + f"it recorded {seen['recorded']}"
    assert "canary_before.py" in seen["cached"], (
        "PySide6's own check no longer keeps the source of each module imported after Qt: "
        f"app/ui/pyside_scan.py may no longer be needed (cached: {seen['cached']})")


def test_the_replacement_takes_effect_on_modules_imported_after_qt(seen: dict[str, Any]) -> None:
    assert seen["installed"] and seen["replaced"], UPGRADE + "pyside_scan.install() did not replace the check"
    assert seen["recorded"]["canary_plain"] == -1 and seen["recorded"]["canary_qt"] == 0, (
        UPGRADE + f"the replaced check's answers were not recorded as before: {seen['recorded']}")
    assert seen["cached"] == ["canary_before.py"], (
        UPGRADE + f"a module imported after the replacement was still source-scanned: {seen['cached']}")
