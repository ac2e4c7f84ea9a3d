"""Grounded answers: does the default model use what Hearth recalls?

`python -m bench.turn.grounded [--distractors N] [--temperature T]`

Stores the facts of ``grounded_set.py`` (as the agent would: kind "fact")
among N distractor memories, then asks each question in a new conversation of
a fresh copy of that profile, through the real Agent (real MiniLM, real GGUF),
and counts replies that contain the fact's answer. Also reports, for
comparison in the same run, bare prompting with the fact in the system prompt
and quoted in the user turn.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from app.core.agent.answer import STYLES
from app.core.agent.loop import Agent
from app.core.llm.backend import ChatMessage
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.store import NewMemory
from app.core.settings import Settings
from app.core.turn_events import TurnDone
from bench import corpus
from bench.turn.grounded_set import GROUNDED

KEY = DbKey(passphrase="bench")


def contains(reply: str, answers: tuple[str, ...]) -> bool:
    return any(a.casefold() in reply.casefold() for a in answers)


def build_profile(path: Path, embedder: MiniLMEmbedder, distractors: int) -> None:
    conn = open_db(path, KEY)
    bank = MemoryBank(conn, embedder)
    bank.add_many([NewMemory(text=t) for t in corpus.memories(distractors, seed=5)])
    bank.add_many([NewMemory(text=fact, kind="fact", importance=0.7) for fact, _, _ in GROUNDED])
    conn.close()


def hearth_answers(template: Path, embedder: MiniLMEmbedder, backend: LlamaBackend, settings: Settings,
                   tmp: Path) -> list[tuple[str, bool, bool]]:
    """(reply, grounded, fact was in the prompt) per question, each on a fresh copy of the profile."""
    out = []
    for n, (fact, question, answers) in enumerate(GROUNDED):
        copy = tmp / f"q{n}.hearth"
        shutil.copy(template, copy)
        conn = open_db(copy, KEY)
        agent = Agent(MemoryBank(conn, embedder), backend, settings)
        done = next(e for e in agent.run_turn(question, new=True) if isinstance(e, TurnDone))
        in_prompt = any(r.memory.text == fact for r in done.recalled)
        out.append((done.reply, contains(done.reply, answers), in_prompt))
        conn.close()
    return out


def bare_answers(backend: LlamaBackend, settings: Settings, where: str) -> list[bool]:
    results = []
    for fact, question, answers in GROUNDED:
        if where == "system":
            messages = [ChatMessage("system", f"{settings.system_prompt}\nFact about the user: {fact}"),
                        ChatMessage("user", question)]
        else:
            messages = [ChatMessage("system", settings.system_prompt),
                        ChatMessage("user", f'"{fact}"\n\n{question}')]
        reply = "".join(backend.stream(backend.render(messages), max_tokens=settings.max_reply_tokens,
                                       temperature=settings.temperature))
        results.append(contains(reply, answers))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.turn.grounded")
    parser.add_argument("--distractors", type=int, default=500)
    parser.add_argument("--temperature", type=float, default=Settings.temperature)
    parser.add_argument("--top-k", type=int, default=Settings.top_k)
    parser.add_argument("--answer-style", choices=STYLES, default=Settings.answer_style)
    parser.add_argument("--bare", action="store_true", help="also prompt the model bare, for comparison")
    parser.add_argument("--show", action="store_true", help="print every reply")
    args = parser.parse_args()
    settings = Settings(temperature=args.temperature, top_k=args.top_k, answer_style=args.answer_style)
    embedder = MiniLMEmbedder()
    backend = LlamaBackend(default_model_path(), n_ctx=settings.context_size)
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / "template.hearth"
        build_profile(template, embedder, args.distractors)
        results = hearth_answers(template, embedder, backend, settings, Path(tmp))
    n = len(GROUNDED)
    hits = sum(1 for _, ok, _ in results if ok)
    recalled = sum(1 for _, _, in_prompt in results if in_prompt)
    print(f"{n} questions, {args.distractors} distractors, temperature {args.temperature}, top-k {args.top_k}, "
          f"answer style {args.answer_style}, model {backend.info.name}")
    print(f"  Hearth (recall → prompt → reply): {hits}/{n} = {hits / n:.0%} grounded; "
          f"fact in the prompt for {recalled}/{n}")
    for where in ("system", "user") if args.bare else ():
        bare = bare_answers(backend, settings, where)
        print(f"  bare, fact in the {where} {'prompt' if where == 'system' else 'turn'}: "
              f"{sum(bare)}/{n} = {sum(bare) / n:.0%}")
    if args.show:
        for (fact, question, _), (reply, ok, in_prompt) in zip(GROUNDED, results):
            print(f"\n[{'ok' if ok else '--'}{'' if in_prompt else ' not recalled'}] {question}\n  {reply[:200]!r}")


if __name__ == "__main__":
    main()
