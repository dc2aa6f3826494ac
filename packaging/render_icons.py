"""Renders the app icon into the hicolor sizes desktops look for: `render_icons.py SVG OUT_DIR`.

Writes OUT_DIR/<N>x<N>/apps/rootkeeper.png; the scalable SVG goes beside them (build.sh), but
panels and menus that only read PNGs still find an icon.
"""

import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    source, out = Path(sys.argv[1]), Path(sys.argv[2])
    _app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise SystemExit(f"{source} is not a valid SVG")
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = out / f"{size}x{size}" / "apps" / "rootkeeper.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise SystemExit(f"could not write {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
