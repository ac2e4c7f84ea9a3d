"""Every screen and command with a big profile: `python -m bench.scale [--conversations 10000]
[--memories 100000] [--embedder minilm|hash]`.

Builds an encrypted profile with N memories (bench/memory_viewer/profile.py: the realistic mix,
real MiniLM vectors from bench/.cache), C conversations of 4 messages each, and one conversation
holding a 32,000-character message. Then:

* the command line, as a user runs it (a new process each time, median of 3): `conversations`,
  `memory list`, `memory search`, `memory show`, next to `--version` (the interpreter's start-up,
  which every command pays);
* the desktop app (the real services on their threads, a scripted model streaming while it is
  measured): from start to the conversation list filled, a search of the conversation list, opening
  the 32,000-character conversation, a turn in a new conversation (the list refreshes after it),
  and the memory viewer's first page. For each: the time until it is on screen and the longest
  event-loop stall meanwhile (a 10 ms timer: how long the window could not answer a click).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.long_conversation.variant import Ticker, wait_until

BIG = ("I keep bees in the orchard behind the house, and every spring the swarms come back. " * 400)[:32_000]
WORDS = ["garden", "trip", "recipe", "bees", "piano", "invoice", "Lisbon", "birthday", "bike", "orchard", "doctor"]
TARGET_MS = 100.0


def build(conversations: int, memories: int, embedder: str) -> tuple[str, int]:
    from app.bootstrap import Options, open_profile
    from app.core.memory.conversations import ConversationStore
    from bench.memory_viewer.profile import build as build_memories

    summary = build_memories(memories, embedder).summary
    rng = random.Random(7)
    now = time.time()
    with open_profile(Options()) as profile:
        store = ConversationStore(profile.conn)
        with profile.conn:
            for n in range(conversations):
                topic = " ".join(rng.sample(WORDS, 2))
                at = now - (conversations - n) * 3600
                cid = store.create(f"About the {topic} ({n})", at)
                for turn in range(2):
                    store.add_message(cid, "user", f"Tell me about {topic}, part {turn} of conversation {n}.", at)
                    store.add_message(cid, "assistant", f"Here is what I know about {topic}.", at)
            big = store.create("The 32,000-character message", now)
            store.add_message(big, "user", BIG, now)
            store.add_message(big, "assistant", "That is a long letter about bees.", now)
    return summary + f"; {conversations:,} conversations of 4 messages and one of a 32,000-character message", big


def cli_times(reps: int = 3) -> list[tuple[str, float]]:
    commands = [["--version"], ["conversations"], ["conversations", "--json"], ["memory", "list", "--json"],
                ["memory", "search", "trip to Bergen"], ["memory", "show", "1"]]
    rows = []
    for argv in commands:
        runs = []
        for _ in range(reps):
            started = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "app", *argv], capture_output=True)
            runs.append((time.perf_counter() - started) * 1000)
            if proc.returncode:
                raise SystemExit(f"hearth {' '.join(argv)} failed: {proc.stderr.decode()[-400:]}")
        rows.append((" ".join(argv), statistics.median(runs)))
    return rows


class Screen:
    """The app on screen, with a ticker recording stalls while each step runs."""

    def __init__(self, token_delay_s: float) -> None:
        from PySide6.QtWidgets import QApplication

        from app.bootstrap import Options, build_desktop
        from app.ui.main_window import MainWindow
        from bench.memory_viewer.__main__ import slow_backend

        self.app = QApplication.instance() or QApplication([])
        self.desktop = build_desktop(Options(), backend_factory=slow_backend(token_delay_s))
        self.window = MainWindow(self.desktop)
        self.window.resize(1280, 900)
        self.window.show()
        self.ticker = Ticker(lambda: self.window.panel.streaming)
        self.rows: list[tuple[str, float, float]] = []

    def step(self, name: str, start: Any, done: Any, timeout_s: float = 600) -> None:
        first = len(self.ticker.stalls)
        self.ticker.start_recording()
        started = time.perf_counter()
        start()
        wait_until(done, timeout_s, name)
        elapsed = (time.perf_counter() - started) * 1000
        stalls = self.ticker.stalls[first:] or [0.0]
        self.rows.append((name, elapsed, max(stalls)))

    def run(self, conversations: int, big: int) -> None:
        w = self.window
        self.step("start → conversation list shown", self.desktop.start,
                  lambda: w.conversation_list.count() >= conversations + 1)
        wait_until(lambda: w.panel.model_state == "ready", 600, "model ready")
        w.input.setPlainText("Please write me a long guide to keeping bees in an orchard.")
        self.step("a reply streams (first words shown)", w.panel.send, lambda: w.panel.streaming and
                  len(w.chat_view.toPlainText()) > 200)
        self.step("search the conversation list (while streaming)",
                  lambda: w.conversation_search.setText("Lisbon piano"),
                  lambda: any(w.conversation_list.item(r).isHidden() for r in range(w.conversation_list.count())))
        w.conversation_search.setText("")
        self.step("the reply ends; the list refreshes", lambda: None, lambda: not w.panel.streaming)
        wait_until(lambda: w.conversation_list.count() >= conversations + 2, 60, "new conversation listed")
        self.step("open the 32,000-character conversation", lambda: w.show_conversation(big),
                  lambda: w.panel.conversation_id == big and "swarms come back" in w.chat_view.toPlainText())
        self.step("open the memory viewer (first page)", w.open_memories,
                  lambda: w.memory_window is not None and w.memory_window.model.rowCount() > 0)

    def stop(self) -> None:
        self.window.close()
        self.desktop.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=10_000)
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--embedder", choices=["minilm", "hash"], default="minilm")
    parser.add_argument("--token-delay-ms", type=float, default=20.0)
    parser.add_argument("--home", type=Path, help="keep the profile here (built once, reused by later runs)")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = args.home or Path(tempfile.mkdtemp(prefix="hearth-scale-"))
    os.environ.update(HEARTH_HOME=str(home), HEARTH_PASSPHRASE="bench", HEARTH_EMBEDDER=args.embedder,
                      HF_HUB_OFFLINE="1")
    try:
        started = time.perf_counter()
        if (home / "default.hearth").exists():
            summary, big = "reused from --home", args.conversations + 401  # after the viewer profile's 400
        else:
            summary, big = build(args.conversations, args.memories, args.embedder)
        print(f"profile: {summary} (built in {time.perf_counter() - started:.0f} s)\n")
        print("| command (new process, median of 3) | ms | minus start-up |\n|---|---:|---:|")
        rows = cli_times()
        base = rows[0][1]
        for name, ms in rows:
            print(f"| hearth {name} | {ms:,.0f} | {ms - base:,.0f} |")
        screen = Screen(args.token_delay_ms / 1000)
        screen.run(args.conversations, big)
        screen.stop()
        print(f"\n| desktop app step | on screen, ms | longest stall, ms | stall ≤ {TARGET_MS:.0f} ms |"
              "\n|---|---:|---:|---|")
        for name, ms, stall in screen.rows:
            print(f"| {name} | {ms:,.0f} | {stall:,.0f} | {'PASS' if stall <= TARGET_MS else 'FAIL'} |")
    finally:
        if not args.home:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
