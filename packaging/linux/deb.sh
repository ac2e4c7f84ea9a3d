#!/usr/bin/env bash
# dist/hearth-dir → dist/hearth_<version>_amd64.deb: the app under /opt/hearth, `hearth` on PATH,
# a menu entry and icons. Run by packaging/build.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(.venv/bin/python -c "import app; print(app.__version__)")
root="build/deb/hearth_${version}_amd64"
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications"
cp -a dist/hearth-dir "$root/opt/hearth"
ln -s /opt/hearth/hearth "$root/usr/bin/hearth"
cp packaging/linux/hearth.desktop "$root/usr/share/applications/hearth.desktop"
for png in resources/icons/hearth-*.png; do
    size=$(basename "$png" .png | cut -d- -f2)
    install -D -m 644 "$png" "$root/usr/share/icons/hicolor/${size}x${size}/apps/hearth.png"
done
# The bundled binaries need the glibc they were built against, or newer.
glibc=$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)  # not `ldd --version | head`: SIGPIPE under pipefail
installed_kb=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
# Depends: what Qt's xcb/wayland plugins load from the system (PyInstaller leaves X, GL and
# fontconfig to the system so they match its drivers). A Secret Service is recommended: without
# one Hearth asks for a passphrase instead.
cat > "$root/DEBIAN/control" <<CONTROL
Package: hearth
Version: $version
Architecture: amd64
Maintainer: Hearth developers <hearth@localhost>
Installed-Size: $installed_kb
Depends: libc6 (>= $glibc), libfontconfig1, libegl1, libgl1, libdbus-1-3, libxkbcommon0, libxkbcommon-x11-0, libxcb-cursor0, libxcb-icccm4, libxcb-image0, libxcb-keysyms1, libxcb-randr0, libxcb-render-util0, libxcb-shape0, libxcb-xinerama0, libxcb-xkb1
Recommends: gnome-keyring | kwalletmanager | keepassxc
Section: utils
Priority: optional
Homepage: https://localhost/hearth
Description: offline desktop assistant that remembers
 Hearth chats with a local language model (llama.cpp, GGUF) and keeps a
 long-term memory of your conversations in one encrypted SQLite file.
 Everything runs on this computer: no network, no telemetry. The default
 model (SmolLM2-135M-Instruct) and the embedder (all-MiniLM-L6-v2) are included.
CONTROL
# gzip, not xz: the payload is mostly model weights and libraries that barely compress further,
# and xz takes minutes longer to build and to install.
dpkg-deb --root-owner-group -Zgzip -z6 --build "$root" "dist/hearth_${version}_amd64.deb" >/dev/null
echo "built dist/hearth_${version}_amd64.deb"
