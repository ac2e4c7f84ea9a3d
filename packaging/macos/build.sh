#!/usr/bin/env bash
# Build Hearth for macOS: dist/Hearth.app (PyInstaller one-folder bundle) in dist/Hearth-<v>.dmg.
# Needs Python 3.11, Xcode command-line tools and CMake. Run from anywhere:
#   bash packaging/macos/build.sh
# The bundle is ad-hoc signed; distributing outside your own machines needs a Developer ID
# signature and notarization (set MACOS_SIGN_IDENTITY; notarize with `xcrun notarytool`).
# Not run on Linux; see docs/packaging.md for what was verified where.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Apple silicon: Metal plus the NEON CPU backend. Intel Macs: the same every-x86-64 CPU build as Linux.
if [ "$(uname -m)" = arm64 ]; then
    export LLAMA_CMAKE_ARGS="${LLAMA_CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_METAL=ON -DGGML_METAL_EMBED_LIBRARY=ON}"
fi
bash packaging/venv.sh package
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONNOUSERSITE=1 HEARTH_BUILD_MODE=onedir
.venv/bin/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/hearth.spec
dist/Hearth.app/Contents/MacOS/hearth --home build/smoke-home --no-encryption doctor
codesign --force --deep --sign "${MACOS_SIGN_IDENTITY:--}" dist/Hearth.app
version=$(.venv/bin/python -c "import app; print(app.__version__)")
rm -f "dist/Hearth-$version.dmg"
staging=$(mktemp -d)
cp -R dist/Hearth.app "$staging/"
ln -s /Applications "$staging/Applications"  # drag-to-install
hdiutil create -volname Hearth -srcfolder "$staging" -ov -format UDZO "dist/Hearth-$version.dmg"
rm -rf "$staging"
ls -lh "dist/Hearth-$version.dmg"
