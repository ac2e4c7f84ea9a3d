"""``extract_isolated(path)``: ``extract`` in a child process, so a parser that hangs, crashes
(a segfault in PDFium or lxml) or eats memory costs one file, said as ``Unreadable``, and never
the app.

Why multiprocessing with the 'spawn' start method: it is the one way to start a child that works
the same from source and inside the PyInstaller one-file build (there ``sys.executable`` is the
app itself, so ``python -m ...`` cannot be run; PyInstaller's multiprocessing hook and the
``multiprocessing.freeze_support()`` in packaging/entry.py turn the app into the child instead),
and on all three systems. 'fork' is not used: forking a process that has Qt, torch or llama.cpp
threads running copies locks held by threads that do not exist in the child.

The child sets an address-space limit (``RLIMIT_AS``, where the system has one: Linux; macOS
does not enforce it and Windows has no ``resource``) and the parent waits at most ``timeout_s``.
The result crosses back as JSON of plain data over a pipe, capped in size: nothing from the
child is unpickled, since the child is the process that read a hostile file.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from app.core.documents.extract import extract
from app.core.documents.model import Extracted, Limits, Section, Unreadable

GB = 1024 ** 3
DEFAULT_MEMORY = 3 * GB  # address space, not RAM in use: Python, lxml and PDFium map a few hundred MB


def extract_isolated(path: Path | str, limits: Limits = Limits(), timeout_s: float = 60.0, *,
                     memory_bytes: int = DEFAULT_MEMORY,
                     reader: Callable[[Path, Limits], Extracted] = extract) -> Extracted:
    """``extract(path, limits)`` run in a child process. ``reader`` is a module-level function the
    child can import by name (the tests pass one that hangs or crashes)."""
    path = Path(path)
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, str(path), limits, memory_bytes, reader),
                            name=f"hearth-read-{path.name}", daemon=True)
    child.start()
    send.close()  # the child holds the only sending end: its death is our end-of-file
    try:
        message = _wait(receive, child, timeout_s, limits)
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join(5)
        if child.exitcode is not None:  # a child stuck in the kernel cannot be closed yet: leave it to the OS
            child.close()
    return _result(path, message, timeout_s)


def _wait(receive: Connection, child: Any, timeout_s: float, limits: Limits) -> Any:
    """The child's message; "timeout" when it took too long, "crash" when it died without one."""
    if not receive.poll(timeout_s):
        return "timeout"
    try:
        # 4 bytes a character (JSON escapes) and room for headings: a child must not flood the parent
        return json.loads(receive.recv_bytes(maxlength=8 * limits.max_chars + (1 << 20)))
    except (EOFError, OSError, ValueError):  # closed without a word, or sent more than it may
        return "crash"


def _result(path: Path, message: Any, timeout_s: float) -> Extracted:
    if message == "timeout":
        raise Unreadable(f"{path.name} took too long to read (over {timeout_s:g} s)",
                         "it may be damaged or built to stall readers; open it and save it again")
    if isinstance(message, dict) and "unreadable" in message:
        what, fix = message["unreadable"]
        raise Unreadable(str(what), str(fix))
    if isinstance(message, dict) and "extracted" in message:
        try:
            return _from_plain(message["extracted"])
        except (KeyError, TypeError, ValueError):  # not what _child sends: the child was not itself
            pass
    raise Unreadable(f"Hearth crashed reading {path.name}",
                     "it may be damaged or built to break readers; open it and save it again")


def _child(send: Connection, path: str, limits: Limits, memory_bytes: int,
           reader: Callable[[Path, Limits], Extracted]) -> None:
    _limit_memory(memory_bytes)
    try:
        message: dict[str, Any] = {"extracted": _to_plain(reader(Path(path), limits))}
    except Unreadable as exc:
        message = {"unreadable": [exc.what, exc.fix]}
    except MemoryError:
        message = {"unreadable": [f"{Path(path).name} is too large to read in memory",
                                  "split it into smaller files"]}
    send.send_bytes(json.dumps(message).encode())
    send.close()


def _limit_memory(memory_bytes: int) -> None:
    try:
        import resource
    except ImportError:  # Windows
        return
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        soft = memory_bytes if hard == resource.RLIM_INFINITY else min(memory_bytes, hard)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (ValueError, OSError, AttributeError):  # a system without RLIMIT_AS, or one that refuses it
        pass


def _to_plain(extracted: Extracted) -> dict[str, Any]:
    return {"title": extracted.title, "kind": extracted.kind, "pages": extracted.pages,
            "sections": [[s.text, s.page, s.heading] for s in extracted.sections]}


def _from_plain(data: dict[str, Any]) -> Extracted:
    sections = tuple(Section(str(text), None if page is None else int(page), None if heading is None else str(heading))
                     for text, page, heading in data["sections"])
    return Extracted(str(data["title"]), str(data["kind"]), int(data["pages"]), sections)
