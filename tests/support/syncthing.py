"""Real Syncthing instances on 127.0.0.1 for end-to-end sync tests.

Why real ones: Hearth's sync story is "put the profile in a Syncthing folder"; only the real program
shows what a peer sees mid-transfer (its temp files, a half-renamed file, a conflict copy) and how
long arrival takes. Everything stays on loopback: discovery (global and local broadcast), relays,
NAT traversal/STUN, usage and crash reporting and upgrades are off in each instance's config.xml
*before* it first starts, so not even the first seconds reach the network.

    with SyncthingCluster(tmp_path, n=2) as cluster:
        a, b = cluster.instances
        (a.folder / "x.md").write_text("hi")
        cluster.wait_in_sync()
        assert (b.folder / "x.md").read_text() == "hi"

Each instance has its own home (config, keys, database and `syncthing.log`, which the timeout error
quotes), its own GUI/REST port and its own listen address `tcp://127.0.0.1:PORT`; peers are
configured on both sides (no auto-accept) with each other's exact address. Setup goes through the
REST API with `urllib` (no third-party HTTP client in the test tools).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path
from types import TracebackType
from typing import IO, Any

START_TIMEOUT_S = 30.0  # key generation plus the first start; ~1 s here, slack for a loaded CI machine
STOP_TIMEOUT_S = 10.0
LOG_TAIL_LINES = 40

# Options written into config.xml before the first start (the reason for each is the module docstring:
# nothing leaves 127.0.0.1). reconnectionIntervalS is short so that a resumed device is dialled again
# within a second or two, not after the default 60 s; setLowPriority keeps the instances nice'd
# next to the other work on a 2-core machine.
LOOPBACK_OPTIONS = {
    "globalAnnounceEnabled": "false",
    "localAnnounceEnabled": "false",
    "relaysEnabled": "false",
    "natEnabled": "false",
    "stunKeepaliveStartS": "0",  # STUN (part of NAT traversal) off as well
    "stunKeepaliveMinS": "0",
    "urAccepted": "-1",  # usage reporting: declined, and never asked about
    "crashReportingEnabled": "false",
    "autoUpgradeIntervalH": "0",
    "startBrowser": "false",
    "announceLANAddresses": "false",
    "reconnectionIntervalS": "1",
    "setLowPriority": "true",
}


def require_syncthing() -> str:
    """The binary; a missing one fails the test (never skips it): packaging/linux/build-deps.sh installs it."""
    found = shutil.which("syncthing")
    assert found, "missing tool: syncthing (bash packaging/linux/build-deps.sh installs it)"
    return found


def free_port() -> int:
    """A port nobody listens on now. Racy in principle (another process may take it before Syncthing
    binds it), which is why a failed start says which port it wanted."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class SyncthingError(RuntimeError):
    pass


class Syncthing:
    """One running Syncthing: its home, its REST API and the one shared folder's path on it.

    Started by `Syncthing.start` (or a `SyncthingCluster`); the peers and the folder are configured
    by the cluster, which knows everyone's IDs and ports."""

    device_id: str
    folder: Path

    def __init__(self, name: str, home: Path, folder: Path, folder_id: str, env: dict[str, str]) -> None:
        # Plain construction does nothing on disk: start() does the work, so a half-started instance
        # still has every attribute stop() needs.
        self.name = name
        self.home = home
        self.folder = folder
        self.folder_id = folder_id
        self.env = env
        self.api_key = secrets.token_urlsafe(24)
        self.gui_port = 0
        self.listen_port = 0
        self.device_id = ""
        self.log_path = home / "syncthing.log"
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    # --- life ------------------------------------------------------------------------------------
    @classmethod
    def start(cls, name: str, home: Path, folder: Path, folder_id: str, env: dict[str, str]) -> Syncthing:
        inst = cls(name, home, folder, folder_id, env)
        try:
            inst._generate()
            inst._launch()
        except BaseException:
            inst.stop()
            raise
        return inst

    @property
    def listen_address(self) -> str:
        return f"tcp://127.0.0.1:{self.listen_port}"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.gui_port}"

    def _generate(self) -> None:
        """Keys and config.xml, then the loopback-only settings written in before the first start."""
        self.home.mkdir(parents=True, exist_ok=True)
        # --skip-port-probing: the ports it would probe for are replaced below anyway.
        proc = subprocess.run([require_syncthing(), "generate", f"--home={self.home}", "--no-default-folder",
                               "--skip-port-probing"], env=self.env, capture_output=True, timeout=START_TIMEOUT_S,
                              stdin=subprocess.DEVNULL, check=False)
        if proc.returncode != 0:
            raise SyncthingError(f"{self.name}: syncthing generate failed ({proc.returncode}): "
                                 f"{proc.stdout.decode(errors='replace')}{proc.stderr.decode(errors='replace')}")
        config_path = self.home / "config.xml"
        tree = ET.parse(config_path)
        root = tree.getroot()
        # The generated config names exactly one device: this one.
        devices = root.findall("device")
        assert len(devices) == 1, f"{self.name}: expected only the local device in a fresh config.xml"
        self.device_id = devices[0].attrib["id"]
        devices[0].set("name", self.name)  # so the status dump and the logs say node0/node1, not the hostname
        self.gui_port, self.listen_port = free_port(), free_port()
        gui = _child(root, "gui")
        gui.set("tls", "false")
        _child(gui, "address").text = f"127.0.0.1:{self.gui_port}"
        _child(gui, "apikey").text = self.api_key  # ours, so the REST calls work from the first second
        options = _child(root, "options")
        for listen in options.findall("listenAddress"):
            options.remove(listen)
        ET.SubElement(options, "listenAddress").text = self.listen_address
        for key, value in LOOPBACK_OPTIONS.items():
            _child(options, key).text = value
        tree.write(config_path, encoding="unicode")

    def _launch(self) -> None:
        self._log = open(self.log_path, "ab")  # noqa: SIM115 — kept open for the process's life, closed in stop()
        # Even with --no-restart, 1.19 runs as a monitor process plus the real Syncthing as its child
        # (seen: killing only our pid left the child running). Hence start_new_session: the pair is
        # one process group, and kill() ends the group. --no-restart: the monitor does not restart a
        # crashed child. --no-upgrade too (STNOUPGRADE is in env as well). --logflags=3: date and time.
        self.process = subprocess.Popen(
            [require_syncthing(), "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade",
             "--no-default-folder", f"--gui-address=127.0.0.1:{self.gui_port}", f"--gui-apikey={self.api_key}",
             "--logflags=3"],
            env=self.env, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True)  # also: a Ctrl-C in the terminal reaches pytest, which then stops us
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if self.process.poll() is not None:
                raise SyncthingError(f"{self.name} exited with {self.process.returncode} while starting "
                                     f"(GUI port {self.gui_port}, listen {self.listen_address})\n{self.log_tail()}")
            try:
                if self._request("GET", "/rest/system/ping", timeout=2) == {"ping": "pong"}:
                    break
            except (OSError, SyncthingError):
                pass  # not listening yet
            if time.monotonic() > deadline:
                raise SyncthingError(f"{self.name}: REST API did not answer within {START_TIMEOUT_S:.0f} s\n"
                                     f"{self.log_tail()}")
            time.sleep(0.1)
        my_id = self._request("GET", "/rest/system/status")["myID"]
        assert my_id == self.device_id, f"{self.name}: runs as {my_id}, config.xml said {self.device_id}"

    def stop(self) -> None:
        """Ask it to shut down (it closes its database cleanly), kill it if it has not within STOP_TIMEOUT_S.
        Safe to call twice and on a half-started instance."""
        self._ask_to_stop()
        self._wait_or_kill()

    def _ask_to_stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                self._request("POST", "/rest/system/shutdown", timeout=2)
            except (OSError, SyncthingError):
                pass  # the API is gone or hung: _wait_or_kill still ends it

    def _wait_or_kill(self) -> None:
        proc = self.process
        if proc is not None:
            try:
                proc.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                pass
            self._kill_group()  # a hung monitor or child; a no-op after a clean exit
        if self._log is not None:
            self._log.close()
            self._log = None

    def kill(self) -> None:
        """At once, no shutdown request: for the exit path after a failure, where waiting helps nobody."""
        self._kill_group()
        if self._log is not None:
            self._log.close()
            self._log = None

    def _kill_group(self) -> None:
        """SIGKILL the monitor and its child (the process group start_new_session made), then reap."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # the whole group has already exited
        self.process.wait(timeout=STOP_TIMEOUT_S)
        # The child is not ours to reap: give init a moment, so that "the cluster is stopped" means
        # no Syncthing of ours is left (seen: still listed right after the kill).
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)

    # --- REST ------------------------------------------------------------------------------------
    def _request(self, method: str, path: str, body: Any = None, params: dict[str, str] | None = None,
                 timeout: float = 30) -> Any:
        url = self.base_url + path + ("?" + urllib.parse.urlencode(params) if params else "")
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method, headers={"X-API-Key": self.api_key})
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                raw = resp.read()
        except urllib.error.HTTPError as e:
            detail = e.read().decode(errors="replace").strip()
            e.close()
            raise SyncthingError(f"{self.name}: {method} {path} -> {e.code} {detail}") from None
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode(errors="replace")

    def get(self, path: str, **params: str) -> Any:
        """GET a REST endpoint (for a test that needs more than the methods below)."""
        return self._request("GET", path, params=params or None)

    def configure(self, peers: list[Syncthing]) -> None:
        """Know every peer at its exact loopback address and share the folder with all of them.
        Replaces the folder's config each time (POST replaces an existing ID), so calling it again
        with one more peer is how a late instance joins."""
        for peer in peers:
            self._request("POST", "/rest/config/devices", {
                "deviceID": peer.device_id, "name": peer.name, "addresses": [peer.listen_address],
                "autoAcceptFolders": False, "paused": False})
        self.folder.mkdir(parents=True, exist_ok=True)
        self._request("POST", "/rest/config/folders", {
            "id": self.folder_id, "label": self.folder_id, "path": str(self.folder), "type": "sendreceive",
            # Both change detectors short: the watcher reports a change after 1 s, and the periodic
            # rescan catches what the watcher misses (inotify limits, a rename racing the watch).
            "rescanIntervalS": 2, "fsWatcherEnabled": True, "fsWatcherDelayS": 1,
            "devices": [{"deviceID": d.device_id} for d in [self, *peers]]})

    # --- the test's handles ------------------------------------------------------------------------
    def rescan(self) -> None:
        """Scan the folder now (returns when the scan is done): a test need not wait for the watcher."""
        self._request("POST", "/rest/db/scan", params={"folder": self.folder_id})

    def pause(self) -> None:
        """Pause every remote device: the connections drop and stay down, as if the link went away."""
        self._request("POST", "/rest/system/pause")

    def resume(self) -> None:
        self._request("POST", "/rest/system/resume")

    def completion_of(self, other: Syncthing) -> float:
        """How complete `other` is for the folder, in percent, as far as this instance knows (its view
        of other's index: stale while they are disconnected)."""
        return float(self._completion(other)["completion"])

    def _completion(self, other: Syncthing) -> dict[str, Any]:
        result: dict[str, Any] = self._request("GET", "/rest/db/completion",
                                               params={"device": other.device_id, "folder": self.folder_id})
        return result

    def status(self) -> dict[str, Any]:
        """/rest/db/status of the folder: state, needFiles, globalFiles…"""
        result: dict[str, Any] = self._request("GET", "/rest/db/status", params={"folder": self.folder_id})
        return result

    def connections(self) -> dict[str, Any]:
        result: dict[str, Any] = self._request("GET", "/rest/system/connections")["connections"]
        return result

    def log_tail(self, lines: int = LOG_TAIL_LINES) -> str:
        try:
            text = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return f"--- {self.name}: no log at {self.log_path}"
        return f"--- {self.name} log ({self.log_path}), last {lines} lines:\n" + "\n".join(text[-lines:])


class SyncthingCluster:
    """n instances sharing one folder, all linked to all; a context manager that always ends them.

    Layout under root: root/home (the HOME every instance sees, so nothing touches the real one),
    root/nodeI/config (its home) and root/nodeI/folder (its copy of the shared folder)."""

    def __init__(self, root: Path, n: int = 2, folder_id: str = "hearth-test") -> None:
        self.root = root
        self.n = n
        self.folder_id = folder_id
        self.instances: list[Syncthing] = []
        home = root / "home"
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("ST")},  # no STTRACE etc. from the caller
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
            "STNOUPGRADE": "1",
            "STNORESTART": "1",
            "STNODEFAULTFOLDER": "1",
            # Named, so it does not benchmark two SHA-256 packages at every start (measured: 1 s per instance).
            "STHASHING": "minio",
            "GOMAXPROCS": "1",  # each instance hashes a few small files: one core is plenty, and the machine is shared
        }

    def __enter__(self) -> SyncthingCluster:
        try:
            (self.root / "home").mkdir(parents=True, exist_ok=True)
            for _ in range(self.n):
                self.instances.append(self._start_one())
            for inst in self.instances:
                inst.configure([p for p in self.instances if p is not inst])
        except BaseException:
            self.kill()
            raise
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        # After a failure, kill at once (the logs are already on disk); otherwise a clean shutdown.
        if exc_type is None:
            self.stop()
        else:
            self.kill()

    def _start_one(self) -> Syncthing:
        name = f"node{len(self.instances)}"
        base = self.root / name
        return Syncthing.start(name, base / "config", base / "folder", self.folder_id, self.env)

    def add(self) -> Syncthing:
        """One more instance, linked to every existing one on both sides (for the 3-device tests)."""
        inst = self._start_one()
        self.instances.append(inst)
        try:
            for other in self.instances:
                other.configure([p for p in self.instances if p is not other])
        except BaseException:
            inst.kill()
            raise
        return inst

    def stop(self) -> None:
        """All asked at once, then waited for: each takes a second or two to close, in parallel."""
        for inst in self.instances:
            inst._ask_to_stop()
        errors: list[BaseException] = []
        for inst in self.instances:
            try:
                inst._wait_or_kill()
            except BaseException as e:  # stop the others all the same
                errors.append(e)
        if errors:
            self.kill()
            raise errors[0]

    def kill(self) -> None:
        for inst in self.instances:
            try:
                inst.kill()
            except (OSError, subprocess.TimeoutExpired):
                pass

    # --- waiting ---------------------------------------------------------------------------------
    def wait_in_sync(self, timeout: float = 60) -> None:
        """Rescan everywhere, then wait until every instance is idle with nothing needed, is connected
        to every peer and sees every peer at 100 % — twice in a row 0.5 s apart, because a pull that
        is about to start (an index update just received) would look done for one poll.

        Both directions of every pair are checked: a change only B has scanned is invisible in A's
        view until B's index arrives, but B's view of A shows it as missing."""
        for inst in self.instances:
            inst.rescan()
        deadline = time.monotonic() + timeout
        good_in_a_row = 0
        problems: list[str] = []
        while True:
            problems = self._problems()
            good_in_a_row = 0 if problems else good_in_a_row + 1
            if good_in_a_row >= 2:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"not in sync after {timeout:.0f} s: {'; '.join(problems)}\n{self.dump()}")
            time.sleep(0.5)

    def _problems(self) -> list[str]:
        problems = []
        globals_ = set()
        for inst in self.instances:
            try:
                st = inst.status()
                conns = inst.connections()
                if st["state"] != "idle":
                    problems.append(f"{inst.name} is {st['state']}")
                if st["needTotalItems"] or st["needFiles"]:
                    problems.append(f"{inst.name} needs {st['needTotalItems']} items")
                if st.get("pullErrors"):
                    problems.append(f"{inst.name} has {st['pullErrors']} pull errors")
                globals_.add((st["globalFiles"], st["globalDirectories"], st["globalDeleted"], st["globalBytes"]))
                for peer in self.instances:
                    if peer is inst:
                        continue
                    if not conns.get(peer.device_id, {}).get("connected"):
                        problems.append(f"{inst.name} not connected to {peer.name}")
                    done = inst.completion_of(peer)
                    if done < 100:
                        problems.append(f"{inst.name} sees {peer.name} at {done:.1f} %")
            except (OSError, SyncthingError) as e:
                problems.append(f"{inst.name}: {e}")
        if len(globals_) > 1:
            problems.append(f"global views differ: {sorted(globals_)}")
        return problems

    def dump(self) -> str:
        """Everything a failed wait needs to be understood: each instance's folder state, links,
        view of its peers, files on disk and the end of its log."""
        parts = []
        for inst in self.instances:
            lines = [f"=== {inst.name} {inst.device_id[:7]} gui :{inst.gui_port} listen {inst.listen_address} "
                     f"pid {inst.process.pid if inst.process else None} "
                     f"exit {inst.process.poll() if inst.process else None}"]
            try:
                st = inst.status()
                lines.append("status: " + json.dumps({k: st.get(k) for k in (
                    "state", "stateChanged", "error", "errors", "pullErrors", "needTotalItems", "needFiles",
                    "needDeletes", "needBytes", "localFiles", "globalFiles", "inSyncFiles", "sequence")}))
                conns = inst.connections()
                for peer in self.instances:
                    if peer is not inst:
                        c = conns.get(peer.device_id, {})
                        lines.append(f"  -> {peer.name}: connected={c.get('connected')} paused={c.get('paused')} "
                                     f"address={c.get('address')} completion={inst._completion(peer)}")
            except (OSError, SyncthingError) as e:
                lines.append(f"REST failed: {e}")
            files = sorted(str(p.relative_to(inst.folder)) for p in inst.folder.rglob("*")) if inst.folder.exists() else []
            lines.append(f"files: {files}")
            lines.append(inst.log_tail())
            parts.append("\n".join(lines))
        return "\n".join(parts)


def _child(parent: ET.Element, tag: str) -> ET.Element:
    """parent's <tag>, made if missing (a future config version may drop a default we set)."""
    found = parent.find(tag)
    return found if found is not None else ET.SubElement(parent, tag)
