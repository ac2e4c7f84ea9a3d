"""A passage is judged by its closest sentence sharing a word of the question, too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.core.documents.extract import extract
from app.core.documents.library import Library
from app.core.memory.db import open_db
from app.core.memory.documents import DocumentStore
from app.core.memory.keys import DbKey
from app.core.memory.sentence_lift import lift
from app.core.types import PassageHit

QUESTION = "What's the excess for a new windscreen?"


def _hit(n: int, text: str, score: float) -> PassageHit:
    return PassageHit(n, 1, "policy.txt", "/p", text, None, None, score)


def test_a_sentence_sharing_a_word_lifts_its_passage_and_others_keep_their_score() -> None:
    axis = {"Windscreen glass: €75.": [1.0, 0.0], "Fire: €150.": [0.0, 1.0], "The bins go out on Tuesday.": [1.0, 0.0]}
    seen: list[str] = []

    def embed(texts: list[str]) -> np.ndarray:
        seen.extend(texts)
        return np.array([axis[t] for t in texts], np.float32)

    many = _hit(1, "Fire: €150. Windscreen glass: €75.", 0.2)
    other = _hit(2, "The bins go out on Tuesday.", 0.4)
    lifted = lift([other, many], np.array([0.9, 0.1], np.float32), QUESTION, embed)
    assert [(h.id, round(h.score, 2)) for h in lifted] == [(1, 0.9), (2, 0.4)]
    assert seen == ["Windscreen glass: €75."]  # only sentences sharing a word of the question are embedded


def test_nothing_shares_a_word_nothing_changes() -> None:
    hits = [_hit(1, "Fire: €150.", 0.3)]
    assert lift(hits, np.ones(2, np.float32), QUESTION, lambda texts: pytest.fail("embedded")) == hits


@pytest.mark.slow
def test_the_answering_sentence_of_a_many_topic_page_is_shown_with_minilm(minilm: object, tmp_path: Path) -> None:
    conn = open_db(tmp_path / "a.hearth", DbKey(passphrase="pw"))
    store = DocumentStore(conn, minilm)  # type: ignore[arg-type]
    policy = tmp_path / "motor_policy.txt"
    policy.write_text(  # one page of many topics: its whole vector is far from any one question
        "Who may drive. Sam Jones, full licence since 2004. Alex Jones, named driver, full licence "
        "since 2001. No other person is insured to drive this car. The policyholder may drive other "
        "cars (third party only) if she does not own them and they are insured in their own right. Use: "
        "social, domestic and pleasure, and commuting to a permanent place of work. Not covered for "
        "business use or for carrying passengers for payment. Annual mileage limit: 15,000 km. Kept "
        "overnight on a private driveway. Excesses. Accidental damage: €300. Fire and theft: €150. "
        "Windscreen and window glass: €75 (no excess if the glass is repaired rather than replaced). An "
        "extra €250 applies to accidental damage while the car is driven by anyone under 25. No claims "
        "discount: 6 years, protected.\n\n"
        "Protection allows two claims in any three years without losing the discount. A windscreen "
        "claim does not affect the discount. Breakdown assistance is included at home and on the road, "
        "with a replacement car for up to 7 days after a covered accident.\n")
    Library(store, read=extract).add([policy])
    vector = minilm.embed([QUESTION])[0]  # type: ignore[attr-defined]
    whole = store._hits(vector, 4, 0.35, None, QUESTION)
    assert not any("€75" in h.text for h in whole)  # the page as a whole scores below the threshold …
    assert any("€75" in h.text for h in store.search(vector, 4, 0.35, text=QUESTION))  # … its sentence doesn't
    conn.close()
