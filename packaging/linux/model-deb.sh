#!/usr/bin/env bash
# A shipped model as its own Debian package, which the hearth package Recommends; its files go to
# /usr/share/hearth/models/ (app/core/standard_model.py and app/core/speech/models.py look there) with
# its licence notice. Their own packages, so that an update of Hearth never carries the weights again,
# and a computer with little memory (or no use for speech) can do without them. Run by packaging/build.
#   bash packaging/linux/model-deb.sh standard       dist/hearth-model_<v>_all.deb          (1.1 GB GGUF)
#   bash packaging/linux/model-deb.sh whisper-base   dist/hearth-speech-model_<v>_all.deb   (145 MB folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
which=${1:-standard}
case "$which" in
    standard)
        package=hearth-model notice=resources/models/NOTICE-qwen2.5-coder.md
        summary="Hearth's standard chat model (Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M)"
        about=" The chat model Hearth uses when it fits in the computer's memory (Apache-2.0).
 Without it Hearth answers with its small bundled model." ;;
    whisper-base)
        package=hearth-speech-model notice=resources/models/NOTICE-whisper-base.md
        summary="Hearth's speech-to-text model (Whisper base, CTranslate2)"
        about=" OpenAI's Whisper base (MIT), converted for faster-whisper: what Hearth
 writes down dictation and audio files with (hearth transcribe). Without it
 Hearth still chats and reads aloud." ;;
    *) echo "unknown model: $which (standard, whisper-base)" >&2; exit 2 ;;
esac
# The model's files as they lie in the model cache (assembled and checked by packaging/venv.sh), the
# folder they go into under models/ ('' for the GGUF), their sizes, and the version of its part wheels.
mapfile -t lines < <(.venv/bin/python -c "
import sys
from app.core.llm.assemble import SHIPPED
from app.core.speech.models import is_complete
from app.core.standard_model import candidate_dirs
m = SHIPPED['$which']
files = [(m.file_name, m.size), *((e.name, e.size) for e in m.extras)]
found = [d / m.subdir for d in candidate_dirs() if is_complete(d / m.subdir, m)]
if not found: sys.exit('$which is not assembled: run bash packaging/venv.sh')
print(m.version); print(m.subdir)
for name, size in files: print(found[0] / name, size)")
version=${lines[0]} subdir=${lines[1]}
root="build/deb/${package}_${version}_all"
rm -rf "$root"
target="$root/usr/share/hearth/models${subdir:+/$subdir}"
mkdir -p "$root/DEBIAN" "$target" "$root/usr/share/doc/$package"
for line in "${lines[@]:2}"; do
    read -r path size <<<"$line"
    cp "$path" "$target/"
    [ "$(stat -c %s "$target/$(basename "$path")")" = "$size" ] || { echo "copy of $path is cut short" >&2; exit 1; }
done
cp "$notice" "$root/usr/share/doc/$package/copyright"
cat > "$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: all
Maintainer: Hearth developers <hearth@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Enhances: hearth
Section: utils
Priority: optional
Homepage: https://localhost/hearth
Description: $summary
$about
CONTROL
# No compression: quantized weights don't compress, and gzip would take a minute to find that out.
dpkg-deb --root-owner-group -Znone --build "$root" "dist/${package}_${version}_all.deb" >/dev/null
echo "built dist/${package}_${version}_all.deb"
