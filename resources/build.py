"""Regenerate the translation catalogues and the compiled Qt resource module.

    .venv/bin/python resources/build.py            # lupdate, lrelease, rcc
    .venv/bin/python resources/build.py --no-update  # lrelease and rcc only (after editing a .ts)

1. `pyside6-lupdate` collects every tr()/translate() string from app/ui, and every sentence of
   core's catalogue (the `QT_TRANSLATE_NOOP` templates in app/core/text/), into the `.ts` sources
   (keeping the translations already made; translators edit these files, e.g. in Qt Linguist).
2. `pyside6-lrelease` compiles each `.ts` into the `.qm` shipped beside it.
3. `pyside6-rcc` packs icons and `.qm` files into app/ui/resources_rc.py, which is committed, so an
   installed wheel or a frozen build finds them without any file-system path.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

RESOURCES = Path(__file__).resolve().parent
PROJECT = RESOURCES.parent
SOURCES = PROJECT / "app" / "ui"
SENTENCES = PROJECT / "app" / "core" / "text"
TRANSLATIONS = RESOURCES / "translations"
LANGUAGES = ("en", "zh_CN", "zh_TW")
GENERATED = SOURCES / "resources_rc.py"


def tool(name: str) -> str:
    """A PySide6 tool from the interpreter's own environment first, then from PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} was not found; install PySide6-Essentials in this environment.")
    return found


def ts_path(language: str) -> Path:
    return TRANSLATIONS / f"rootkeeper_{language}.ts"


def python_sources() -> list[str]:
    scanned = [*SOURCES.rglob("*.py"), *SENTENCES.glob("*.py")]
    return sorted(str(path.relative_to(PROJECT)) for path in scanned if path != GENERATED)


def update_catalogues() -> None:
    for language in LANGUAGES:
        # English is the source language: its catalogue only carries plural forms.
        plural_only = ["-pluralonly"] if language == "en" else []
        command = [tool("pyside6-lupdate"), *python_sources(), "-no-obsolete", "-locations", "none",
                   *plural_only, "-target-language", language, "-ts", str(ts_path(language))]
        subprocess.run(command, cwd=PROJECT, check=True)


def compile_catalogues() -> None:
    for language in LANGUAGES:
        qm = ts_path(language).with_suffix(".qm")
        subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts_path(language)), "-qm", str(qm)], check=True)


def compile_resources() -> None:
    # rcc records each file's modification time unless told a fixed one (0 means "not set"); without
    # it the module would change (and show up in a diff) whenever a .qm is rewritten unchanged.
    env = dict(os.environ, QT_RCC_SOURCE_DATE_OVERRIDE="1")
    subprocess.run([tool("pyside6-rcc"), str(RESOURCES / "rootkeeper.qrc"), "-o", str(GENERATED)], check=True, env=env)
    # Generated code: exempt from type checking (rcc writes untyped functions), not from linting.
    GENERATED.write_text("# mypy: ignore-errors\n" + GENERATED.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-update", action="store_true", help="do not re-scan the sources for strings")
    args = parser.parse_args()
    if not args.no_update:
        update_catalogues()
    compile_catalogues()
    compile_resources()


if __name__ == "__main__":
    main()
