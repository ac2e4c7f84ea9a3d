"""Sync between in-process devices, each with its own copy of the folder: what is refused, what wins."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from app.core.memory.store import NewMemory
from app.core.secrets import SecretStoreUnavailable
from app.core.sync.folder import PassReport
from app.core.sync.journal import JOURNAL_DIR, Journal
from app.errors import KnownError
from tests.support.sync import PASSPHRASE, Device, converge, deliver, link


@pytest.fixture
def pair(tmp_path: Path):
    ticks = itertools.count(1_000_000)
    a, b = Device(tmp_path, "laptop", clock=ticks), Device(tmp_path, "desktop", clock=ticks)
    a.data.memories.add(NewMemory(text="Known before linking."))
    link(a, [b])
    converge([a, b])
    yield a, b
    a.close()
    b.close()


def id_of(d: Device, text: str) -> int:
    return next(m.id for m in d.data.memories.list() if m.text == text)


def texts(d: Device) -> list[str]:
    return sorted(m.text for m in d.data.memories.list() if m.text != "Known before linking.")


def test_a_memory_travels_and_is_found_by_meaning(pair) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="My sister Anna lives in Lisbon."))
    converge([a, b])
    assert texts(b) == ["My sister Anna lives in Lisbon."]
    assert b.data.memories.embed_missing() == 0  # the pass embedded what arrived
    from app.core.memory.recall import RecallParams
    found = b.data.memories.search("Anna Lisbon", RecallParams(top_k=3, threshold=0.0))
    assert found and found[0].memory.text == "My sister Anna lives in Lisbon."
    assert a.dump() == b.dump()


def test_a_forget_beats_an_edit_made_before_it_was_seen(pair) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="I take the bus at 8."))
    converge([a, b])
    b_id = id_of(b, "I take the bus at 8.")
    a.data.memories.forget([id_of(a, "I take the bus at 8.")])
    a.sync.run()
    b.data.memories.edit(b_id, "I take the bus at 9.")  # b has not seen the forget yet
    converge([a, b])
    assert texts(a) == texts(b) == []


def test_concurrent_edits_the_latest_wins_and_the_other_text_is_kept(pair) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="The meeting is on Monday."))
    converge([a, b])
    a.data.memories.edit(id_of(a, "The meeting is on Monday."), "The meeting is on Tuesday.")
    b.data.memories.edit(id_of(b, "The meeting is on Monday."), "The meeting is on Wednesday.")  # later stamp
    converge([a, b])
    assert texts(a) == texts(b) == ["The meeting is on Wednesday."]
    from app.core.sync.history import lost_texts
    for d in (a, b):
        lost = [o["text"] for o in lost_texts(d.conn, id_of(d, "The meeting is on Wednesday."))]
        assert "The meeting is on Tuesday." in lost, d.name


def test_messages_written_on_both_at_once_are_all_kept(pair) -> None:
    a, b = pair
    with a.data.unit():
        cid = a.data.conversations.create("trip", a.now())
    converge([a, b])
    b_cid = b.data.conversations.list()[0].id
    with a.data.unit():
        a.data.conversations.add_message(cid, "user", "from the laptop", a.now())
    with b.data.unit():
        b.data.conversations.add_message(b_cid, "user", "from the desktop", b.now())
    converge([a, b])
    for d, c in ((a, cid), (b, b_cid)):
        assert sorted(m.content for m in d.data.conversations.messages(c)) == ["from the desktop", "from the laptop"]
    assert a.dump() == b.dump()


def test_the_same_words_on_both_devices_before_they_met_are_one_memory(tmp_path: Path) -> None:
    ticks = itertools.count(1_000_000)
    a, b = Device(tmp_path, "a", clock=ticks), Device(tmp_path, "b", clock=ticks)
    a.data.memories.add(NewMemory(text="I am allergic to peanuts."))
    b.data.memories.add(NewMemory(text="I am allergic to peanuts."))
    link(a, [b])
    converge([a, b])
    assert texts(a) == texts(b) == ["I am allergic to peanuts."]
    assert a.dump() == b.dump()


def test_words_written_here_since_the_last_pass_join_the_same_memory_arriving(pair) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="We adopted a cat."))
    a.sync.run()
    b.data.memories.add(NewMemory(text="We adopted a cat.", pinned=True))  # b has not written it out yet
    for segment in a.segments():
        deliver(segment, b)
    b.sync._apply_device(b.sync._config(), b.sync._key(), Journal(b.folder), a.device_id, PassReport())
    converge([a, b])
    assert texts(a) == texts(b) == ["We adopted a cat."]
    assert a.dump() == b.dump()


def _refused(a: Device, b: Device, segment: Path, data: bytes, name: str | None = None) -> list[str]:
    target = b.folder / JOURNAL_DIR / segment.parent.name / (name or segment.name)
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(data)
    before = b.dump()
    report = b.sync.run()
    assert b.dump() == before, "something from a refused segment was applied"
    return report.refused


@pytest.mark.parametrize("damage", ["truncated", "tampered", "replayed", "reordered"])
def test_a_damaged_segment_is_refused_whole_and_names_the_device(pair, damage: str) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="First new thing."))
    a.sync.run()
    a.data.memories.add(NewMemory(text="Second new thing."))
    a.sync.run()
    first, second = a.segments()[-2:]
    if damage == "truncated":
        refused = _refused(a, b, first, first.read_bytes()[:-20])
    elif damage == "tampered":
        data = bytearray(first.read_bytes())
        data[40] ^= 1
        refused = _refused(a, b, first, bytes(data))
    elif damage == "replayed":  # an old segment offered as the next one
        refused = _refused(a, b, first, a.segments()[0].read_bytes(), first.name)
    else:  # the two newest swapped
        (b.folder / JOURNAL_DIR / second.parent.name).mkdir(exist_ok=True)
        (b.folder / JOURNAL_DIR / second.parent.name / second.name).write_bytes(first.read_bytes())
        refused = _refused(a, b, first, second.read_bytes())
    assert len(refused) == 1 and "'laptop'" in refused[0] and "nothing from it was applied" in refused[0]
    assert b.sync.status().errors == refused
    deliver(first, b)  # the good copy arrives: applied, the error is gone
    deliver(second, b)
    b.sync.run()
    assert texts(b) == ["First new thing.", "Second new thing."]
    assert b.sync.status().errors == []


def test_a_journal_from_another_embedder_is_refused_until_reindex(pair, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="Embedded elsewhere."))
    a.sync.run()
    monkeypatch.setattr(b.data.memories.embedder, "id", "other/model")
    deliver(a.segments()[-1], b)
    refused = b.sync.run().refused
    assert refused and "other/model" in refused[0] and "reindex" in refused[0]
    assert texts(b) == []


def test_a_wrong_passphrase_gets_nothing(tmp_path: Path) -> None:
    a, b = Device(tmp_path, "a"), Device(tmp_path, "b")
    a.sync.enable(a.folder, "a")
    code = a.sync.link_code(PASSPHRASE)
    with pytest.raises(KnownError, match="passphrase is wrong"):
        b.sync.join(a.folder, code, "not the passphrase", "b")
    assert not b.sync.enabled and b.keychain.get(b.sync.account) is None
    with pytest.raises(KnownError, match="not a Hearth link code"):
        b.sync.join(a.folder, "hello", PASSPHRASE, "b")


def test_a_code_for_another_folder_and_turning_on_twice_are_refused(tmp_path: Path) -> None:
    a, b, c = Device(tmp_path, "a"), Device(tmp_path, "b"), Device(tmp_path, "c")
    a.sync.enable(a.folder, "a")
    c.sync.enable(c.folder, "c")
    with pytest.raises(KnownError, match="another sync folder"):
        b.sync.join(c.folder, a.sync.link_code(PASSPHRASE), PASSPHRASE)
    with pytest.raises(KnownError, match="already on"):
        a.sync.enable(tmp_path, "again")
    with pytest.raises(KnownError, match="too short"):
        a.sync.link_code("short")


def test_without_a_keychain_the_sync_key_stays_in_the_encrypted_profile(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    a = Device(tmp_path, "a")

    def unavailable():
        raise SecretStoreUnavailable("no keychain here")
    monkeypatch.setattr(a.sync, "keychain", unavailable)
    a.sync.enable(a.folder, "a")
    a.data.memories.add(NewMemory(text="Still syncs."))
    assert a.sync.run().written > 0
    assert a.conn.execute("SELECT value FROM sync_meta WHERE key = 'key'").get


def test_the_folder_holds_nothing_readable(pair) -> None:
    a, b = pair
    a.data.memories.add(NewMemory(text="My PIN is 4711 and my sister is Anna."))
    a.sync.run()
    everything = b"".join(p.read_bytes() for p in a.folder.rglob("*") if p.is_file())
    for secret in (b"4711", b"Anna", b"laptop", b"sister"):
        assert secret not in everything


def test_the_memorys_settings_travel_and_a_joining_device_does_not_reset_them(tmp_path: Path) -> None:
    from app.core import settings as settings_file

    ticks = itertools.count(1_000_000)
    a, b = Device(tmp_path, "a", clock=ticks), Device(tmp_path, "b", clock=ticks)
    settings_file.save(settings_file.Settings(top_k=7, theme="dark", context_size=8192), a.settings)
    link(a, [b])  # b has no settings file: its defaults must not win over a's choices
    converge([a, b])
    got = settings_file.load(b.settings)
    assert (got.top_k, got.theme, got.context_size) == (7, "system", 4096)  # the machine's own don't travel
    settings_file.save(settings_file.load(b.settings).with_values({"threshold": 0.35}), b.settings)
    converge([a, b])
    assert settings_file.load(a.settings).threshold == 0.35 and settings_file.load(a.settings).top_k == 7


def test_turning_sync_off_keeps_the_memory_and_leaves_no_trace_of_sync(pair) -> None:
    a, b = pair
    b.sync.leave()
    assert not b.sync.enabled and b.keychain.get(b.sync.account) is None
    assert texts(b) == [] and len(b.data.memories.list()) == 1  # the memory stays
    assert b.conn.execute("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'sync%'").get == 0
    b.data.memories.add(NewMemory(text="Written after leaving."))  # no trigger left to fail
    a.sync.run()
    assert "Written after leaving." not in texts(a)


def test_a_device_with_nothing_to_say_is_still_seen_by_the_others(tmp_path: Path) -> None:
    a, b = Device(tmp_path, "a"), Device(tmp_path, "b")  # both empty
    link(a, [b])
    converge([a, b])
    for d, other in ((a, "b"), (b, "a")):
        status = d.sync.status()
        assert [x.name for x in status.devices] == [d.name, other] and status.folder_ready
        assert status.devices[0].written_at is not None  # this device's own last write
