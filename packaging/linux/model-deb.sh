#!/usr/bin/env bash
# The standard chat model as its own Debian package, dist/hearth-model_<version>_all.deb, which the
# hearth package Recommends: /usr/share/hearth/models/<file>.gguf (app/core/standard_model.py looks
# there) and its licence notice. Its own package, so that an update of Hearth never carries the
# 1.1 GB model again, and a computer with little memory can do without it. Run by packaging/build.
set -euo pipefail
cd "$(dirname "$0")/../.."
read -r file version size < <(.venv/bin/python -c "
from app.core.standard_model import STANDARD as m; print(m.file_name, m.version, m.size)")
gguf=$(.venv/bin/python -c "from app.core.standard_model import standard_model_path as p; print(p() or '')")
[ -n "$gguf" ] || { echo "the standard model is not assembled: run bash packaging/venv.sh" >&2; exit 1; }
root="build/deb/hearth-model_${version}_all"
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/usr/share/hearth/models" "$root/usr/share/doc/hearth-model"
cp "$gguf" "$root/usr/share/hearth/models/$file"
[ "$(stat -c %s "$root/usr/share/hearth/models/$file")" = "$size" ] || { echo "copy of $gguf is cut short" >&2; exit 1; }
cp resources/models/NOTICE-qwen2.5-coder.md "$root/usr/share/doc/hearth-model/copyright"
cat > "$root/DEBIAN/control" <<CONTROL
Package: hearth-model
Version: $version
Architecture: all
Maintainer: Hearth developers <hearth@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Enhances: hearth
Section: utils
Priority: optional
Homepage: https://localhost/hearth
Description: Hearth's standard chat model (Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M)
 The chat model Hearth uses when it fits in the computer's memory (Apache-2.0).
 Without it Hearth answers with its small bundled model.
CONTROL
# No compression: quantized weights don't compress, and gzip would take a minute to find that out.
dpkg-deb --root-owner-group -Znone --build "$root" "dist/hearth-model_${version}_all.deb" >/dev/null
echo "built dist/hearth-model_${version}_all.deb"
