#!/bin/sh
# Hearth, one file (made by packaging/linux/onefile.sh): this script, then the one-folder build as a
# .tar.gz. The first start unpacks it once to ~/.cache/hearth/app-<hash>/ (the hash of the archive,
# so every build has its own folder); later starts check that folder and run it, as fast as the
# folder build. PyInstaller's own one-file mode unpacks ~920 MB to /tmp on every start (6 s).
#   checked:  a folder is used only if its listing (paths, types, sizes) is the one this build made;
#             it is unpacked beside it and renamed into place only once complete (rename is atomic),
#             so a half-written or damaged folder is never run: it is unpacked again.
#   no races: unpacking holds unpack.lock, so two first launches unpack once; the second waits.
#   cleanup:  other versions' folders go after an unpack, unless a running Hearth holds their lock
#             (every launch keeps a shared lock on app-<hash>.lock open into the app it execs).
set -u
HASH=@HASH@
LISTING='@LISTING@'
OFFSET=@OFFSET@
UNPACKED_MB=@UNPACKED_MB@

say() { printf 'Hearth: %s\n' "$*" >&2; }
die() { say "$1"; say "$2"; exit 1; }  # what happened, then what to do

listing() {  # "<crc> <bytes>" of the sorted listing of every file and link under $1 (types, sizes, paths)
    (cd "$1" 2>/dev/null && LC_ALL=C find . ! -type d -printf '%y %s %p\n' | LC_ALL=C sort | cksum)
}

sign_of_life() {  # the first start takes seconds before any window: say so, on the desktop too
    say "first start of this version: unpacking it once to $cache ($UNPACKED_MB MB, about 10 seconds)..."
    title="Starting Hearth"
    body="First start of this version: unpacking once (about 10 seconds). Later starts are quick."
    if command -v notify-send >/dev/null 2>&1; then
        notify-send -a Hearth -t 15000 "$title" "$body" >/dev/null 2>&1 &
    elif command -v gdbus >/dev/null 2>&1; then
        gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
            --method org.freedesktop.Notifications.Notify Hearth 0 '' "$title" "$body" '[]' '{}' 15000 \
            >/dev/null 2>&1 &
    fi
}

remove() {  # rm -rf, quietly; a folder we can't remove is left for the next cleanup
    rm -rf "$@" 2>/dev/null || true
}

unpack() {
    sign_of_life
    tmp="$cache/.unpacking-$HASH.$$"
    remove "$tmp"
    mkdir -p "$tmp" || die "could not create $tmp." "Check that $cache is writable."
    tail -c +"$((OFFSET + 1))" "$self" | gzip -dc | tar -x -C "$tmp" -f - 2>"$tmp.err"
    if [ "$(listing "$tmp")" != "$LISTING" ]; then
        err=$(tail -n 3 "$tmp.err" 2>/dev/null)
        remove "$tmp" "$tmp.err"
        case "$err" in
            *"No space"*) die "not enough disk space to unpack Hearth ($UNPACKED_MB MB) into $cache." \
                              "Free some space (or set XDG_CACHE_HOME to a disk with room) and start it again." ;;
        esac
        die "could not unpack $self: the file is incomplete or damaged${err:+ ($err)}." \
            "Download Hearth again; your conversations and memories are not affected."
    fi
    remove "$tmp.err"
    if [ -e "$app" ]; then mv -T "$app" "$cache/.damaged-$HASH.$$" 2>/dev/null; fi  # a damaged copy
    mv -T "$tmp" "$app" || die "could not move the unpacked app into $app." "Check that $cache is writable."
}

cleanup() {  # under unpack.lock: leftovers of interrupted unpacks, and other versions nobody runs
    remove "$cache"/.unpacking-* "$cache"/.damaged-*
    for old in "$cache"/app-*.lock; do
        [ -e "$old" ] || continue
        dir=${old%.lock}
        [ "$dir" = "$app" ] && continue
        # Only if no running Hearth of that version holds a shared lock on it.
        if (flock -n -x 8 && remove "$dir" && rm -f "$old") 8>>"$old"; then :; fi
    done
    for dir in "$cache"/app-*; do  # a folder without its lock file is never in use
        [ -d "$dir" ] && [ "$dir" != "$app" ] && [ ! -e "$dir.lock" ] && remove "$dir"
    done
}

case "$0" in /*) self=$0 ;; *) self=$PWD/$0 ;; esac
[ -n "${HOME:-}" ] || die "HOME is not set, so there is no cache folder to unpack Hearth into." "Start it from a desktop session."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/hearth"
app="$cache/app-$HASH"
mkdir -p "$cache" || die "could not create $cache." "Check that your home folder is writable."
exec 9>>"$app.lock" || die "could not write $app.lock." "Check that $cache is writable."
flock -s 9  # held by the app (exec keeps fd 9): this version is in use and must not be cleaned up
if [ "$(listing "$app")" != "$LISTING" ]; then
    exec 7>>"$cache/unpack.lock"
    flock -x 7  # a second first launch waits here, then finds the folder complete
    if [ "$(listing "$app")" != "$LISTING" ]; then unpack; fi
    cleanup
    exec 7>&-
fi
exec "$app/hearth" "$@"
exit 1
