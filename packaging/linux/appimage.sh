#!/usr/bin/env bash
# A one-folder build (packaging/build gives the one file's: dist/hearth-dir plus Whisper base) →
# dist/Hearth.AppDir, and an AppImage when `appimagetool` is on PATH.
# Usage: bash packaging/linux/appimage.sh [folder]   (default: dist/hearth-dir)
# appimagetool and the AppImage runtime are only published on GitHub (neither PyPI, Debian nor
# npm carries them), so on a machine limited to those registries only the AppDir is made; the
# release workflow (.github/workflows/release.yml) downloads appimagetool and builds the image.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=${1:-dist/hearth-dir}
version=$(.venv/bin/python -c "import app; print(app.__version__)")
appdir=dist/Hearth.AppDir
rm -rf "$appdir"
mkdir -p "$appdir/usr"
cp -a "$src" "$appdir/usr/hearth"
cp packaging/linux/hearth.desktop "$appdir/hearth.desktop"
cp resources/icons/hearth-256.png "$appdir/hearth.png"
cat > "$appdir/AppRun" <<'APPRUN'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
exec "$here/usr/hearth/hearth" "$@"
APPRUN
chmod +x "$appdir/AppRun"
if command -v appimagetool >/dev/null; then
    ARCH=x86_64 appimagetool --no-appstream "$appdir" "dist/Hearth-${version}-x86_64.AppImage"
else
    echo "appimagetool not found: made $appdir only (see packaging/linux/appimage.sh)" >&2
fi
