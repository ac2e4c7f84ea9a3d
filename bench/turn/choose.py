"""Who should choose the remembered sentence a reply quotes: the embedder or the model?

`python -m bench.turn.choose [--distractors N]`

The facts of ``grounded_set.py`` are stored among N distractor memories; for
each question (35 answerable, plus 10 about things never said) Hearth's recall
runs and its memories are cut into sentences (``answer.candidates``). Then:

* embedder — the sentence closest to the question by cosine (what Hearth uses);
* model: number — SmolLM2 picks 0..3 under a JSON-schema grammar (0 = none);
* model: copy — SmolLM2 copies one of the sentences, or "none", under a grammar;
* model: yes/no — SmolLM2 says whether the embedder's sentence answers.

This is the set the quote threshold was tuned on: its numbers are in-sample.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from app.core.agent import answer
from app.core.llm.backend import ChatMessage
from app.core.llm.llama import LlamaBackend
from app.core.llm.locate import default_model_path
from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams
from app.core.memory.store import NewMemory
from bench import corpus
from bench.turn.grounded_set import GROUNDED

NEVER_SAID = ["What is my cat's favourite toy?", "Where did I go on holiday last year?", "What is my phone number?",
              "What colour is my bicycle?", "Who is my piano teacher?", "What is my daughter's favourite song?",
              "Which gym do I go to?", "What did I eat for breakfast?", "What is my neighbour's dog called?",
              "When is my anniversary?"]


def ask(llm: LlamaBackend, system: str, user: str, schema: dict) -> object:
    prompt = llm.render([ChatMessage("system", system), ChatMessage("user", user)])
    try:
        return json.loads(llm.complete_json(prompt, schema, max_tokens=150)).get("v")
    except (json.JSONDecodeError, AttributeError):
        return None


def model_choices(llm: LlamaBackend, question: str, notes: list[str]) -> dict[str, str | None]:
    numbered = "\n".join(f"{n}. {t}" for n, t in enumerate(notes, start=1))
    number = ask(llm, 'Reply with the number of the note that answers the question, or 0 if none: {"v": 2}',
                 f"Notes:\n{numbered}\n\nQuestion: {question}",
                 {"type": "object", "properties": {"v": {"enum": list(range(len(notes) + 1))}}, "required": ["v"]})
    copied = ask(llm, "Copy the note that answers the user's question, or none.",
                 "Notes:\n" + "\n".join(f"- {t}" for t in notes) + f"\n\nQuestion: {question}",
                 {"type": "object", "properties": {"v": {"enum": [*notes, "none"]}}, "required": ["v"]})
    yes = ask(llm, "Does the note answer the question? Reply yes or no.", f"Note: {notes[0]}\nQuestion: {question}",
              {"type": "object", "properties": {"v": {"enum": ["yes", "no"]}}, "required": ["v"]})
    return {"number": notes[number - 1] if isinstance(number, int) and number >= 1 else None,
            "copy": copied if copied != "none" else None, "yes": notes[0] if yes == "yes" else None}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.turn.choose", description=__doc__.split("\n")[0])
    parser.add_argument("--distractors", type=int, default=500)
    args = parser.parse_args()
    embedder = MiniLMEmbedder()
    llm = LlamaBackend(default_model_path(), n_ctx=4096)
    right = {"embedder": 0, "number": 0, "copy": 0, "yes": 0}
    none_on_never = {"embedder": 0, "number": 0, "copy": 0, "yes": 0}
    best_scores: dict[bool, list[float]] = {True: [], False: []}
    with tempfile.TemporaryDirectory() as tmp:
        bank = MemoryBank(open_db(Path(tmp) / "c.hearth", DbKey(passphrase="bench")), embedder)
        bank.add_many([NewMemory(text=t) for t in corpus.memories(args.distractors, seed=5)])
        bank.add_many([NewMemory(text=f, kind="fact") for f, _, _ in GROUNDED])
        questions = [(q, a) for _, q, a in GROUNDED] + [(q, None) for q in NEVER_SAID]
        for question, answers in questions:
            vector = bank.embed([question])[0]
            found = answer.candidates(bank.recall_vector(question, vector, RecallParams(top_k=3)), vector, bank.embed)
            notes = [c.note for c in found[:3]]
            picks = {"embedder": notes[0] if notes else None, **(model_choices(llm, question, notes) if notes else {})}
            best_scores[answers is not None].append(found[0].score if found else 0.0)
            for name, pick in picks.items():
                if answers is None:
                    none_on_never[name] += pick is None
                elif pick and any(a.casefold() in pick.casefold() for a in answers):
                    right[name] += 1
    n, m = len(GROUNDED), len(NEVER_SAID)
    print(f"| chooser | right sentence ({n} answerable) | says none ({m} never said) |\n|---|---|---|")
    for name, label in [("embedder", "embedder: closest sentence"), ("number", "model: a number"),
                        ("copy", "model: copies a sentence"), ("yes", "model: yes/no on the closest")]:
        print(f"| {label} | {right[name]}/{n} | {none_on_never[name]}/{m} |")
    for answerable, scores in best_scores.items():
        print(f"best-sentence cosine, {'answerable' if answerable else 'never said'}: "
              f"min {min(scores):.2f} median {sorted(scores)[len(scores) // 2]:.2f} max {max(scores):.2f}")


if __name__ == "__main__":
    main()
