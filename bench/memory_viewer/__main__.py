"""Memory viewer with many memories: `python -m bench.memory_viewer [--memories 100000]`.

Builds an encrypted profile of N memories (real MiniLM vectors from
bench/.cache), opens the real engine thread and MemoryWindow offscreen, and
times: window shown → first page painted, scrolling to the next page, a
semantic+keyword search (typed → results shown), and a filter change.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.memory_viewer")
    parser.add_argument("--memories", type=int, default=100_000)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = tempfile.mkdtemp(prefix="hearth-viewer-")
    os.environ.update(HEARTH_HOME=home, HEARTH_PASSPHRASE="bench", HEARTH_EMBEDDER="minilm")

    from app.bootstrap import Options, make_bank, open_profile
    from app.core.memory.embed import MiniLMEmbedder
    from app.core.memory.store import NewMemory
    from bench.recall_speed import CachedEmbedder, corpus_vectors

    texts, vectors = corpus_vectors(args.memories, MiniLMEmbedder())
    started = time.perf_counter()
    with open_profile(Options()) as profile:
        make_bank(profile, CachedEmbedder(texts, vectors)).add_many([NewMemory(text=t) for t in texts])
    print(f"{args.memories:,} memories stored in {time.perf_counter() - started:.0f} s")

    from PySide6.QtWidgets import QApplication

    from app.core.llm.fake import ScriptedBackend
    from app.services.engine import Engine, EngineThread
    from app.ui.memory_window import MemoryWindow

    app = QApplication(sys.argv[:1])
    engine = Engine(Options(), backend_factory=lambda o, s: ScriptedBackend())
    worker = EngineThread(engine)
    worker.start()
    wait_for(lambda: engine._agent is not None and engine._agent.bank.index.warmed, 120)  # loading done
    window = MemoryWindow(engine)
    results = {}
    t0 = time.perf_counter()
    window.show()
    wait_for(lambda: window.model.rowCount() > 0, 60)
    results["first page"] = [time.perf_counter() - t0]
    t0 = time.perf_counter()
    window.table.scrollToBottom()
    window.model.fetchMore()
    wait_for(lambda: window.model.rowCount() >= 400, 60)
    results["next page"] = [time.perf_counter() - t0]
    results["search"] = []
    for query in ("lunch with Marta at the bakery", "paid the electricity bill", "Kenji visiting from Lyon",
                  "broken fence", "a documentary about octopuses"):
        t0 = time.perf_counter()
        window.model.set_search(query)
        wait_for(lambda: not window.model._loading and window.model.rowCount() > 0, 60)
        results["search"].append(time.perf_counter() - t0)
    window.model.set_search("")
    wait_for(lambda: not window.model._loading, 60)
    t0 = time.perf_counter()
    window.pinned_only.setChecked(True)
    wait_for(lambda: not window.model._loading, 60)
    results["filter (pinned only)"] = [time.perf_counter() - t0]
    for name, times in results.items():
        print(f"  {name:<22} median {statistics.median(times) * 1000:7.0f} ms   max {max(times) * 1000:7.0f} ms")
    worker.stop()
    app.processEvents()


def wait_for(condition, timeout_s: float) -> None:  # noqa: ANN001
    from PySide6.QtCore import QCoreApplication

    deadline = time.perf_counter() + timeout_s
    while not condition():
        if time.perf_counter() > deadline:
            raise SystemExit("timed out")
        QCoreApplication.processEvents()
        time.sleep(0.001)


if __name__ == "__main__":
    main()
