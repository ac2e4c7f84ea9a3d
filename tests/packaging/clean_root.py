"""Minimal Debian roots (`debootstrap --variant=minbase`) to install the .deb into, as a person with
a fresh Debian would: nothing on it but what every Debian has, apt resolving the rest.

The debootstrapped root of each suite is cached as a tarball in ~/.cache/hearth/test-roots/ (and
apt's downloaded .debs beside it), so only the first run on a machine pays for debootstrap; every
run unpacks a fresh copy, so no run inherits a previous install.

Every command runs in its own mount namespace (`unshare --mount`): /proc, /dev, /sys, apt's cache
and the host's X socket are mounted there and vanish with the process, so a failing or killed test
leaves no mount behind on the host."""

from __future__ import annotations

import fcntl
import os
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.cli import Result

SUITES = ("bookworm", "trixie")  # Debian 12 and 13
MIRROR = os.environ.get("HEARTH_TEST_MIRROR", "http://deb.debian.org/debian")
DEBOOTSTRAP_TIMEOUT_S = 1800
USER, UID = "ada", 1000  # the person using Hearth in the root: an ordinary account, not root
HOME = f"/home/{USER}"


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "hearth" / "test-roots"


def minbase_tarball(suite: str) -> Path:
    """The cached `debootstrap --variant=minbase <suite>` root as a tarball; made on first use.

    A missing debootstrap or an unreachable mirror fails (never skips) and says which."""
    tar = cache_dir() / f"{suite}.tar"
    tar.parent.mkdir(parents=True, exist_ok=True)
    with open(tar.parent / f"{suite}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two sessions at once: one debootstraps, the other waits
        if not tar.exists():
            _debootstrap(suite, tar)
    return tar


def _debootstrap(suite: str, tar: Path) -> None:
    debootstrap = shutil.which("debootstrap") or ("/usr/sbin/debootstrap" if Path("/usr/sbin/debootstrap").exists() else None)
    assert debootstrap, "debootstrap is missing: the clean-root tests build Debian roots with it (apt-get install debootstrap)"
    assert os.geteuid() == 0, "the clean-root tests need root (debootstrap, chroot and mounts)"
    staging = tar.with_suffix(".staging")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        # In a mount namespace of its own: the /proc and /sys debootstrap mounts go when it does.
        proc = subprocess.run(["unshare", "--mount", "--propagation", "private", "--fork",
                               debootstrap, "--variant=minbase", suite, str(staging), MIRROR],
                              capture_output=True, text=True, timeout=DEBOOTSTRAP_TIMEOUT_S, check=False)
        assert proc.returncode == 0, (f"debootstrap --variant=minbase {suite} from {MIRROR} failed "
                                      f"({proc.returncode}) — is the mirror reachable (HEARTH_TEST_MIRROR picks "
                                      f"another)?\n{(proc.stdout + proc.stderr)[-3000:]}")
        partial = tar.with_suffix(".tar.part")
        subprocess.run(["tar", "-C", str(staging), "--numeric-owner", "-cf", str(partial), "."], check=True)
        partial.rename(tar)  # complete or absent: a killed run never leaves half a root in the cache
    finally:
        shutil.rmtree(staging, ignore_errors=True)


@dataclass
class Root:
    """One fresh copy of a suite's minbase root, and how to run things in it."""

    suite: str
    path: Path
    display: str = ""  # the host's X display (its socket is mounted in), e.g. ":99"
    binds: list[tuple[Path, str]] = field(default_factory=list)  # host folder → path inside, for every command
    log: list[str] = field(default_factory=list)
    # apt's downloads, kept between runs. Two roots running apt at once on one cache would meet on
    # its lock file: a test that runs beside the packaging tests (another xdist group) names its own.
    archives: str = ""

    @classmethod
    def fresh(cls, suite: str, where: Path, display: str = "", archives: str = "") -> Root:
        tar = minbase_tarball(suite)
        path = where / suite
        path.mkdir(parents=True)
        subprocess.run(["tar", "-C", str(path), "--numeric-owner", "-xpf", str(tar)], check=True)
        shutil.copy("/etc/resolv.conf", path / "etc" / "resolv.conf")  # apt's mirror, by the host's DNS
        root = cls(suite, path, display, archives=archives or f"apt-{suite}")
        root._add_user()
        return root

    def _add_user(self) -> None:
        """An ordinary account, written into passwd/group as useradd would (minbase may lack it)."""
        with open(self.path / "etc" / "passwd", "a") as fh:
            fh.write(f"{USER}:x:{UID}:{UID}:Ada:{HOME}:/bin/sh\n")
        with open(self.path / "etc" / "group", "a") as fh:
            fh.write(f"{USER}:x:{UID}:\n")
        home = self.path / HOME.lstrip("/")
        home.mkdir(parents=True)
        os.chown(home, UID, UID)

    def run(self, argv: list[str], *, offline: bool = True, user: bool = True, env: dict[str, str] | None = None,
            timeout: float = 900) -> Result:
        """``argv`` inside the root: as the user (else root), with no network (else the host's)."""
        mounts = [f"mount -t proc proc {self.path}/proc", f"mount --rbind /dev {self.path}/dev",
                  f"mount --rbind /sys {self.path}/sys"]
        archives = cache_dir() / self.archives
        (archives / "partial").mkdir(parents=True, exist_ok=True)
        mounts.append(f"mount --bind {archives} {self.path}/var/cache/apt/archives")
        if self.display:  # the host's Xvfb: its path socket works across network namespaces
            mounts.append(f"mkdir -p {self.path}/tmp/.X11-unix && mount --bind /tmp/.X11-unix {self.path}/tmp/.X11-unix")
        for host, inside in self.binds:
            mounts.append(f"mkdir -p {self.path}{inside} && mount --bind {host} {self.path}{inside}")
        chroot = ["chroot", f"--userspec={UID}:{UID}"] if user else ["chroot"]
        script = " && ".join(mounts) + ' && exec "$@"'
        full = ["unshare", "--mount", "--propagation", "private", *(["--net"] if offline else []), "--fork",
                "sh", "-c", script, "sh", *chroot, str(self.path), *argv]
        base = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
        if user:
            base |= {"HOME": HOME, "USER": USER, "XDG_RUNTIME_DIR": f"{HOME}/.run"}
            if self.display:
                base["DISPLAY"] = self.display
        started = time.monotonic()
        proc = subprocess.run(full, env=base | (env or {}), capture_output=True, timeout=timeout, check=False,
                              stdin=subprocess.DEVNULL)
        self.log.append(f"{time.monotonic() - started:6.1f} s  {shlex.join(argv)[:120]}")
        return Result(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"))

    def root(self, *argv: str, offline: bool = False, timeout: float = 900) -> Result:
        """A command as root with the host's network (apt, dpkg)."""
        return self.run(list(argv), offline=offline, user=False, timeout=timeout)

    def apt(self, *args: str) -> Result:
        """apt-get, non-interactive, keeping the .debs it downloads in the cache for the next run."""
        return self.root("env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-y", "-q",
                         "-o", "APT::Keep-Downloaded-Packages=true", "-o", "Dpkg::Use-Pty=0", *args)

    def installed_packages(self) -> set[str]:
        listing = self.root("dpkg-query", "-W", "-f", "${Package} ${db:Status-Status}\\n", offline=True)
        assert listing.code == 0, listing.err
        return {line.split()[0] for line in listing.out.splitlines() if line.endswith(" installed")}

    def host_path(self, inside: str) -> Path:
        return self.path / inside.lstrip("/")

    def destroy(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
