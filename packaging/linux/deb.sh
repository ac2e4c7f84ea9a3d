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
# Depends: glibc, and what Qt's xcb/wayland plugins load from the system, from the one list the
# README and tests/packaging/test_system_libs.py share. PyInstaller bundles most of those
# libraries from the build machine, but never GL/EGL/GLX, libxcb or libwayland (they must match the
# user's drivers and display server), nor one the build machine lacks: so the .deb depends on the
# whole list, which any desktop already has. A Secret Service is recommended: without one Hearth
# asks for a passphrase instead. So are the two models' packages (model-deb.sh) and PortAudio
# (libportaudio2, MIT), which dictation and read-aloud play and record through: apt installs
# Recommends by default, and without it Hearth still runs, transcribes and reads files, and says
# how to install it when asked to listen or speak (decision 0034).
qt_libs=$(sed 's/#.*//' packaging/linux/qt-system-libs.txt | awk 'NF { printf "%s%s", sep, $1; sep = ", " }')
[ -n "$qt_libs" ] || { echo "packaging/linux/qt-system-libs.txt lists no packages" >&2; exit 1; }
cat > "$root/DEBIAN/control" <<CONTROL
Package: hearth
Version: $version
Architecture: amd64
Maintainer: Hearth developers <hearth@localhost>
Installed-Size: $installed_kb
Depends: libc6 (>= $glibc), $qt_libs
Recommends: hearth-model, hearth-speech-model, libportaudio2, gnome-keyring | kwalletmanager | keepassxc
Section: utils
Priority: optional
Homepage: https://localhost/hearth
Description: offline desktop assistant that remembers
 Hearth chats with a local language model (llama.cpp, GGUF) and keeps a
 long-term memory of your conversations in one encrypted SQLite file.
 Everything runs on this computer: no network, no telemetry. The small
 model (SmolLM2-135M-Instruct) and the embedder (all-MiniLM-L6-v2) are included;
 the standard model (Qwen2.5-Coder-1.5B-Instruct) is the hearth-model package.
 Speech runs offline too: read-aloud (hibari) is included, speech-to-text
 (Whisper base) is the hearth-speech-model package.
CONTROL
# gzip, not xz: the payload is mostly model weights and libraries that barely compress further,
# and xz takes minutes longer to build and to install.
dpkg-deb --root-owner-group -Zgzip -z6 --build "$root" "dist/hearth_${version}_amd64.deb" >/dev/null
echo "built dist/hearth_${version}_amd64.deb"
