"""Credentials stay home: what Hearth lets other programs (``hearth mcp``, later an HTTP API) see.

A memory that looks like a credential — a password or PIN stated in words, a card or account
number, an API key or token — is never handed to another program unless the user marked it
shareable (the viewer's "Share with other tools", ``hearth memory share ID``). The check is
patterns only, pure Python, no model: it must run on every result of every outside request.
It errs towards keeping things home: a false alarm costs the user one click; a leaked PIN can't be
taken back.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable

from app.core.types import Memory, Recall

# Words that name a secret; a statement of one ("… password is X", "PIN: 1234") gives it away.
_SECRET_WORD = (r"pass(?:word|wd|code|phrase)|pwd|pin(?:\s+(?:code|number))?|cvv2?|cvc|security\s+code|"
                r"(?:door|gate|garage|alarm|lock|safe|access|entry|verification|backup|recovery|2fa|otp|"
                r"one[-\s]time)\s+(?:code|codes|phrase|key)|seed\s+phrase|secret\s+key|private\s+key|"
                r"api[-\s]?key|access\s+key|auth(?:entication)?\s+token|(?:access|bearer|api)\s+token|token|"
                r"combination|credentials?")
# "The password manager is great" talks about passwords without giving one.
_ABOUT_IT = (r"(?:manager|managers|reset|hint|policy|policies|field|box|strength|requirements?|rules?|prompt|"
             r"screen|page|change|changes|generator|vault|app|expiry)")
# Up to four words between the name and the verb: "the wifi password for the guest network is …".
_STATED = re.compile(
    rf"\b(?P<word>{_SECRET_WORD})\b(?!\s+{_ABOUT_IT}\b)(?:\s+[\w'-]+){{0,4}}?"
    r"\s*(?:(?:is|was|are|will\s+be|to)\b|=|:|'s)\s*[\"'`“‘]?(?P<value>[^\s\"'`”’]+)", re.IGNORECASE)
# A PIN, a card's security code or a door code is digits: "my pin is blue" is not one.
_NEEDS_DIGITS = re.compile(r"^(?:pin|cvv|cvc|security|door|gate|garage|alarm|lock|safe|access|entry|"
                           r"verification|backup|2fa|otp|one|combination)", re.IGNORECASE)
# Words that follow "is" in ordinary sentences about a secret, not the secret itself.
_NOT_A_VALUE = frozenset("""a an the my your his her our their this that it not no too very so still on in at for
    of from with by written somewhere saved stored kept changed reset expired wrong right correct incorrect
    same different new old easy hard long short strong weak secret required needed forgotten lost
    something anything nothing i we you he she they""".split())

_ACCOUNT = re.compile(r"\b(?:account|acct|routing|sort\s+code|iban|bsb|swift|social\s+security|ssn|"
                      r"tax\s+id|passport|licen[cs]e)\b[\w\s#.'-]{0,20}?[:#]?\s*(?:is\s+|was\s+|=\s*)?"
                      r"(?P<value>\d[\d\s-]{4,}\d)", re.IGNORECASE)
_SSN = re.compile(r"\b\d{3}-\d{2}-\d{4}\b")
_CARD = re.compile(r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b")
_KEYS = re.compile(
    r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}|"
    r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bxox[abprs]-[A-Za-z0-9-]{10,}|\bAIza[0-9A-Za-z_-]{30,}|\bglpat-[A-Za-z0-9_-]{20,}|"
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----|\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+")
# No - _ / . inside: words joined by them ("post-about-things-2023") are not random. Keys that hold them
# have known shapes (_KEYS).
_TOKEN = re.compile(r"[A-Za-z0-9+=]{24,}")


def looks_secret(text: str) -> bool:
    """Whether ``text`` seems to hold a credential or a number that opens an account."""
    return bool(_KEYS.search(text) or _SSN.search(text) or _stated_secret(text) or _account_number(text)
                or _card_number(text) or _iban(text) or _random_token(text))


def is_servable(memory: Memory) -> bool:
    """May another program see this memory? Not if it looks secret, unless the user shared it."""
    return memory.shareable or not looks_secret(memory.text)


def servable(memories: Iterable[Memory]) -> list[Memory]:
    """The memories another program may see, in their order: the one filter every outside door uses."""
    return [m for m in memories if is_servable(m)]


def servable_recalls(recalls: Iterable[Recall]) -> list[Recall]:
    """``servable`` for search results (a memory with its score)."""
    return [r for r in recalls if is_servable(r.memory)]


def _stated_secret(text: str) -> bool:
    for match in _STATED.finditer(text):
        value = match["value"].strip(".,;!?)")
        if not value or value.casefold() in _NOT_A_VALUE:
            continue
        if _NEEDS_DIGITS.match(match["word"]) and not re.search(r"\d{3,}", value):
            continue
        return True
    return False


def _account_number(text: str) -> bool:
    return any(sum(c.isdigit() for c in m["value"]) >= 6 for m in _ACCOUNT.finditer(text))


def _card_number(text: str) -> bool:
    return any(_luhn(re.sub(r"\D", "", m.group())) for m in _CARD.finditer(text))


def _luhn(digits: str) -> bool:
    """The check digit every payment card carries: rules out most dates, phone numbers and ids."""
    if not 13 <= len(digits) <= 19 or len(set(digits)) == 1:
        return False
    total = 0
    for n, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if n % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _iban(text: str) -> bool:
    """An IBAN: country, check digits, account — its mod-97 check rules out look-alike codes."""
    for match in _IBAN.finditer(text):
        code = match.group().replace(" ", "")
        moved = code[4:] + code[:4]
        number = "".join(str(int(c, 36)) for c in moved)
        if 15 <= len(code) <= 34 and int(number) % 97 == 1:
            return True
    return False


def _random_token(text: str) -> bool:
    """A long run of letters and digits with no words in it: a key, a token, a password manager's
    password. Needs both letters and digits and high entropy, so long words and ids don't count."""
    for match in _TOKEN.finditer(text):
        token = match.group()
        digits = sum(c.isdigit() for c in token)
        letters = sum(c.isalpha() for c in token)
        if digits >= 4 and letters >= 4 and _entropy(token) >= 3.5:
            return True
    return False


def _entropy(token: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(token)
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())
