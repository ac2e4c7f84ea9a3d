"""`hearth doctor`: what is installed, where things are, and whether each part works.

Every check is independent: one failure is reported and the rest still run.
Nothing here creates a profile or a keychain entry.
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app import __version__
from app.bootstrap import (Options, existing_profile_key, load_settings, make_backend, make_default_embedder,
                           open_profile, server_book)
from app.core import private
from app.core.llm.backend import ChatMessage
from app.core.memory.db import open_damaged, sqlite_versions
from app.core.memory.salvage import count_readable
from app.core.memory.vectors import VectorIndex
from app.core.secrets import SecretStoreUnavailable, open_keychain
from app.errors import KeyProblem, KnownError

Check = dict[str, Any]


def run_doctor(options: Options, *, fix: bool = False) -> dict[str, Any]:
    """Every check; with ``fix``, files and folders others can read are made private first."""
    report: dict[str, Any] = {
        "app_version": __version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "frozen": bool(getattr(sys, "frozen", False)),
        "versions": _versions(),
        "data_dir": str(options.paths.home),
    }
    report["checks"] = {
        "permissions": _guard(lambda: _check_permissions(options, fix)),
        "sqlite_vec": _guard(_check_sqlite_vec),
        "keychain": _guard(_check_keychain),
        "profile": _guard(lambda: _check_profile(options)),
        "embedder": _guard(lambda: _check_embedder(options)),
        "standard_model": _guard(_check_standard_model),
        "speech": _guard(_check_speech),
        "audio": _guard(_check_audio),
        "llama_cpp": _guard(lambda: _check_llama(options)),
        "servers": _guard(lambda: _check_servers(options)),
        "desktop": _guard(_check_desktop),
    }
    report["ok"] = all(c["ok"] for c in report["checks"].values())
    return report


def _guard(check: Callable[[], Check]) -> Check:
    try:
        return check()
    except Exception as exc:  # a doctor reports failures; it doesn't die of them
        return {"ok": False, "error": str(exc) or type(exc).__name__}


def _versions() -> dict[str, str | None]:
    versions: dict[str, str | None] = dict(_guard(sqlite_versions))
    versions.pop("ok", None)
    for dist in ("llama-cpp-python", "sentence-transformers", "torch", "keyring"):
        try:
            versions[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            versions[dist] = None
    return versions


def _check_sqlite_vec() -> Check:
    return {"ok": True, **sqlite_versions()}


def _check_keychain() -> Check:
    try:
        store = open_keychain()
    except SecretStoreUnavailable as exc:
        return {"ok": True, "available": False, "detail": str(exc),
                "hint": "new profiles need HEARTH_PASSPHRASE or --no-encryption"}
    return {"ok": True, "available": True, "backend": store.name}


def _check_permissions(options: Options, fix: bool) -> Check:
    """The data directory 0700 and its files 0600 (the settings file too): private to their owner."""
    places = dict.fromkeys([options.paths.home, options.paths.config.parent])
    fixed = [str(p) for place in places for p in private.fix(place)] if fix else []
    open_now = [f"{path} is {mode:04o}" for place in places for path, mode in private.too_open(place)]
    check: Check = {"ok": not open_now, "private": not open_now}
    if fixed:
        check["fixed"] = fixed
    if open_now:
        check["too_open"] = open_now
        check["hint"] = "run `hearth doctor --fix` to make them private (0700 folders, 0600 files)"
    return check


def _check_profile(options: Options) -> Check:
    path = options.db_path
    if not path.exists():
        return {"ok": True, "exists": False, "path": str(path),
                "detail": "not created yet: the first `hearth memory add` creates it"}
    try:
        profile = open_profile(options, create=False)
    except KeyProblem:
        raise  # a wrong or missing key is not damage: the error says what to do
    except KnownError as exc:
        return _damaged_profile(options, str(exc))
    with profile:
        conn = profile.conn
        integrity = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if integrity != ["ok"]:
            return _damaged_profile(options, "\n".join(integrity).splitlines()[:5])
        stored = VectorIndex.stored_embedder(conn)
        return {
            "ok": integrity == ["ok"],
            "exists": True,
            "path": str(path),
            "size_bytes": path.stat().st_size,
            "encrypted": profile.key.encrypted,
            "key_location": profile.key.where,
            "schema_version": conn.pragma("user_version"),
            "memories": conn.execute("SELECT count(*) FROM memories").get,
            "conversations": conn.execute("SELECT count(*) FROM conversations").get,
            "indexed_with": stored[0] if stored else None,
            "integrity_check": integrity[:10],
        }


def _damaged_profile(options: Options, problem: object) -> Check:
    """What a damaged profile still holds, table by table, and how to get it out."""
    check: Check = {"ok": False, "path": str(options.db_path), "problem": problem}
    try:
        conn = open_damaged(options.db_path, existing_profile_key(options))
    except Exception as exc:  # noqa: BLE001 - unreadable even so: say it
        check["salvageable"] = f"nothing can be read ({exc})"
        return check
    try:
        check["salvageable"] = count_readable(conn)
    finally:
        conn.close()
    check["hint"] = ("`hearth memory export --salvage FILE` writes every readable memory and message to FILE; "
                     "`hearth memory import FILE` into a new profile (--profile NAME) takes the memories back")
    return check


def _check_embedder(options: Options) -> Check:
    embedder = make_default_embedder(options)
    started = time.perf_counter()
    vector = embedder.embed(["Hearth doctor checks the embedder."])
    elapsed = time.perf_counter() - started
    return {"ok": vector.shape == (1, embedder.dim), "id": embedder.id, "dim": embedder.dim,
            "load_and_embed_s": round(elapsed, 2)}


def _check_standard_model() -> Check:
    """The standard chat model's assembled file: there, and byte for byte the published one (≈3 s)."""
    from app.core.llm.assemble import verify
    from app.core.standard_model import STANDARD, standard_model_path

    path = standard_model_path()
    if path is None:  # `auto` then runs the small model: a working Hearth, said plainly
        return {"ok": True, "installed": False, "name": STANDARD.name,
                "hint": "not installed, so the small model answers: `bash packaging/venv.sh` in a checkout, or "
                        "install the hearth-model package (apt install ./hearth-model_*.deb)"}
    intact = verify(path, STANDARD)
    check: Check = {"ok": intact, "installed": True, "name": STANDARD.name, "path": str(path),
                    "sha256": STANDARD.sha256, "licence": STANDARD.licence}
    if not intact:
        check["fix"] = f"{path} is damaged: delete it and run `bash packaging/venv.sh` (or reinstall hearth-model)"
    return check


def _check_speech() -> Check:
    """Speech's parts, none loaded: the Whisper folder (every file byte for byte, ≈0.4 s), the voice
    detector's model, hibari's bundled "heart" voice, and PyAV's absence (its wheels carry GPL codecs;
    decision 0032). Missing parts leave a working Hearth without speech, so only a damaged one fails."""
    from app.core.speech.models import damaged_files, install_hint, whisper_dir

    folder = whisper_dir()
    check: Check = {"ok": True, "whisper": str(folder) if folder else None, "whisper_sha256_ok": None,
                    "vad": _vad_model(), "voice": None, "pyav": _installed("av")}
    if folder is not None:
        damaged = damaged_files(folder)
        check["whisper_sha256_ok"] = not damaged
        if damaged:
            check.update(ok=False, fix=f"{folder} is damaged ({', '.join(damaged)} not as published): "
                                       f"delete it, then {install_hint()}")
    try:
        from app.core.speech.tts import heart_voice_file

        check["voice"] = str(heart_voice_file())
    except ImportError:
        pass  # hibari-tts not installed: no read-aloud
    except KnownError as exc:
        check.update(ok=False, fix=str(exc))
    if folder is None or check["voice"] is None or check["vad"] is None:
        check["hint"] = f"speech is not fully installed: {install_hint()}"
    return check


def _vad_model() -> str | None:
    """Silero VAD, inside faster-whisper's package (found without importing faster-whisper, which
    imports ctranslate2 and its 80 MB library)."""
    import importlib.util

    spec = importlib.util.find_spec("faster_whisper")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(next(iter(spec.submodule_search_locations)), "assets").glob("silero_vad*.onnx"))
    return str(found[-1]) if found else None


def _check_audio() -> Check:
    """PortAudio and the sound devices it sees. None of it is needed to run Hearth, nor to transcribe
    or read a file aloud: a computer without PortAudio or a sound card passes, and is told so."""
    from app.core.speech import devices

    try:
        sd = devices._sounddevice()
    except KnownError as exc:
        return {"ok": True, "portaudio": None, "detail": exc.what, "fix": exc.fix}
    inputs, outputs = devices.devices(sd)
    check: Check = {"ok": True, "portaudio": sd.get_portaudio_version()[1], "inputs": inputs, "outputs": outputs}
    missing = [what for what, found in (("microphone", inputs), ("speakers", outputs)) if not found]
    if missing:
        check["detail"] = (f"no {' and no '.join(missing)} found{' (no sound card)' if len(missing) == 2 else ''}: "
                           "dictation and reading replies aloud need them; `hearth transcribe` and "
                           "`hearth say --out` work on files without them")
    return check


def _installed(dist: str) -> bool:
    try:
        importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def _check_llama(options: Options) -> Check:
    """The build's CPU features, then the configured model loaded and asked for a few tokens."""
    from app.core.llm.llama import system_info  # imports llama_cpp, only when the doctor runs

    info = system_info()
    settings = load_settings(options).with_values({"context_size": 512})  # small: a load test, not a chat
    started = time.perf_counter()
    backend = make_backend(options, settings)
    prompt = backend.render([ChatMessage("user", "Say hello.")])
    reply = "".join(backend.stream(prompt, max_tokens=4, temperature=0.0))
    setting = load_settings(options).model_path
    why = backend.info.extra.get("chosen") or f"named in the settings (model_path = {setting})"
    return {"ok": True, "model": backend.info.path, "model_name": backend.info.name, "why": why,
            "load_and_reply_s": round(time.perf_counter() - started, 2),
            "chat_template": backend.info.extra.get("template_source"), "parameters": backend.info.n_params,
            # A usable file that may chat badly is a warning, not a failed check.
            "warnings": list(backend.info.warnings),
            "reply_sample": reply.strip(), "cpu_features": " ".join(info["cpu_features"]),
            "cpu_backend_file": info["cpu_backend_file"], "cpu_backends": info["cpu_backends"]}


def _check_servers(options: Options) -> Check:
    """Each model server the person entered: reachable or why not, how fast it answered, its models.
    One that is away fails the check only when the model in use is on it."""
    from app.core.llm import served_catalog
    from app.core.llm.servers import split_setting

    found = served_catalog.statuses(server_book(options))
    if not found:
        return {"ok": True, "servers": "none (`hearth models add-server URL` adds one)"}
    lines = [f"{s.server.name} ({s.server.url}, {s.server.where()}): " +
             (f"reachable in {s.ms:.0f} ms, models: {', '.join(s.models) or 'none'}" if s.ok else s.problem)
             for s in found]
    split = split_setting(load_settings(options).model_path)
    in_use = next((s for s in found if split is not None and s.server.name == split[1]), None)
    check: Check = {"ok": in_use is None or in_use.ok, "servers": lines}
    if in_use is not None and not in_use.ok:
        check["fix"] = f"the model in use runs on {in_use.server.name}: start it, or choose a local model"
    return check


# Qt's window on Linux: the X11 and the Wayland platform plugin; a desktop needs one of them to load.
LINUX_PLATFORMS = {"x11": "libqxcb.so", "wayland": "libqwayland.so"}
DESKTOP_FIX = ("install the missing system library: `sudo apt install ./hearth_<version>_amd64.deb` brings "
               "them all; for a source install, the README's apt-get line lists them")


def _check_desktop() -> Check:
    """Whether the window can open: Qt's widgets and a Linux platform plugin load with the system
    libraries they need. A library missing from the system (a package without its dependencies)
    is named here, instead of the window failing to open."""
    try:
        import PySide6
        from PySide6 import QtWidgets  # noqa: F401 - loads Qt's GUI libraries and theirs (GL, fonts)
    except ImportError as exc:
        return {"ok": False, "error": str(exc), "fix": DESKTOP_FIX}
    if not sys.platform.startswith("linux"):
        return {"ok": True}
    folder = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms"
    loaded, failed = [], {}
    for name, plugin in LINUX_PLATFORMS.items():
        try:
            ctypes.CDLL(str(folder / plugin))  # resolves every library the plugin links to, like Qt does
            loaded.append(name)
        except OSError as exc:
            failed[name] = str(exc)
    check: Check = {"ok": bool(loaded), "platforms": loaded}
    if failed:  # one of the two is enough to open the window; a missing one is still worth naming
        check.update(missing=[f"{name}: {why}" for name, why in failed.items()], fix=DESKTOP_FIX)
    return check


def format_report(report: dict[str, Any]) -> str:
    lines = [f"Hearth {report['app_version']} (Python {report['python']}, {report['platform']})",
             f"data dir: {report['data_dir']}", "versions:"]
    lines += [f"  {name}: {value or 'not installed'}" for name, value in report["versions"].items()]
    for name, check in report["checks"].items():
        lines.append(f"[{'ok' if check['ok'] else 'FAILED'}] {name}")
        for key, value in check.items():
            if isinstance(value, list):  # one line each: warnings are sentences
                lines += [f"    {key[:-1] if key.endswith('s') else key}: {item}" for item in value]
            elif key != "ok":
                lines.append(f"    {key}: {value}")
    lines.append("all checks passed" if report["ok"] else "some checks failed (see above)")
    return "\n".join(lines)
