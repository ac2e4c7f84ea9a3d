"""``passages(extracted)``: a document's sections cut into passages sized for retrieval.

A passage never spans two sections, so each keeps one page and one heading to cite. Cuts fall
between sentences, preferably between paragraphs; only a sentence longer than ``max_words`` is cut
between words. Consecutive passages of a section share up to ``overlap_words`` of whole sentences,
so a fact stated across a cut is whole in one of them.

Offsets (``Passage.start``/``end``) count characters in ``Extracted.text`` (the sections joined by
``SECTION_JOIN``): ``extracted.text[p.start:p.end]`` is the passage as it stands in the document,
and ``p.text`` the same with its whitespace collapsed to single spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.core.documents.model import SECTION_JOIN, Extracted, Passage

_PARAGRAPH = re.compile(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", re.DOTALL)
# a sentence ends at . ! ? … (and any closing quotes or brackets) before whitespace
_SENTENCE = re.compile(r"\S.*?(?:[.!?…]+[\"'”’)\]]*(?=\s)|$)", re.DOTALL)
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class _Unit:
    """A sentence (or a piece of an over-long one): the smallest thing a passage is built of."""

    start: int
    end: int
    words: int
    opens: int  # the words of the paragraph this unit opens; 0 inside a paragraph


def passages(extracted: Extracted, target_words: int = 120, max_words: int = 200,
             overlap_words: int = 20) -> list[Passage]:
    if not 0 < target_words <= max_words or not 0 <= overlap_words < target_words:
        raise ValueError("need 0 < target_words <= max_words and 0 <= overlap_words < target_words")
    found: list[Passage] = []
    base = 0
    for section in extracted.sections:
        for group in _groups(_units(section.text, max_words), target_words, max_words, overlap_words):
            start, end = group[0].start, group[-1].end
            found.append(Passage(" ".join(section.text[start:end].split()), section.page, section.heading,
                                 base + start, base + end))
        base += len(section.text) + len(SECTION_JOIN)
    return found


def _units(text: str, max_words: int) -> list[_Unit]:
    units = []
    for paragraph in _PARAGRAPH.finditer(text):
        pieces = [piece for sentence in _SENTENCE.finditer(text, paragraph.start(), paragraph.end())
                  for piece in _pieces(text, sentence.start(), sentence.end(), max_words)]
        total = sum(words for _, _, words in pieces)
        units += [_Unit(start, end, words, total if k == 0 else 0) for k, (start, end, words) in enumerate(pieces)]
    return units


def _pieces(text: str, start: int, end: int, max_words: int) -> list[tuple[int, int, int]]:
    """(start, end, words) of a sentence, cut every ``max_words`` words when it is longer."""
    words = [m.span() for m in _WORD.finditer(text, start, end)]
    return [(words[i][0], words[min(i + max_words, len(words)) - 1][1], min(max_words, len(words) - i))
            for i in range(0, len(words), max_words)]


def _groups(units: list[_Unit], target: int, most: int, overlap: int) -> list[list[_Unit]]:
    """Units packed greedily into passages of about ``target`` words, never over ``most``."""
    groups: list[list[_Unit]] = []
    current: list[_Unit] = []
    carried = 0  # how many units at the start of ``current`` repeat the previous passage
    for unit in units:
        size = sum(u.words for u in current)
        full = size + unit.words > most or size >= target
        # the paragraph starting here will not fit whole: cut before it rather than inside it
        paragraph_break = unit.opens and size >= target / 2 and size + unit.opens > target
        if len(current) > carried and (full or paragraph_break):
            groups.append(current)
            current = _tail(current, overlap)
            carried = len(current)
        while current and sum(u.words for u in current) + unit.words > most:
            current.pop(0)  # the overlap must not push a passage past ``most``
            carried -= 1
        current.append(unit)
    if len(current) > carried:
        groups.append(current)
    return groups


def _tail(units: list[_Unit], overlap: int) -> list[_Unit]:
    """The last whole sentences of ``units`` worth at most ``overlap`` words (never all of them)."""
    kept: list[_Unit] = []
    words = 0
    for unit in reversed(units[1:]):
        if words + unit.words > overlap:
            break
        kept.insert(0, unit)
        words += unit.words
    return kept
