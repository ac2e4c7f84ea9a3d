"""The long conversation's text: what a person writes over months with one assistant, and
Markdown-ish replies (paragraphs, bold, inline code, lists, now and then a heading or a fenced
code block). Deterministic (seeded), so the old and the new code get the very same bytes.

``history(turns)`` is the stored conversation; ``live_turns(n)`` the messages sent during the run
and ``live_reply(n)`` what the scripted model streams for each: ~300 words, each opening with its
own words (the reply guard holds back a reply that starts like an earlier one of the conversation).
"""

from __future__ import annotations

import random

SUBJECTS = [
    ("sourdough", "baking"), ("the cello", "music"), ("Python generators", "code"), ("a trip to Lisbon", "travel"),
    ("the garden beds", "garden"), ("SQLite indexes", "code"), ("marathon training", "sport"),
    ("the kitchen renovation", "home"), ("learning Japanese", "language"), ("a job interview", "work"),
    ("the team offsite", "work"), ("git rebase", "code"), ("my sister's wedding", "family"),
    ("the electricity bill", "home"), ("a birthday dinner", "food"), ("Rust lifetimes", "code"),
    ("composting", "garden"), ("a bike commute", "sport"), ("the book club", "books"), ("tax forms", "admin"),
    ("a Thai green curry", "food"), ("bash scripts", "code"), ("the podcast idea", "work"),
    ("houseplants", "garden"), ("a road trip to Porto", "travel"), ("sleep routine", "health"),
]

USER_OPENERS = [
    "Quick question about {s}.", "I've been thinking about {s} again.", "Back to {s} for a second.",
    "So, {s}.", "Update on {s}:", "Can we talk about {s}?", "Okay, {s} again —", "One more thing about {s}.",
]
USER_STATEMENTS = [
    "I tried what you suggested last time and it mostly worked.",
    "My neighbour said something different, so now I'm confused.",
    "I only have about half an hour in the evenings for this.",
    "It went better than expected on Saturday.",
    "I keep making the same mistake at the start.",
    "Honestly I'm a bit tired of it this week.",
    "My budget for this is tight until the end of the month.",
    "I found an old notebook with my notes from last year.",
    "The weather was terrible so I postponed it.",
    "Marta thinks I should just start over.",
    "I watched two videos about it but they contradicted each other.",
    "It took me almost three hours yesterday.",
]
USER_ASKS = [
    "What would you do differently?", "Is there a simpler way?", "Can you give me a step-by-step plan?",
    "What are the usual pitfalls?", "How long should this take, realistically?",
    "Could you show me an example?", "Which option would you pick, and why?",
    "What should I check first?", "Any tips for doing it faster?", "Does the order matter?",
]

INTROS = [
    "Good question — {s} trips up a lot of people, and the fix is usually smaller than it looks.",
    "That's a reasonable worry. With {s}, the details matter more than the overall plan.",
    "Nice progress! Here is how I would approach {s} from here.",
    "It sounds like the basics of {s} are in place; what's left is mostly consistency.",
    "There isn't one right answer for {s}, but a few things make a big difference.",
    "Let's break {s} into pieces you can do in one evening each.",
]
POINTS = [
    "start with the smallest version that works and only then add detail",
    "write down what you changed each time, so you can tell what helped",
    "keep the first attempt cheap: borrow or reuse before you buy anything",
    "set a fixed time box and stop when it runs out, even mid-task",
    "check the one thing that fails most often before anything else",
    "ask someone who has done it recently; advice goes stale quickly",
    "do the boring preparation first — it saves the most time later",
    "compare against last week's numbers, not against an ideal",
    "leave a margin of a day or two for the step you can't control",
    "prefer the option you can undo over the one that looks optimal",
    "measure before optimising; the slow part is rarely where you expect",
    "make it a habit at the same time of day so it needs no willpower",
]
CLOSERS = [
    "If you tell me how the next attempt goes, we can adjust from there.",
    "Does that match what you had in mind?",
    "Want me to turn this into a checklist you can keep?",
    "Happy to go deeper on any of these steps.",
    "Try the first two this week and see how it feels.",
]
LINKS = ["One more thing:", "Also,", "If you have time,", "A related point:", "Beyond that,", "Finally,"]
WHY = [("In practice that means fewer surprises with {s}, and when something goes wrong you know *which* step "
        "to look at."), "It sounds obvious, but most problems with {s} come from skipping exactly this.",
       "That keeps {s} from eating your whole weekend.", "People who stick with {s} tend to do this without noticing.",
       "It also makes it much easier to ask for help, because you can say what you tried."]
CODE = {
    "Python generators": "```python\ndef chunks(items, size):\n    batch = []\n    for item in items:\n"
                         "        batch.append(item)\n        if len(batch) == size:\n            yield batch\n"
                         "            batch = []\n    if batch:\n        yield batch\n```",
    "SQLite indexes": "```sql\nCREATE INDEX memories_by_importance ON memories(importance, id);\n"
                      "EXPLAIN QUERY PLAN\nSELECT * FROM memories ORDER BY importance DESC, id DESC LIMIT 200;\n```",
    "git rebase": "```bash\ngit fetch origin\ngit rebase -i origin/main\n# mark fixups with 'f', then:\n"
                  "git push --force-with-lease\n```",
    "Rust lifetimes": "```rust\nfn longest<'a>(a: &'a str, b: &'a str) -> &'a str {\n"
                      "    if a.len() >= b.len() { a } else { b }\n}\n```",
    "bash scripts": "```bash\n#!/usr/bin/env bash\nset -euo pipefail\nfor f in *.log; do\n"
                    "  gzip -9 \"$f\"\ndone\n```",
}
GENERIC_CODE = "```python\nplan = {\"week 1\": \"basics\", \"week 2\": \"practice\", \"week 3\": \"review\"}\n" \
               "for week, goal in plan.items():\n    print(f\"{week}: {goal}\")\n```"


def _user(rng: random.Random, subject: str) -> str:
    parts = [rng.choice(USER_OPENERS).format(s=subject)]
    parts += rng.sample(USER_STATEMENTS, rng.randint(0, 3))
    parts.append(rng.choice(USER_ASKS))
    text = " ".join(parts)
    if rng.random() < 0.12:  # now and then a longer message, in two paragraphs
        text += "\n\n" + " ".join(rng.sample(USER_STATEMENTS, 3))
    return text


def _reply(rng: random.Random, subject: str, domain: str, words: int, opening: str | None = None) -> str:
    blocks = [opening or rng.choice(INTROS).format(s=subject)]
    if rng.random() < 0.15:
        blocks.append(f"## {subject.capitalize()}: what to do next")
    style = rng.random()
    points = rng.sample(POINTS, rng.randint(3, 6))
    if style < 0.45:
        blocks.append("\n".join(f"- **{p.split()[0].capitalize()}** {' '.join(p.split()[1:])}." for p in points))
    elif style < 0.8:
        blocks.append("\n".join(f"{n}. {p.capitalize()}." for n, p in enumerate(points, 1)))
    else:
        blocks.append(" ".join(f"{p.capitalize()}." for p in points))
    if (domain == "code" and rng.random() < 0.6) or rng.random() < 0.05:
        blocks.append("For example:")
        blocks.append(CODE.get(subject, GENERIC_CODE))
        blocks.append("Run it once with `--dry-run` (or on a copy) before you trust it.")
    while sum(len(b.split()) for b in blocks) < words:
        extra = rng.sample(POINTS, 2)
        blocks.append(f"{rng.choice(LINKS)} {extra[0]}, and {extra[1]}. {rng.choice(WHY).format(s=subject)}")
    blocks.append(rng.choice(CLOSERS))
    return "\n\n".join(blocks)


def history(turns: int, seed: int = 500) -> list[tuple[str, str]]:
    """``turns`` (user message, assistant reply) pairs."""
    rng = random.Random(seed)
    out = []
    for _ in range(turns):
        subject, domain = rng.choice(SUBJECTS)
        out.append((_user(rng, subject), _reply(rng, subject, domain, rng.randint(50, 220))))
    return out


def live_turns(count: int, seed: int = 77) -> list[str]:
    """Messages sent during the run: statements and requests (never a question about the user,
    which a small model answers by quoting a memory instead of streaming)."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        subject, _ = SUBJECTS[n % len(SUBJECTS)]
        said = " ".join(rng.sample(USER_STATEMENTS, rng.randint(0, 2)))
        out.append(f"{said} Please write a longer guide to {subject}, with a list and an example.".strip())
    return out


def live_reply(n: int, words: int = 300) -> str:
    """The ``n``-th streamed reply: ~``words`` words of Markdown, opening with words of its own."""
    rng = random.Random(10_000 + n)
    subject, domain = SUBJECTS[n % len(SUBJECTS)]
    opening = f"Guide number {n + 1} ({rng.randint(1000, 9999)}), about {subject}: here is the longer version."
    return _reply(rng, subject, domain if n % 3 == 0 else "any", words, opening=opening)
