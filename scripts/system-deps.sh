#!/bin/sh
# Installs the Debian packages Rootkeeper needs, only when some are missing.
#   run:  Qt's X11 platform plugin libraries, for a real desktop session.
#   package: the same, plus what `make package` uses (dpkg-shlibdeps and readelf for the .deb's Depends).
#   test: all of that, plus Xvfb for the on-screen tests, setpriv for permission tests; for the fault
#         suite's root-only cases mount (a small tmpfs), useradd (another local user) and a system python3
#         that user can run; a D-Bus session bus with GNOME Keyring for the tests of secrets in a real
#         Secret Service; and for the packaging and screenshot tests: desktop-file-validate, makensis, a
#         real tray host (trayer), CJK fonts and xwininfo.
set -eu
RUN_PACKAGES="libegl1 libgl1 libfontconfig1 libdbus-1-3 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0
  libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0 libxcb-randr0 libxcb-xinerama0
  libxcb-xkb1 libxcb-xfixes0"
PACKAGE_PACKAGES="dpkg-dev binutils"
TEST_PACKAGES="xvfb xauth util-linux procps mount passwd python3-minimal dbus-daemon gnome-keyring desktop-file-utils
  nsis trayer fonts-noto-cjk x11-utils"

case "${1:-run}" in
  run) wanted=$RUN_PACKAGES ;;
  package) wanted="$RUN_PACKAGES $PACKAGE_PACKAGES" ;;
  test) wanted="$RUN_PACKAGES $PACKAGE_PACKAGES $TEST_PACKAGES" ;;
  *) echo "usage: $0 run|package|test" >&2; exit 2 ;;
esac

command -v dpkg-query >/dev/null 2>&1 || { echo "Not a Debian-like system: install the equivalents of: $wanted" >&2; exit 0; }

missing=""
for package in $wanted; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing system packages:$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
