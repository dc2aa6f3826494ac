"""The layout of the tests themselves: no test module imports another test module or a conftest.py.

Shared helpers live in `tests/support` (or a support module beside the tests that use them) and shared
fixtures in a conftest.py, which pytest finds by itself. Importing a test module runs it a second time
under another name and ties its tests to whatever imported it; importing a conftest.py does the same to
its hooks. Every import is read, those inside functions too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.project import PROJECT

SKIPPED = ("node",)
"""Folders of tests/ that hold no Python of ours (npm packages)."""


def _is_test_module(path: Path) -> bool:
    return path.suffix == ".py" and (path.name.startswith("test_") or path.stem.endswith("_test"))


def _forbidden(path: Path) -> bool:
    return _is_test_module(path) or path.name == "conftest.py"


def _module_file(root: Path, dotted: str) -> Path | None:
    """The file of module `dotted` under `root` (a package's __init__.py), if there is one."""
    base = root.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported(root: Path, source: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of each module `source` imports, or may import (`from PACKAGE import NAME`)."""
    package = list(source.relative_to(root).parent.parts)
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"), str(source))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names if alias.name != "*"]
    return found


def cross_imports(root: Path) -> list[str]:
    """`file:line imports module` for each import, under `root/tests`, of a test module or a conftest.py."""
    tests = root / "tests"
    problems: list[str] = []
    for source in sorted(tests.rglob("*.py")):
        if source.relative_to(tests).parts[0] in SKIPPED:
            continue
        for line, dotted in _imported(root, source):
            if not dotted.startswith("tests."):
                continue
            target = _module_file(root, dotted)
            if target is not None and _forbidden(target):
                problems.append(f"{source.relative_to(root)}:{line} imports {dotted}")
    return problems


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in {"tests/__init__.py": "", "tests/support/__init__.py": "", "tests/support/waiting.py": "",
                       "tests/ui/__init__.py": "", "tests/ui/conftest.py": "", "tests/ui/test_a.py": "",
                       "tests/ui/helpers.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_no_test_module_imports_another_or_a_conftest() -> None:
    assert cross_imports(PROJECT) == [], "move what is shared to tests/support or a conftest.py fixture"


def test_support_modules_and_local_helpers_may_be_imported(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"tests/ui/test_b.py": (
        "from tests.support.waiting import eventually\nfrom tests.ui import helpers\nfrom .helpers import x\n"
        "import tests.support.waiting\nfrom tests.support import waiting\n"
    )})
    assert cross_imports(root) == []


@pytest.mark.parametrize(("text", "imported"), [
    pytest.param("from tests.ui.test_a import helper\n", "tests.ui.test_a", id="from-test-module"),
    pytest.param("import tests.ui.test_a\n", "tests.ui.test_a", id="import-test-module"),
    pytest.param("from tests.ui import test_a\n", "tests.ui.test_a", id="test-module-from-package"),
    pytest.param("from .test_a import helper\n", "tests.ui.test_a", id="relative-from-test-module"),
    pytest.param("from . import test_a\n", "tests.ui.test_a", id="relative-test-module"),
    pytest.param("def f():\n    from tests.ui.test_a import helper\n", "tests.ui.test_a", id="inside-a-function"),
    pytest.param("from tests.ui.conftest import CONSTANT\n", "tests.ui.conftest", id="from-conftest"),
    pytest.param("from tests.ui import conftest\n", "tests.ui.conftest", id="conftest-from-package"),
])
def test_each_way_of_importing_a_test_module_or_a_conftest_is_found(tmp_path: Path, text: str, imported: str) -> None:
    root = _tree(tmp_path, {"tests/ui/test_b.py": text})
    assert [problem.split(" imports ")[1] for problem in cross_imports(root)] == [imported]


def test_a_support_module_importing_a_test_module_is_found_too(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"tests/support/waiting.py": "from tests.ui.test_a import helper\n"})
    assert cross_imports(root) == ["tests/support/waiting.py:1 imports tests.ui.test_a"]
