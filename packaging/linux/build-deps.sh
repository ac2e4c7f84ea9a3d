#!/usr/bin/env bash
# Debian/Ubuntu packages the packaging build and its test need, installed only when missing:
# binutils (readelf and strip, used by hearth.spec),
# dpkg-deb (builds the .deb), a real Secret Service in a private D-Bus session for the frozen
# keyring test, a font, and every library Qt's platform plugins load from the system (one list,
# packaging/linux/qt-system-libs.txt, shared with the .deb's Depends and the README);
# debootstrap and Xvfb for the clean-root install test (tests/packaging/test_clean_root.py);
# syncthing: the sync tests run real Syncthing instances on 127.0.0.1 (tests/support/syncthing.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
mapfile -t QT_LIBS < <(sed 's/#.*//' packaging/linux/qt-system-libs.txt | awk 'NF { print $1 }')
NEEDED=(binutils dpkg-dev gnome-keyring dbus-daemon libsecret-tools fonts-dejavu-core debootstrap xvfb syncthing "${QT_LIBS[@]}")
missing=()
for pkg in "${NEEDED[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "missing system packages: ${missing[*]} (install them with apt-get as root)" >&2
    exit 1
fi
echo "installing system packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q "${missing[@]}" >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q "${missing[@]}" >/dev/null; }
