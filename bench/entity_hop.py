"""Recall's one hop through people, on the real embedder: `python -m bench.entity_hop [--distractors N]`.

Twenty relatives and pets, each stated once ("Leo is my son.") and known by one fact that
never says the relation ("Leo turns 7 on June 3rd."), among N synthetic distractors
(bench/corpus.py). Each question names the relation only ("When is my son's birthday?").
Prints recall@1/@5 of the fact with recall() alone and with the hop (MemoryBank.search).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from app.core.memory.bank import MemoryBank
from app.core.memory.db import open_db
from app.core.memory.embed import MiniLMEmbedder
from app.core.memory.keys import DbKey
from app.core.memory.recall import RecallParams, recall
from app.core.memory.store import NewMemory
from bench import corpus

# (how the user said who it is, a fact about them without the relation word, the question)
PEOPLE: list[tuple[str, str, str]] = [
    ("Leo is my son.", "Leo turns 7 on June 3rd.", "When is my son's birthday?"),
    ("Mia, my wife, is a nurse.", "Mia is allergic to peanuts.", "Is my wife allergic to anything?"),
    ("My daughter is called Zoe.", "Zoe's favourite colour is purple.", "What colour does my daughter like?"),
    ("My mother Rosa lives alone.", "Rosa takes blood pressure pills every morning.", "What medication does my mum take?"),
    ("Sam is my brother.", "Sam flies for a cargo airline.", "What does my brother do for work?"),
    ("Greg is my boss.", "Greg wants the report by Friday noon.", "When does my boss want the report?"),
    ("My dog's name is Rex.", "Rex needs his vaccination in October.", "When is my dog due at the vet?"),
    ("Ahmed is my father.", "Ahmed collects vintage radios.", "What does my dad collect?"),
    ("Priya is my sister.", "Priya got engaged in Paris last spring.", "Where did my sister get engaged?"),
    ("Ben is my colleague.", "Ben drives a green Volvo.", "What car does my colleague drive?"),
    ("Tomasz is my friend.", "Tomasz plays bass in a jazz band.", "What instrument does my friend play?"),
    ("My grandmother Edith lives by the sea.", "Edith turns 90 in August.", "How old is my grandma turning?"),
    ("My cat Mochi is shy.", "Mochi only eats salmon-flavoured food.", "What does my cat eat?"),
    ("Okafor is my doctor.", "Okafor works Tuesdays and Thursdays only.", "Which days does my doctor work?"),
    ("Alex is my partner.", "Alex is learning Japanese for our trip.", "What language is my partner learning?"),
    ("My nephew Finn is clever.", "Finn starts university in September.", "When does my nephew start university?"),
    ("Walter is my uncle.", "Walter keeps bees in his garden.", "What hobby does my uncle have?"),
    ("Greta is my neighbour.", "Greta waters the plants when I travel.", "What does my neighbour help me with?"),
    ("Ines is my teacher.", "Ines assigns two hours of practice a day.", "How much practice does my teacher want?"),
    ("Victor is my landlord.", "Victor raises the rent every January.", "When does my landlord raise the rent?"),
]


# Written after HOP_BONUS/HOP_FLOOR and the insertion rule were settled on PEOPLE: a check, not tuning data.
HELD_OUT: list[tuple[str, str, str]] = [
    ("My husband Omar is an engineer.", "Omar hates coriander.", "What food does my husband dislike?"),
    ("Kai is my roommate.", "Kai pays the internet bill on the 5th.", "When does my roommate pay the internet?"),
    ("My grandfather Henrik was a sailor.", "Henrik's funeral was in Bergen.", "Where was my grandpa's funeral?"),
    ("Lucia is my therapist.", "Lucia sees me every second Wednesday.", "How often do I see my therapist?"),
    ("My cousin Dario lives abroad.", "Dario is getting married in Naples in May.", "When is my cousin's wedding?"),
    ("Bella is my horse.", "Bella needs new shoes every six weeks.", "How often does my horse need shoeing?"),
    ("My aunt Ruth sent a parcel.", "Ruth is turning 60 next month.", "How old will my aunt be?"),
    ("Pavel is my coach.", "Pavel wants me to run 30 km a week.", "How much running does my coach want?"),
    ("My girlfriend Noor studies law.", "Noor's exam is on the 14th.", "When is my girlfriend's exam?"),
    ("Sven is my manager.", "Sven is on holiday until the 20th.", "Until when is my manager away?"),
]


def build(home: Path, distractors: int, seed: int = 7, people: list[tuple[str, str, str]] | None = None,
          ) -> tuple[MemoryBank, list[int]]:
    people = PEOPLE if people is None else people
    home.mkdir(parents=True, exist_ok=True)
    bank = MemoryBank(open_db(home / "hop.hearth", DbKey(passphrase="bench")), MiniLMEmbedder())
    noise = [NewMemory(text=t) for t in corpus.memories(distractors, seed=seed)]
    said = [NewMemory(text=who) for who, _, _ in people]
    facts = [NewMemory(text=fact) for _, fact, _ in people]
    added = bank.add_many(noise[: distractors // 2] + said + facts + noise[distractors // 2:])
    first = distractors // 2 + len(people)
    return bank, [a.id for a in added[first: first + len(people)]]


def ranks(bank: MemoryBank, fact_ids: list[int], hop: bool, params: RecallParams,
          people: list[tuple[str, str, str]] | None = None) -> list[int | None]:
    out = []
    for (_, _, question), fact_id in zip(PEOPLE if people is None else people, fact_ids):
        if hop:
            found = bank.search(question, params)
        else:
            vector = bank.embed([question])[0]
            found = recall(bank.store, bank._ready_index(), question, vector, params, bank.clock())
        out.append(next((n for n, r in enumerate(found) if r.memory.id == fact_id), None))
    return out


def at(found: list[int | None], k: int) -> float:
    return sum(1 for r in found if r is not None and r < k) / len(found)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.entity_hop")
    parser.add_argument("--distractors", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        bank, fact_ids = build(Path(tmp), args.distractors)
        print(f"{len(PEOPLE)} people (+ {len(PEOPLE)} facts) among {args.distractors} distractors; "
              f"{len(bank.list_entities())} entities linked; {time.perf_counter() - started:.1f} s")
        params = RecallParams()
        print("                      recall@1  recall@5")
        for name, hop in (("recall() alone", False), ("with the hop", True)):
            found = ranks(bank, fact_ids, hop, params)
            print(f"  {name:<20} {at(found, 1):8.2f}  {at(found, 5):8.2f}")
        held_bank, held_ids = build(Path(tmp) / "held", args.distractors, people=HELD_OUT)
        print(f"held-out set ({len(HELD_OUT)} more, written after the rule was settled)")
        for name, hop in (("recall() alone", False), ("with the hop", True)):
            found = ranks(held_bank, held_ids, hop, params, HELD_OUT)
            print(f"  {name:<20} {at(found, 1):8.2f}  {at(found, 5):8.2f}")
        held_bank.conn.close()
        questions = [q for _, _, q in PEOPLE]
        vectors = bank.embed(questions)
        for name, step in (("recall() alone", lambda q, v: recall(bank.store, bank._ready_index(), q, v, params,
                                                                   bank.clock())),
                           ("recall() + hop", lambda q, v: bank.recall_vector(q, v, params))):
            started = time.perf_counter()
            for question, vector in zip(questions, vectors):
                step(question, vector)
            print(f"{name}: {(time.perf_counter() - started) * 1000 / len(questions):.2f} ms per question "
                  "(embedding excluded)")
        bank.conn.close()


if __name__ == "__main__":
    main()
