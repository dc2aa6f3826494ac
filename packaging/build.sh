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
icons="$root/usr/share/icons/hicolor/scalable/apps"
mkdir -p "$root/DEBIAN" "$root/opt/rootkeeper" "$root/usr/bin" "$root/usr/share/applications" "$icons"
cp resources/icons/rootkeeper.svg "$icons/rootkeeper.svg"
cp -a dist/rootkeeper/. "$root/opt/rootkeeper/"
ln -s /opt/rootkeeper/rootkeeper "$root/usr/bin/rootkeeper"
cp packaging/rootkeeper.desktop "$root/usr/share/applications/"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" packaging/control.in > "$root/DEBIAN/control"
dpkg-deb --root-owner-group --build "$root" "dist/rootkeeper_${version}_${arch}.deb" >/dev/null
echo "Built dist/rootkeeper_${version}_${arch}.deb"
