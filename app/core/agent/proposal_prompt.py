"""The prompt a ≥ 1B model proposes an answer about the user from (decisions 0027–0029): worked
examples, then the user's own lines turned to "you", then the question. verify.py checks what it says."""

from __future__ import annotations

from collections.abc import Sequence

from app.core.agent import voice
from app.core.agent.prompt import neutralise
from app.core.llm.backend import ChatMessage

MAX_TOKENS = 60  # one sentence
OFFERED = 5  # the closest memories the model is shown, whole
OFFERED_HERE = 2  # … and the closest sentences said in this conversation (or in its working notes)
HEADER = "What I told you before, oldest first (a later line replaces an earlier one):"
INSTRUCTION = ("From now on I ask about myself: answer my question in one short sentence from what I told you, "
               "speaking to me as \"you\". If what I told you doesn't say, reply exactly: Not said.")
# Shown before every question, as earlier turns (the same prefix each time: llama.cpp keeps its KV
# cache). Told only to say "Not said" when the lines don't, Qwen2.5-1.5B said it to 23 of 40 dev
# questions whose answer was in front of it; with these three examples (one answered in other words,
# one not said, one a dislike put as a question) to 8, and it names the answer (measured on dev
# stories, in-sample). What it then invents ("Moko is 8" from "Tama is 8") is the verifier's to catch.
SHOTS = (
    (("You're Sam, you work as a nurse at the Mater hospital.", "Your sister Jo lives in Leeds with her two boys.",
      "Moved to nights now, the pay is better."), "Which city does Jo live in?", "Jo lives in Leeds."),
    (("Your sister Jo lives in Leeds with her two boys.", "You have a cat, Miso, she's 3."),
     "What's my sister's husband called?", "Not said."),
    (("You're Sam, you work as a nurse at the Mater hospital.", "You have a cat, Miso, she's 3.",
      "Honestly can't stand coriander, tastes like soap to you."), "Is there a herb I don't like?",
     "You can't stand coriander."),
    (("You're Sam, you work as a nurse at the Mater hospital.", "Your sister Jo lives in Leeds with her two boys.",
      "Big change, you left the Mater! School nurse at St Anne's now."), "Where do I work these days?",
     "You're a school nurse at St Anne's now."),
)


def proposal_messages(head: Sequence[ChatMessage], lines: Sequence[str], question: str) -> list[ChatMessage]:
    """The proposal's prompt: ``head`` (the system prompt), the examples (SHOTS, the instruction with
    the first; the same every time, so their KV cache is kept), then the user's own lines turned to
    "you" (so that the model answers in Hearth's voice, not the user's "I …") and the question."""
    messages = list(head)
    for n, (shown, asked, reply) in enumerate(SHOTS):
        lead = f"{INSTRUCTION}\n\n" if n == 0 else ""
        messages += [ChatMessage("user", lead + _lines_and_question(shown, asked)), ChatMessage("assistant", reply)]
    said = [voice.second_person(line) for line in lines]
    return [*messages, ChatMessage("user", neutralise(_lines_and_question([s[:1].upper() + s[1:] for s in said],
                                                                          question)))]


def _lines_and_question(lines: Sequence[str], question: str) -> str:
    shown = "\n".join(f'- "{line}"' for line in lines)
    return f"{HEADER}\n{shown}\n\nMy question: {question}"
