"""Import speed: `python -m bench.import_speed [--messages 2000] [--embedder minilm]`.

Writes a synthetic ChatGPT export (conversations.json, zipped; some replies regenerated, so
the tree has branches the import skips; some messages with a photo) of N messages on the thread, then imports it into a fresh encrypted profile with the real MiniLM
embedder, as `hearth import chatgpt` does, and prints: reading, writing (embedding + SQL),
messages/second, memories written, and the time of importing the same file again (which adds
nothing). The embedder is loaded before the clock starts (its ~5 s load is not import work).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
import zipfile
from pathlib import Path

from app.core.importers import read_export, write_history
from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import make_embedder
from app.core.memory.keys import DbKey

PEOPLE = ["my sister Ana", "my friend Tom", "my boss", "my neighbour", "my son", "my partner", "my dentist"]
THINGS = ["a new bike", "tickets to Lisbon", "a sourdough starter", "a cello", "a puppy", "solar panels", "a tent"]
QUESTIONS = ["What should I pack for {p}'s wedding?", "How do I fix a slipping bike chain?",
             "Can you suggest a recipe with lentils?", "Which laptop is good for photo editing?"]
START = 1_600_000_000.0


def user_text(rng: random.Random) -> str:
    if rng.random() < 0.35:
        return rng.choice(QUESTIONS).format(p=rng.choice(PEOPLE))
    return (f"I bought {rng.choice(THINGS)} last week and {rng.choice(PEOPLE)} wants to see it. "
            f"Also, {rng.choice(PEOPLE)} is visiting on day {rng.randint(1, 28)}.")


def synthetic_export(messages: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    conversations, made, n = [], 0, 0
    while made < messages:
        turns = min(rng.randint(3, 20), max(1, (messages - made) // 2))
        t = START + n * 86_400
        mapping = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
        parent = "root"
        for k in range(turns):
            for role, text in (("user", user_text(rng)), ("assistant", "Here is a longer answer. " * 8)):
                node = f"{n}-{k}-{role}"
                parts: list = [text]
                if role == "user" and rng.random() < 0.05:  # a photo sent with the message
                    parts.insert(0, {"content_type": "image_asset_pointer", "asset_pointer": "file-service://p"})
                if role == "assistant" and rng.random() < 0.1:  # a regenerated reply: the old one is a branch
                    old = f"{node}-old"
                    mapping[old] = {"id": old, "parent": parent, "children": [], "message": {
                        "author": {"role": role}, "create_time": t, "content": {"content_type": "text",
                                                                               "parts": ["A first try."]}}}
                    mapping[parent]["children"].append(old)
                mapping[node] = {"id": node, "parent": parent, "children": [], "message": {
                    "author": {"role": role}, "create_time": t, "content": {"content_type": "multimodal_text"
                                                                           if len(parts) > 1 else "text",
                                                                           "parts": parts}}}
                mapping[parent]["children"].append(node)
                parent, t = node, t + 30
                made += 1
        conversations.append({"id": f"conv-{n}", "title": f"Conversation {n}", "create_time": START + n * 86_400,
                              "update_time": t, "current_node": parent, "mapping": mapping})
        n += 1
    return conversations


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--window", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "chatgpt-export.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("conversations.json", json.dumps(synthetic_export(args.messages)))
        embedder = make_embedder(args.embedder)
        embedder.embed(["warm up"])
        bank = MemoryBank(open_db(Path(tmp) / "bench.hearth", DbKey(passphrase="bench")), embedder)
        bank.add_many([])  # the vector table exists before the clock starts

        started = time.perf_counter()
        fmt, conversations, skips = read_export(archive, "chatgpt")
        read_s = time.perf_counter() - started
        report = write_history(bank, fmt, conversations, skips, window_turns=args.window)
        total_s = time.perf_counter() - started
        again = time.perf_counter()
        fmt2, conv2, skips2 = read_export(archive, "chatgpt")
        second = write_history(bank, fmt2, conv2, skips2, window_turns=args.window)
        again_s = time.perf_counter() - again

        print(f"export: {archive.stat().st_size / 1e3:.0f} KB zipped, {len(conversations)} conversations, "
              f"{report.messages} messages, embedder {embedder.id}")
        print("| step | seconds |\n|---|---|")
        print(f"| read + parse | {read_s:.2f} |")
        print(f"| write (embed + SQL) | {report.seconds:.2f} |")
        print(f"| total | {total_s:.2f} |")
        print(f"| again (adds nothing) | {again_s:.2f} |")
        print(f"messages/s: {report.messages / total_s:.0f}; memories written: {report.memories} "
              f"({sum(1 for m in bank.list() if m.kind == 'summary')} summaries); second run added "
              f"{second.conversations} conversations, found {second.already} already there")
        bank.conn.close()


if __name__ == "__main__":
    main()
