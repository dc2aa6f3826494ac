"""The translation catalogues keep every placeholder of their English source: no argument is silently lost.

Qt's `%1` and `%n` (the UI's own words) and the catalogue's `{name}` (core's sentences) alike.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.support.project import PROJECT

PLACEHOLDER = re.compile(r"%(?:\d+|n)|\{[a-z_][a-z0-9_]*\}")
CATALOGUES = sorted((PROJECT / "resources" / "translations").glob("rootkeeper_zh_*.ts"))


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda path: path.stem)
def test_every_translation_keeps_the_placeholders_of_its_source(catalogue: Path) -> None:
    lost = []
    for context in ET.parse(catalogue).getroot().iter("context"):
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("obsolete", "vanished", "unfinished"):
                continue
            forms = [form.text or "" for form in translation.iter("numerusform")] or [translation.text or ""]
            wanted = set(PLACEHOLDER.findall(source))
            lost += [(source, form) for form in forms if set(PLACEHOLDER.findall(form)) != wanted]
    assert CATALOGUES and lost == []
