"""Credentials stay home (memory/sharing.py): what looks like a secret is never served to another
program unless the user shared it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.memory.sharing import looks_secret, servable, servable_recalls
from app.core.types import Memory, Recall

SECRETS = [
    "my PIN is 4821", "the wifi password is hunter2", "My password: Tr0ub4dor&3", "my pin number is 0000",
    "The garage code is 7788", "my passcode is 112233", "I changed the password to Bl4ckC4t!", "cvv is 456",
    "card 4111 1111 1111 1111 expires 09/27",  # passes Luhn
    "my IBAN is GB82 WEST 1234 5698 7654 32", "DE89370400440532013000",  # pass mod 97
    "my SSN is 123-45-6789", "account number 12345678",
    "key sk-proj-abcdefghijklmnop1234567890", "ghp_1234567890abcdefghijABCDEFGHIJ123456", "AKIAIOSFODNN7EXAMPLE",
    "token: 9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c", "here it is aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW",
]
ORDINARY = [
    "I met Pin at 4pm", "my son is 12", "I forgot my password again", "Leo loves trains.",
    "call me at 555-123-4567", "the meeting is on 2024-05-08", "my pin is blue", "I need to reset my password",
    "the zip code is 90210", "we drove 1500 km", "I was born on 12 March 1985", "pin it to the board",
    "my phone is 0612345678", "antidisestablishmentarianism is a long word",
    "see https://example.com/blog/post-about-things-2023", "The password manager is great",
    "my account is with Barclays", "card 4111 1111 1111 1112",  # fails Luhn
    "GB00 WEST 1234 5698 7654 32",  # fails mod 97
]


@pytest.mark.parametrize("text", SECRETS)
def test_a_credential_looks_secret(text: str) -> None:
    assert looks_secret(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_an_ordinary_sentence_does_not(text: str) -> None:
    assert not looks_secret(text)


def _memory(memory_id: int, text: str, shareable: bool = False) -> Memory:
    return Memory(id=memory_id, kind="note", text=text, importance=0.5, pinned=False, created_at=0.0,
                  updated_at=0.0, shareable=shareable)


def test_servable_keeps_secrets_home_unless_the_user_shared_them() -> None:
    plain, pin, shared = _memory(1, "Leo loves trains."), _memory(2, "my PIN is 4821"), \
        _memory(3, "the wifi password is hunter2", shareable=True)
    assert servable([plain, pin, shared]) == [plain, shared]
    assert [r.memory.id for r in servable_recalls([Recall(pin, 0.9, 0.9), Recall(plain, 0.5, 0.5)])] == [1]
    assert servable([replace(pin, shareable=True)])  # shared now


def test_an_export_keeps_which_tool_wrote_a_memory_and_whether_it_is_shared(bank, tmp_path) -> None:  # noqa: ANN001
    from app.core.memory.bank import MemoryBank
    from app.core.memory.db import open_db
    from app.core.memory.embed import HashEmbedder
    from app.core.memory.keys import DbKey
    from app.core.memory.store import NewMemory
    from app.core.memory.transfer import export_memories, import_memories

    bank.add(NewMemory(text="Leo loves trains", origin="tool", client="Claude Desktop"))
    bank.set_shareable(bank.add(NewMemory(text="my PIN is 4821")).id, True)
    export_memories(bank, tmp_path / "out.jsonl")
    conn = open_db(tmp_path / "b.hearth", DbKey(passphrase="pw"))
    try:
        other = MemoryBank(conn, HashEmbedder())
        import_memories(other, tmp_path / "out.jsonl")
        got = {m.text: (m.origin, m.client, m.shareable) for m in other.list()}
    finally:
        conn.close()
    assert got == {"Leo loves trains": ("tool", "Claude Desktop", False), "my PIN is 4821": ("typed", None, True)}
