"""LoCoMo-shaped conversations: sessions of dated turns, and questions with their evidence turns.

Read from ``../shared/data/locomo-dev`` (or any folder of files of that shape; see its README). Only
what a user would have goes in: the turns and their session dates — never the dataset's event
annotations or summaries.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}  # 5 (adversarial): no evidence


@dataclass(frozen=True)
class Turn:
    dia_id: str
    speaker: str
    text: str


@dataclass(frozen=True)
class Session:
    number: int
    when: dt.datetime
    raw: str
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Question:
    text: str
    answer: str
    evidence: tuple[str, ...]
    category: int


@dataclass(frozen=True)
class Conversation:
    name: str
    speakers: tuple[str, str]
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]

    def lines(self, raw_dates: bool = True) -> list[tuple[str, str]]:
        """(dia_id, "[date] Speaker: text") per turn, in conversation order: the CLI contract.
        ``raw_dates``: the session's own date text ("1:56 pm on 8 May, 2023"), else "8 May 2023"."""
        return [(t.dia_id, f"[{s.raw if raw_dates else f'{s.when:%-d %B %Y}'}] {t.speaker}: {t.text}")
                for s in self.sessions for t in s.turns]


def parse_session_time(text: str) -> dt.datetime:
    """ "1:56 pm on 8 May, 2023" → a datetime."""
    return dt.datetime.strptime(re.sub(r"\s+", " ", text.strip()), "%I:%M %p on %d %B, %Y")


def load(path: Path) -> Conversation:
    data = json.loads(path.read_text(encoding="utf-8"))
    conv = data.get("conversation", data)  # the original locomo10.json nests it
    sessions = []
    for key, turns in conv.items():
        if m := re.fullmatch(r"session_(\d+)", key):
            if isinstance(turns, list) and turns:
                when = parse_session_time(conv[f"{key}_date_time"])
                sessions.append(Session(int(m[1]), when, conv[f"{key}_date_time"], tuple(
                    Turn(t["dia_id"], t["speaker"], t["text"]) for t in turns if t.get("text"))))
    sessions.sort(key=lambda s: s.number)
    questions = tuple(Question(q["question"], str(q.get("answer", "")), tuple(_evidence(q.get("evidence", []))),
                               int(q["category"]))
                      for q in data["qa"] if int(q["category"]) in CATEGORIES and q.get("evidence"))
    return Conversation(path.stem, (conv["speaker_a"], conv["speaker_b"]), tuple(sessions), questions)


def _evidence(items: list[str]) -> list[str]:
    """Evidence ids as the dataset writes them; a few entries hold two ids ("D8:6; D9:17")."""
    return [part.strip() for item in items for part in re.split(r"[;,\s]+", item) if part.strip()]


def load_all(folder: Path) -> list[Conversation]:
    return [load(p) for p in sorted(folder.glob("*.json"))]
