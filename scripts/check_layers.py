"""The layer check `make test` runs: every import statement in app/, wherever it stands.

Rootkeeper's layers (DESIGN.md) point down only:

    cli  →  ui  →  mcp, bridge  →  engine  →  core

An import that climbs a layer, or crosses between `mcp` and `bridge`, fails; so does any circle of
files, even one closed only by an import inside a function or under `TYPE_CHECKING`; so does a
third-party import a layer must not make (Qt outside ui, the MCP SDK outside mcp, asyncio in core);
and so does a folder holding more than `MAX_MODULES` modules (a family of modules is a package).

Run: `python scripts/check_layers.py` (exit 1 and one line per problem, or exit 0 and a summary).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent

RANK = {"core": 0, "engine": 1, "mcp": 2, "bridge": 2, "ui": 3, "cli": 4}
"""Each layer's height: a module imports only from layers below its own, or from its own layer."""

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "core": ("asyncio", "PySide6", "qasync", "shiboken6", "mcp", "anyio", "httpx", "httpx2"),
    "engine": ("PySide6", "qasync", "shiboken6", "mcp"),
    "mcp": ("PySide6", "qasync", "shiboken6"),
    "bridge": ("PySide6", "qasync", "shiboken6", "mcp"),
    "ui": ("mcp",),
    "cli": ("mcp", "PySide6", "qasync", "shiboken6"),
}
"""Top-level packages a layer must not import: Qt lives in ui, the MCP SDK in mcp, asyncio above core."""

MAX_MODULES = 20
"""More modules than this in one folder is a family that wants a package of its own."""


@dataclass(frozen=True)
class Import:
    source: str
    """The importing module, dotted."""
    target: str
    """The imported module, dotted: an `app` module, or a third-party top-level package."""
    line: int


def app_modules(root: Path) -> dict[str, Path]:
    modules = {}
    for path in sorted((root / "app").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The longest module prefix of a dotted name (`app.core.model.Root` → `app.core.model`)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports(modules: dict[str, Path]) -> Iterator[Import]:
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield from _resolved(name, alias.name, modules, node.lineno)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                if base != "app" and not base.startswith("app."):
                    yield from _resolved(name, base, modules, node.lineno)
                    continue
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    yield from _resolved(name, full if full in modules else base, modules, node.lineno)


def _resolved(source: str, imported: str, modules: dict[str, Path], line: int) -> Iterator[Import]:
    if imported == "app" or imported.startswith("app."):
        target = _owner(imported, modules)
        if target is not None and target != source:
            yield Import(source, target, line)
    else:
        yield Import(source, imported.partition(".")[0], line)


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in RANK else None


def layer_problems(found: list[Import], modules: dict[str, Path], root: Path) -> list[str]:
    problems = []
    for edge in found:
        own = layer(edge.source)
        where = f"{modules[edge.source].relative_to(root)}:{edge.line}"
        if edge.target in modules:
            theirs = layer(edge.target)
            if own is None:
                # `app/__init__.py` is imported by every layer, so it imports nothing of the app;
                # `app/__main__.py` is the entry point and may import the CLI.
                if edge.source == "app" or theirs not in ("cli", None):
                    problems.append(f"{where}: {edge.source} imports {edge.target}")
                continue
            if theirs is None:
                continue
            if RANK[theirs] > RANK[own] or (RANK[theirs] == RANK[own] and theirs != own):
                problems.append(f"{where}: {edge.source} ({own}) imports {edge.target} ({theirs}), "
                                f"which {'crosses' if RANK[theirs] == RANK[own] else 'climbs'} a layer")
        elif own is not None and edge.target in FORBIDDEN[own]:
            problems.append(f"{where}: {edge.source} ({own}) imports {edge.target}, which {own} must not")
    return problems


def circles(found: list[Import], modules: dict[str, Path]) -> list[list[str]]:
    """Every strongly connected set of two or more modules (Tarjan's algorithm, iterative)."""
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for edge in found:
        if edge.target in modules:
            edges[edge.source].add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result = []
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    result.append(sorted(component))
    return result


def crowded_folders(modules: dict[str, Path], root: Path) -> list[str]:
    counts: dict[Path, int] = {}
    for path in modules.values():
        if path.name not in ("__init__.py", "resources_rc.py"):
            counts[path.parent] = counts.get(path.parent, 0) + 1
    return [f"{folder.relative_to(root)}/ holds {count} modules (at most {MAX_MODULES}): make packages"
            for folder, count in sorted(counts.items()) if count > MAX_MODULES]


def check(root: Path = PROJECT) -> list[str]:
    modules = app_modules(root)
    found = list(imports(modules))
    problems = layer_problems(found, modules, root)
    problems += [f"import circle: {' → '.join(component)}" for component in circles(found, modules)]
    problems += crowded_folders(modules, root)
    return problems


def main() -> int:
    problems = check()
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} layer problem(s)", file=sys.stderr)
        return 1
    print(f"layers: {len(app_modules(PROJECT))} modules, imports point down, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
