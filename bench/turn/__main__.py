"""Turn speed: `python -m bench.turn [--memories 10000] [--rounds 3]`.

In one run, with the default GGUF and real MiniLM over an encrypted profile of
N memories (bench/.cache vectors):

* tokens/s of a Hearth turn vs bare ``llama_cpp.Llama`` on the same prompt
  (temperature 0, EOS banned so both generate the same number of tokens),
  interleaved A/B for a fair share of the machine;
* what recall + prompt assembly add before the first token (timed inside the turn);
* time to first token of the second turn of a conversation vs the first
  (llama.cpp reuses the KV cache of the common prompt prefix).

`python -m bench.turn.grounded` measures grounded answers.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from app.core.agent.loop import Agent
from app.core.llm.llama import REPEAT_PENALTY, LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.store import NewMemory
from app.core.settings import Settings
from app.core.turn_events import TextDelta, TurnDone
from bench.recall_speed import corpus_vectors

QUESTION = "Please describe, in several detailed paragraphs, how to plan a week-long hiking trip."
TOKENS = 128


class Mixed:
    """Cached corpus vectors for bulk inserts; the real model for anything else."""

    def __init__(self, real: MiniLMEmbedder, texts: list[str], vectors: np.ndarray) -> None:
        self.id, self.dim, self._real = real.id, real.dim, real
        self._cache = dict(zip(texts, vectors))

    def load(self) -> None:
        self._real.load()

    def embed(self, texts: list[str]) -> np.ndarray:
        if all(t in self._cache for t in texts):
            return np.stack([self._cache[t] for t in texts])
        return self._real.embed(texts)


def hearth_turn(agent: Agent, text: str, conversation: int | None) -> TurnDone:
    started, first = time.perf_counter(), None
    for event in agent.run_turn(text, conversation_id=conversation, new=conversation is None):
        if isinstance(event, TextDelta) and first is None:
            first = time.perf_counter()
        if isinstance(event, TurnDone):
            event.stats.timings["ttft_total_ms"] = ((first or time.perf_counter()) - started) * 1000
            return event
    raise RuntimeError("turn ended without TurnDone")


def bare_turn(llm, tokens: list[int]) -> tuple[float, float]:
    """(tokens/s, ttft ms) of bare llama_cpp on the same prompt tokens."""
    llm.reset()
    started, first, n = time.perf_counter(), None, 0
    for _ in llm.create_completion(tokens, max_tokens=TOKENS, temperature=0.0, stream=True,
                                   repeat_penalty=REPEAT_PENALTY, logit_bias={llm.token_eos(): float("-inf")}):
        first = first or time.perf_counter()
        n += 1
    end = time.perf_counter()
    return (n - 1) / (end - first), (first - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.turn")
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    real = MiniLMEmbedder()
    texts, vectors = corpus_vectors(args.memories, real)
    import llama_cpp

    settings = Settings(temperature=0.0, max_reply_tokens=TOKENS)
    with tempfile.TemporaryDirectory() as tmp:
        conn = open_db(Path(tmp) / "turn.hearth", DbKey(passphrase="bench"))
        bank = MemoryBank(conn, Mixed(real, texts, vectors))
        bank.add_many([NewMemory(text=t) for t in texts])
        bank.warm()
        backend = LlamaBackend(default_model_path(), n_ctx=settings.context_size)
        eos = backend._llm.token_eos()
        agent = Agent(bank, backend, settings)
        agent.prepare()
        bare = llama_cpp.Llama(model_path=str(default_model_path()), n_ctx=settings.context_size,
                               n_threads=backend.info.extra["threads"], verbose=False)
        report(agent, backend, bare, eos, args.rounds)
        conn.close()


def report(agent: Agent, backend: LlamaBackend, bare, eos: int, rounds: int) -> None:
    hearth_tps, bare_tps, overhead, ttft1, ttft2, bare_ttft = [], [], [], [], [], []
    original = backend._llm.create_completion

    def no_eos(*a, **kw):  # the same forced length as the bare run
        kw["logit_bias"] = {eos: float("-inf")}
        return original(*a, **kw)

    backend._llm.create_completion = no_eos
    for n in range(rounds):
        question = f"{QUESTION} (round {n})"
        tokens = backend.tokens(agent_last_prompt(agent, question))  # before the turn adds its episode
        backend._llm.reset()
        first = hearth_turn(agent, question, None)
        second = hearth_turn(agent, "And what should I pack for it?", first.conversation_id)
        t = first.stats.timings
        hearth_tps.append(t["tokens_per_s"])
        overhead.append(t["recall_ms"] + t["assembly_ms"])
        ttft1.append(first.stats.timings["ttft_total_ms"])
        ttft2.append(second.stats.timings["ttft_total_ms"])
        tps, ttft = bare_turn(bare, tokens)
        bare_tps.append(tps)
        bare_ttft.append(ttft)
    med = statistics.median
    print(f"model {backend.info.name}, {backend.info.extra['threads']} threads, {TOKENS} tokens per reply, "
          f"{rounds} rounds (median)")
    print(f"  tokens/s  Hearth {med(hearth_tps):6.1f}   bare llama_cpp {med(bare_tps):6.1f}   "
          f"ratio {med(hearth_tps) / med(bare_tps):.1%}")
    print(f"  recall + assembly before the first token: {med(overhead):.1f} ms "
          f"(query embedding + KNN + FTS + density + rendering + token count)")
    print(f"  time to first token  turn 1 {med(ttft1):.0f} ms   turn 2 {med(ttft2):.0f} ms   "
          f"bare (same prompt as turn 1, cold cache) {med(bare_ttft):.0f} ms")


def agent_last_prompt(agent: Agent, question: str) -> str:
    """The prompt a new-conversation turn with ``question`` renders (same recall, same layout)."""
    from app.core.agent import prompt as prompting

    vector = agent.bank.embed([question])[0]
    recalled = agent.bank.recall_vector(question, vector, agent.recall_params)
    assembled = prompting.assemble(agent.backend, system=agent.settings.system_prompt, window=[], user=question,
                                   memories=recalled, max_reply_tokens=agent.settings.max_reply_tokens)
    return assembled.rendered.text


if __name__ == "__main__":
    main()
