#!/usr/bin/env bash
# Debian/Ubuntu packages the packaging build and its test need, installed only when missing:
# binutils (readelf and strip, used by hearth.spec),
# dpkg-deb (builds the .deb), a real Secret Service in a private D-Bus session for the frozen
# keyring test, and the X/EGL/font libraries Qt's platform plugins link against (a desktop has
# them; a bare CI machine may not — the .deb declares them as Depends).
set -euo pipefail
NEEDED=(binutils dpkg-dev gnome-keyring dbus-daemon libsecret-tools libfontconfig1 libegl1 libgl1 libdbus-1-3
        libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
        libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 fonts-dejavu-core)
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
