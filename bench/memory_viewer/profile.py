"""The profile bench/memory_viewer browses: N memories with real MiniLM vectors (cached in
bench/.cache by bench/recall_speed's ``corpus_vectors``) and the mix a profile has after a year or
two of use, written with the core API (``MemoryBank.add_many``) plus one UPDATE for what only use
writes (recall statistics).

* kinds: 35 % fact, 35 % episode, 20 % note, 10 % summary (origin to match: span, message, typed,
  summary);
* created over two years, in id order with some jitter (imports and edits shuffle a little);
* conversations: one per 250 memories, 6 messages each; 80 % of facts, episodes and summaries come
  from one (with their source message), 10 % of notes;
* importance: 60 % at the default 0.5, the rest spread over 0–1;
* pinned: 0.2 % (~200 at 100k: they all go into every prompt, so a user pins few); expiry: 4 % expired (in the past), 4 % expiring later;
* recalled: 25 % have ``last_recalled_at`` and a ``recall_count`` (1–60, mostly small).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

DAY = 86_400.0
KINDS = [("fact", "span", 0.35), ("episode", "message", 0.35), ("note", "typed", 0.20), ("summary", "summary", 0.10)]


@dataclass(frozen=True)
class Built:
    count: int
    summary: str


def build(n: int, embedder_name: str = "minilm", seed: int = 2024) -> Built:
    from app.bootstrap import Options, make_bank, open_profile
    from app.core.memory.conversations import ConversationStore
    from app.core.memory.store import NewMemory

    texts, embedder = _texts_and_embedder(n, embedder_name)
    rng = random.Random(seed)
    now = time.time()
    start = now - 730 * DAY
    started = time.perf_counter()
    with open_profile(Options()) as profile:
        conversations = ConversationStore(profile.conn)
        links: list[tuple[int, list[int]]] = []  # conversation id, its user messages
        with profile.conn:
            for c in range(max(1, n // 250)):
                when = start + (c + 0.5) / max(1, n // 250) * 730 * DAY
                cid = conversations.create(f"conversation {c + 1}", when)
                users = []
                for m in range(3):
                    users.append(conversations.add_message(cid, "user", texts[(c * 3 + m) % n], when + m * 60))
                    conversations.add_message(cid, "assistant", "Noted — thanks for telling me.", when + m * 60 + 5)
                links.append((cid, users))
        items = []
        counts = {"pinned": 0, "expired": 0, "expiring": 0, "linked": 0}
        for i, text in enumerate(texts):
            kind, origin = _kind(rng)
            created = min(now - 60, start + i / n * 730 * DAY + rng.gauss(0, 2 * DAY))
            conversation, sources = None, ()
            if rng.random() < (0.1 if kind == "note" else 0.8):
                position = min(len(links) - 1, max(0, int(i / n * len(links)) + rng.randint(-2, 2)))
                conversation, users = links[position]
                sources = tuple(users) if kind == "summary" else (rng.choice(users),)
                counts["linked"] += 1
            pinned = rng.random() < 0.002
            expires = None
            roll = rng.random()
            if roll < 0.04:
                expires = rng.uniform(created, now - DAY)
                counts["expired"] += 1
            elif roll < 0.08:
                expires = now + rng.uniform(1, 365) * DAY
                counts["expiring"] += 1
            importance = 0.5 if rng.random() < 0.6 else round(rng.random(), 2)
            counts["pinned"] += pinned
            items.append(NewMemory(text=text, kind=kind, importance=importance, pinned=pinned, expires_at=expires,
                                   created_at=created, conversation_id=conversation, source_message_ids=sources,
                                   origin=origin))
        bank = make_bank(profile, embedder)
        added = bank.add_many(items)
        recalled = []
        for item, result in zip(items, added):
            if rng.random() < 0.25:
                count = min(60, int(rng.expovariate(1 / 4)) + 1)
                recalled.append((rng.uniform(item.created_at, now), count, result.id))
        with bank.transaction():
            profile.conn.executemany("UPDATE memories SET last_recalled_at = ?, recall_count = ? WHERE id = ?",
                                     recalled)
        stored = profile.conn.execute("SELECT count(*) FROM memories").get
    size_mb = Options().db_path.stat().st_size / 1e6
    kinds = ", ".join(f"{k} {p:.0%}" for k, _, p in KINDS)
    return Built(stored, f"{stored:,} memories stored in {time.perf_counter() - started:.0f} s ({size_mb:.0f} MB "
                         f"file): {kinds}; {counts['pinned']:,} pinned, {counts['expired']:,} expired, "
                         f"{counts['expiring']:,} expiring later, {len(recalled):,} recalled, {counts['linked']:,} "
                         f"from {len(links):,} conversations")


def _kind(rng: random.Random) -> tuple[str, str]:
    roll = rng.random()
    for kind, origin, share in KINDS:
        if roll < share:
            return kind, origin
        roll -= share
    return KINDS[-1][0], KINDS[-1][1]


def _texts_and_embedder(n: int, embedder_name: str):
    if embedder_name == "hash":
        from app.core.memory.embed import HashEmbedder
        from bench import corpus

        return list(corpus.memories(n, seed=11)), HashEmbedder()
    from app.core.memory.embed import MiniLMEmbedder
    from bench.recall_speed import CachedEmbedder, corpus_vectors

    texts, vectors = corpus_vectors(n, MiniLMEmbedder())
    return texts, CachedEmbedder(texts, vectors)
