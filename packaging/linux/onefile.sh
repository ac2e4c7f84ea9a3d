#!/usr/bin/env bash
# Make the one-file build from the one-folder build: packaging/linux/onefile-launcher.sh, then the
# folder as a .tar.gz (gzip: every Linux desktop can unpack it). The launcher unpacks it once into
# ~/.cache/hearth/app-<hash>/ and runs it from there (see the launcher for the checks).
# Usage: bash packaging/linux/onefile.sh dist/hearth-dir dist/hearth
set -euo pipefail
src=${1:?one-folder build}
out=${2:?output file}
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$src/hearth" ] || { echo "$src/hearth: no such executable" >&2; exit 2; }

payload=$(mktemp "${out}.payload.XXXXXX")
trap 'rm -f "$payload" "$out.tmp"' EXIT
# Sorted, owned by root: the same folder gives the same archive, hence the same hash and cache folder.
# Level 6, not 9: the folder is mostly model weights and libraries that barely compress further —
# measured on this build, -9 made 441.1 MB in 116 s, -6 442.6 MB (+0.3 %) in 52 s.
tar -C "$src" --sort=name --owner=0 --group=0 --numeric-owner -cf - . | gzip -"${HEARTH_GZIP_LEVEL:-6}" -n >"$payload"
hash=$(sha256sum "$payload" | cut -c1-16)
listing=$(cd "$src" && LC_ALL=C find . ! -type d -printf '%y %s %p\n' | LC_ALL=C sort | cksum)
unpacked_mb=$(( $(du -sb "$src" | cut -f1) / 1000000 ))

render() {  # the launcher with its values; $1 is the payload's offset, padded so the length is fixed
    sed -e "s/@HASH@/$hash/" -e "s/@LISTING@/$listing/" -e "s/@UNPACKED_MB@/$unpacked_mb/" \
        -e "s/@OFFSET@/$(printf '%-12s' "$1")/" "$here/onefile-launcher.sh"
}
offset=$(render 0 | wc -c)
{ render "$offset"; cat "$payload"; } >"$out.tmp"
chmod 755 "$out.tmp"
mv -f "$out.tmp" "$out"
echo "$out: $(stat -c %s "$out") bytes, unpacks to $unpacked_mb MB in ~/.cache/hearth/app-$hash/"
