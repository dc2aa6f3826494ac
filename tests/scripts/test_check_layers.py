"""The layer check itself: it passes on this tree and fails on each kind of problem it exists to catch."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.project import PROJECT

SCRIPT = PROJECT / "scripts" / "check_layers.py"


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("check_layers", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


check_layers = _load()


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in {"app/__init__.py": "", "app/core/__init__.py": "", "app/engine/__init__.py": "",
                       "app/mcp/__init__.py": "", "app/bridge/__init__.py": "", "app/ui/__init__.py": "",
                       "app/cli/__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_this_tree_passes() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no circle" in done.stdout


def test_a_tree_that_keeps_the_rules_passes(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "app/core/model.py": "import json\n",
        "app/engine/watcher.py": "import asyncio\nfrom app.core.model import json\n",
        "app/mcp/hub.py": "import mcp\nfrom app.engine import watcher\n",
        "app/bridge/proxy.py": "from app.engine.watcher import asyncio\n",
        "app/ui/window.py": "from PySide6.QtWidgets import QWidget\nfrom app.mcp.hub import mcp\n",
        "app/cli/main.py": "from app.ui import window\nfrom app.bridge import proxy\n",
        "app/__main__.py": "from app.cli.main import window\n",
    })
    assert check_layers.check(root) == []


@pytest.mark.parametrize(("files", "expected"), [
    ({"app/core/model.py": "def f():\n    from app.engine import watcher\n", "app/engine/watcher.py": ""},
     "app/core/model.py:2: app.core.model (core) imports app.engine.watcher (engine), which climbs a layer"),
    ({"app/mcp/hub.py": "from app.bridge.proxy import Bridge\n", "app/bridge/proxy.py": ""},
     "app/mcp/hub.py:1: app.mcp.hub (mcp) imports app.bridge.proxy (bridge), which crosses a layer"),
    ({"app/ui/main.py": "from app.cli import main\n", "app/cli/main.py": ""},
     "app/ui/main.py:1: app.ui.main (ui) imports app.cli.main (cli), which climbs a layer"),
    ({"app/core/model.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import asyncio\n"},
     "app/core/model.py:3: app.core.model (core) imports asyncio, which core must not"),
    ({"app/engine/run.py": "import mcp.client\n"},
     "app/engine/run.py:1: app.engine.run (engine) imports mcp, which engine must not"),
    ({"app/bridge/proxy.py": "from PySide6 import QtCore\n"},
     "app/bridge/proxy.py:1: app.bridge.proxy (bridge) imports PySide6, which bridge must not"),
    ({"app/__init__.py": "from app.core import model\n", "app/core/model.py": ""},
     "app/__init__.py:1: app imports app.core.model"),
])
def test_an_import_that_climbs_crosses_or_is_forbidden_fails(tmp_path: Path, files: dict[str, str],
                                                             expected: str) -> None:
    assert check_layers.check(_tree(tmp_path, files)) == [expected]


def test_a_circle_closed_only_inside_a_function_or_for_types_fails(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "app/core/a.py": "from app.core import b\n",
        "app/core/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.core.c import C\n",
        "app/core/c.py": "def f():\n    from app.core.a import x\n",
        "app/core/d.py": "from .e import y\n",
        "app/core/e.py": "def g():\n    from . import d\n",
    })
    assert sorted(check_layers.check(root)) == [
        "import circle: app.core.a → app.core.b → app.core.c",
        "import circle: app.core.d → app.core.e",
    ]


def test_a_crowded_folder_fails(tmp_path: Path) -> None:
    root = _tree(tmp_path, {f"app/ui/m{number}.py": "" for number in range(21)})
    assert check_layers.check(root) == [
        "app/ui/ holds 21 modules (at most 20): make packages",
    ]
