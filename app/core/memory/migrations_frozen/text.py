"""How memory texts are compared: the hash of a normalised text, and the words too common to count."""

# FROZEN copy of app/core/memory/store.py (content_hash, STOPWORDS), taken for issue 20: migrations run this, never the live module, so
# changing that module can't rewrite a migration that has shipped. Never edit it.

from __future__ import annotations

import hashlib
import re
import unicodedata

_SPACE = re.compile(r"\s+")

# Words too common to count as a keyword match: they would make a BM25 hit of
# "what", "my" or "the" look like evidence.
STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have he her hers him his how
    i if in into is it its just me mine my of on or our ours she so than that the their them then there these
    they this to too us was we were what when where which who whom why will with would you your yours
    am any about did tell know remember said say mentioned get got gets now""".split()
)



def normalise_text(text: str) -> str:
    """What counts as "the same text": NFC, whitespace folded, case folded."""
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip().casefold()


def content_hash(text: str) -> str:
    return hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()
