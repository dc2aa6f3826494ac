#!/bin/sh
# Builds dist/rootkeeper (PyInstaller one-folder) and dist/rootkeeper_VERSION_ARCH.deb from it,
# then smoke-tests the frozen binary. Run from the repository root: `make package`.
set -eu
VENV=${VENV:-.venv}
"$VENV/bin/python" -m pip install --quiet "pyinstaller>=6.10"
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN --distpath dist --workpath build packaging/rootkeeper.spec

version=$("$VENV/bin/python" -c "import app; print(app.__version__)")
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
out=$(dist/rootkeeper/rootkeeper --version)
[ "$out" = "rootkeeper $version" ] || { echo "frozen --version printed: $out" >&2; exit 1; }
QT_QPA_PLATFORM=offscreen ROOTKEEPER_HOME=$(mktemp -d) dist/rootkeeper/rootkeeper --self-test

root=build/deb
rm -rf "$root"
icons="$root/usr/share/icons/hicolor"
mkdir -p "$root/DEBIAN" "$root/opt/rootkeeper" "$root/usr/bin" "$root/usr/share/applications" "$icons/scalable/apps"
cp resources/icons/rootkeeper.svg "$icons/scalable/apps/rootkeeper.svg"
"$VENV/bin/python" packaging/render_icons.py resources/icons/rootkeeper.svg "$icons"
cp -a dist/rootkeeper/. "$root/opt/rootkeeper/"
ln -s /opt/rootkeeper/rootkeeper "$root/usr/bin/rootkeeper"
cp packaging/rootkeeper.desktop "$root/usr/share/applications/"
depends=$("$VENV/bin/python" packaging/depends.py dist/rootkeeper)
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
  packaging/control.in > "$root/DEBIAN/control"
# Debian's icon cache and menu database are refreshed by their own dpkg triggers, so no maintainer scripts.
find "$root" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group --build "$root" "dist/rootkeeper_${version}_${arch}.deb" >/dev/null
echo "Built dist/rootkeeper_${version}_${arch}.deb (Depends: $depends)"
touch dist/.built  # what `make package` checks to skip an up-to-date build
