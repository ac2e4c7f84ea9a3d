"""Each format's parser on small hand-made exports (tests/fixtures/exports): the thread the user saw,
titles and times kept, and what was left out counted."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from app.core.importers import read_export, source
from app.core.importers.model import Skips, epoch
from app.errors import KnownError

T = 1714550400.0  # 2024-05-01T08:00:00Z, the fixtures' clock


def said(conversation) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in conversation.messages]


def test_chatgpt_follows_current_node_through_parents(exports: Path) -> None:
    fmt, (porto, bread), skips = read_export(exports / "chatgpt" / "conversations.json", "chatgpt")
    assert fmt == "chatgpt"
    assert (porto.source_id, porto.title, porto.created_at, porto.updated_at) == ("c-porto", "Trip to Porto", T, T + 90)
    assert said(porto) == [
        ("user", "I am planning a trip to Porto in May. What should I pack?"),
        ("assistant", "Pack light layers and a rain jacket."),  # the regenerated reply, not "Pack for snow."
        ("user", "My sister lives in Porto, near the river."),  # the image part of this message is left out
        ("assistant", "Lovely, she can show you around.")]
    assert [m.created_at for m in porto.messages] == [T + 10, T + 30, T + 60, T + 90]
    assert bread.messages[1].created_at is None  # null in the export: the writer dates it from the one before
    assert skips.counts == {"system, tool and hidden messages": 2, "non-text parts (images, files)": 1,
                            "messages on branches not shown (edited or regenerated)": 1,
                            "conversations with no text to import": 1}


def test_chatgpt_zip_and_split_files_read_the_same(exports: Path, tmp_path: Path) -> None:
    data = json.loads((exports / "chatgpt" / "conversations.json").read_text())
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("chat.html", "<html></html>")
        z.writestr("user.json", "{}")
        z.writestr("conversations-000.json", json.dumps(data[:1]))
        z.writestr("conversations-001.json", json.dumps(data[1:]))
    fmt, conversations, _ = read_export(archive)  # auto
    assert fmt == "chatgpt" and [c.source_id for c in conversations] == ["c-porto", "c-bread"]
    _, plain, _ = read_export(exports / "chatgpt")
    assert [said(c) for c in conversations] == [said(c) for c in plain]


def test_claude_keeps_the_newest_branch_and_attachment_text(exports: Path) -> None:
    fmt, (conversation,), skips = read_export(exports / "claude" / "conversations.json")
    assert fmt == "claude" and conversation.title == "Orchestra"
    assert said(conversation) == [
        ("user", "I play the cello in a community orchestra."),
        ("assistant", "How wonderful! What are you rehearsing?"),
        ("user", "We are rehearsing Dvorak's ninth symphony.\n\nConcert on June 3rd."),  # the edit, not "Brahms"
        ("assistant", "The New World symphony, a classic.")]
    assert (conversation.created_at, conversation.updated_at) == (T + 1000, T + 1210)
    assert skips.counts["messages on branches not shown (edited or retried)"] == 1
    assert skips.counts["thinking, tool calls and tool results"] == 2


@pytest.mark.parametrize("where", ["jan", "jan/threads", "jan/threads/jan_1700000000"])
def test_jan_threads_from_the_data_folder_or_one_thread(exports: Path, where: str) -> None:
    fmt, (conversation,), _ = read_export(exports / where)
    assert fmt == "jan" and (conversation.source_id, conversation.title) == ("jan_1700000000", "Garden plans")
    assert said(conversation)[0] == ("user", "I grow tomatoes on my balcony.")
    assert conversation.messages[0].created_at == T + 2000  # milliseconds in the file
    assert conversation.created_at == T + 2000 and conversation.updated_at == T + 2100


def test_lmstudio_uses_the_selected_version(exports: Path) -> None:
    folder = exports / "lmstudio" / "conversations"
    fmt, (conversation,), skips = read_export(folder)
    assert fmt == "lmstudio" and conversation.title == "Rust questions" and conversation.created_at == T + 3000
    assert said(conversation) == [("user", "I am learning Rust for my job at the observatory."),
                                  ("assistant", "Great choice: start with the Rust book.")]
    assert skips.counts == {"message versions not shown (regenerated or edited)": 1}
    (one_file,) = folder.rglob("*.conversation.json")
    _, (same,), _ = read_export(one_file)
    assert same.source_id == conversation.source_id  # one file or the folder: the same conversation


def test_openwebui_follows_current_id(exports: Path) -> None:
    fmt, (conversation,), _ = read_export(exports / "openwebui" / "chat-export-1714554400.json")
    assert fmt == "openwebui" and conversation.title == "Bike repair"
    assert said(conversation) == [("user", "My bike is a blue Brompton and the chain slips."),
                                  ("assistant", "Check the chain tension first.")]
    assert [m.created_at for m in conversation.messages] == [T + 4000, T + 4020]


@pytest.mark.parametrize("value,expected", [(T, T), (T * 1000, T), ("2024-05-01T08:00:00Z", T),
                                            ("2024-05-01T08:00:00.000000+00:00", T), ("2024-05-01T08:00:00", T),
                                            (None, None), ("", None), ("yesterday", None), (True, None),
                                            (float("nan"), None), ({}, None)])
def test_times_in_every_shape(value: object, expected: float | None) -> None:
    assert epoch(value) == expected


# --- wrong, corrupt and huge files ---------------------------------------------------------
def test_a_file_of_another_app_says_so(tmp_path: Path) -> None:
    odd = tmp_path / "notes.json"
    odd.write_text('{"hello": "world"}')
    with pytest.raises(KnownError, match="cannot tell which app") as caught:
        read_export(odd)
    assert "chatgpt" in caught.value.fix


def test_the_wrong_format_named_is_an_error_not_an_empty_import(exports: Path) -> None:
    with pytest.raises(KnownError, match="holds no ChatGPT conversation"):
        read_export(exports / "claude" / "conversations.json", "chatgpt")


def test_truncated_json_is_a_clear_error(exports: Path, tmp_path: Path) -> None:
    cut = tmp_path / "conversations.json"
    cut.write_bytes((exports / "chatgpt" / "conversations.json").read_bytes()[:500])
    with pytest.raises(KnownError, match="not valid JSON") as caught:
        read_export(cut, "chatgpt")
    assert "download the export again" in caught.value.fix


def test_json_nested_thousands_deep_is_a_clear_error_not_a_bug(tmp_path: Path) -> None:
    deep = tmp_path / "conversations.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(KnownError, match="nested too deeply"):
        read_export(deep)


@pytest.mark.parametrize("where", ["chatgpt", "claude", "openwebui"])
def test_detecting_the_format_does_not_read_and_parse_the_file_again(exports: Path, where: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    text = source.Source.text
    monkeypatch.setattr(source.Source, "text", lambda self, name: reads.append(name) or text(self, name))
    name, conversations, _ = read_export(exports / where / next(p.name for p in (exports / where).iterdir()))
    assert name == where and conversations
    assert len(reads) == len(set(reads)), reads


def test_a_corrupt_zip_is_a_clear_error(exports: Path, tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(exports / "chatgpt" / "conversations.json", "conversations.json")
    data = bytearray(archive.read_bytes())
    data[60:400] = b"\xff" * 340  # the compressed stream, damaged; the directory still reads
    archive.write_bytes(bytes(data))
    with pytest.raises(KnownError, match="conversations.json"):
        read_export(archive, "chatgpt")


def test_a_zip_bomb_stops_at_the_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 1 << 20)
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("conversations.json", "[" + " " * (8 << 20) + "]")  # 8 MB of spaces: a few KB zipped
    assert archive.stat().st_size < 64 << 10
    with pytest.raises(KnownError, match="larger than 1 MB"):
        read_export(archive, "chatgpt")


def test_one_huge_file_of_several_is_skipped_and_said(exports: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    data = json.loads((exports / "chatgpt" / "conversations.json").read_text())
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "conversations-000.json").write_text(json.dumps(data[:1]))
    (folder / "conversations-001.json").write_text(json.dumps(data[1:2]) + " " * 20_000)
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 10_000)
    fmt, conversations, skips = read_export(folder, "chatgpt")
    assert [c.source_id for c in conversations] == ["c-porto"]
    assert any("conversations-001.json is larger than" in reason for reason in skips.counts)


def test_a_missing_path_and_an_empty_folder(tmp_path: Path) -> None:
    with pytest.raises(KnownError, match="does not exist"):
        read_export(tmp_path / "nothing.zip")
    (tmp_path / "empty").mkdir()
    with pytest.raises(KnownError):
        read_export(tmp_path / "empty")
    with pytest.raises(KnownError, match="no Jan thread"):
        read_export(tmp_path / "empty", "jan")


def test_binary_garbage_named_like_an_export(tmp_path: Path) -> None:
    junk = tmp_path / "conversations.json"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(KnownError, match="not UTF-8"):
        read_export(junk, "chatgpt")


def test_a_jan_folder_with_one_broken_thread_imports_the_rest(exports: Path, tmp_path: Path) -> None:
    root = tmp_path / "jan"
    shutil.copytree(exports / "jan", root)
    broken = root / "threads" / "jan_broken"
    broken.mkdir()
    (broken / "thread.json").write_text("{not json")
    _, conversations, skips = read_export(root, "jan")
    assert [c.title for c in conversations] == ["Garden plans"]
    assert any(reason.startswith("unreadable threads") for reason in skips.counts)


ODD = [  # shapes no app writes, each found by hand or by the fuzzing in tests/cli/test_history_commands.py
    ("chatgpt", [{"id": "x", "mapping": {"a": "str", "b": {"parent": "a", "message": {"author": "u"}}}, "current_node": "b"}]),
    ("chatgpt", [{"id": ["x"], "mapping": {"a": {"message": {}}}, "current_node": ["a"]}]),
    ("claude", [{"uuid": "u", "chat_messages": ["x", {"sender": "human", "text": 5, "content": "str",
                                                      "attachments": "abc", "files": 5, "parent_message_uuid": "zz"}]}]),
    ("openwebui", [{"id": "o", "chat": {"history": {"currentId": ["x"], "messages": {"a": 5}}, "messages": "x"}}]),
    ("openwebui", [{"id": "o", "chat": {"history": {"currentId": "a", "messages": {
        "a": {"role": "user", "content": ["x"], "files": 5, "timestamp": "q"}}}}}]),
    ("lmstudio", {"createdAt": 1, "messages": [{"versions": [{"role": "assistant", "steps": [
        {"type": "contentBlock", "content": 5}]}]}]}),
    ("hearth", {"format": "hearth-conversations", "format_version": "x", "conversations": [5]}),
    ("hearth", {"format": "hearth-conversations", "format_version": 1, "conversations": [
        {"messages": "abc"}, {"id": [1], "messages": [{"role": "user", "content": "hi"}]}]}),
]


@pytest.mark.parametrize("fmt,data", ODD, ids=[f"{f}-{n}" for n, (f, _) in enumerate(ODD)])
def test_odd_shapes_are_skipped_or_refused_never_a_crash(tmp_path: Path, fmt: str, data: object) -> None:
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data))
    try:
        _, conversations, _ = read_export(path, fmt)
    except KnownError as exc:
        assert exc.fix  # says what to do
    else:
        assert all(m.content.strip() for c in conversations for m in c.messages)


def test_openwebui_without_current_id_follows_the_newest_leaf(exports: Path, tmp_path: Path) -> None:
    """A chat whose history has no ``currentId`` (older or edited exports) was imported empty."""
    data = json.loads((exports / "openwebui" / "chat-export-1714554400.json").read_text())
    del data[0]["chat"]["history"]["currentId"]
    nodes = data[0]["chat"]["history"]["messages"]
    data[0]["chat"]["history"]["messages"] = {k: nodes[k] for k in ("q1", "r2", "r1")}  # the newest not last
    path = tmp_path / "owui.json"
    path.write_text(json.dumps(data))
    fmt, (conversation,), skips = read_export(path)
    assert said(conversation) == [("user", "My bike is a blue Brompton and the chain slips."),
                                  ("assistant", "Check the chain tension first.")]
    assert skips.lines() == ["1 message on branches not shown (regenerated or edited)"]


def test_a_count_of_one_reads_in_the_singular() -> None:
    skips = Skips()
    for reason in ("conversations with no text to import", "entries that are not Claude conversations",
                   "attached files and images", "empty messages"):
        skips.add(reason)
    skips.add("system, tool and hidden messages", 2)
    assert skips.lines() == ["2 system, tool and hidden messages", "1 conversation with no text to import",
                             "1 entry that is not a Claude conversation", "1 attached file or image",
                             "1 empty message"]


def _error(path: Path, fmt: str = "auto", **kwargs: object) -> KnownError:
    with pytest.raises(KnownError) as caught:
        read_export(path, fmt, **kwargs)
    return caught.value


def test_errors_say_what_the_file_is_and_what_to_do(exports: Path, tmp_path: Path) -> None:
    """Each of these used to say something misleading ("not UTF-8", "cannot tell which app")."""
    (tmp_path / "empty").mkdir()
    with zipfile.ZipFile(tmp_path / "empty.zip", "w"):
        pass
    for empty in ("empty", "empty.zip"):
        error = _error(tmp_path / empty)
        assert (error.what, error.fix) == (f"{empty} holds no files", "choose the zip you downloaded")
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(exports / "chatgpt" / "conversations.json", "conversations.json")
    (tmp_path / "cut.zip").write_bytes(archive.read_bytes()[:200])
    (tmp_path / "page.zip").write_text("<html>Sign in</html>")
    for bad in ("cut.zip", "page.zip"):
        for fmt in ("auto", "chatgpt"):
            error = _error(tmp_path / bad, fmt)
            assert (error.what, error.fix) == (f"{bad} is not a zip file (cut short?)", "download the export again")
    (tmp_path / "notes.json").write_text("Dear diary")
    assert "not a chat export" in _error(tmp_path / "notes.json").what
    assert "not a chat export" in _error(tmp_path / "notes.json", "claude").what
    (tmp_path / "blank.json").write_text("  \n")
    assert _error(tmp_path / "blank.json").what == "blank.json is empty"


def test_a_hearth_markdown_export_points_to_the_json_one(bank, exports: Path, tmp_path: Path) -> None:
    from app.core.importers import import_history
    from app.core.importers.export import export_conversations
    import_history(bank, exports / "claude", window_turns=6)
    export_conversations(bank.conn, tmp_path / "chats.md", "md", now=0.0)
    for fmt in ("auto", "hearth"):
        error = _error(tmp_path / "chats.md", fmt)
        assert "Hearth Markdown export" in error.what and "hearth export --format json" in error.fix


def test_the_app_words_auto_as_its_own_control(tmp_path: Path) -> None:
    from app.core.importers import GUI_FORMAT_HINT
    odd = tmp_path / "notes.json"
    odd.write_text('{"hello": "world"}')
    fix = _error(odd, hint=GUI_FORMAT_HINT).fix
    assert "Detect automatically" in fix and "auto:" not in fix


def test_an_export_of_no_conversations_is_valid_and_empty(tmp_path: Path) -> None:
    """A ChatGPT account with no chats exports ``[]``: that is 0 conversations, not a broken file."""
    empty = tmp_path / "conversations.json"
    empty.write_text("[]")
    for fmt in ("auto", "chatgpt", "claude", "openwebui"):
        name, conversations, skips = read_export(empty, fmt)
        assert (conversations, skips.lines()) == ([], [])
    assert read_export(empty)[0] == "chatgpt"
    with zipfile.ZipFile(tmp_path / "export.zip", "w") as z:
        z.write(empty, "conversations.json")
    assert read_export(tmp_path / "export.zip")[1] == []
    nothing = tmp_path / "hearth.json"
    nothing.write_text('{"format": "hearth-conversations", "format_version": 1, "conversations": []}')
    assert read_export(nothing)[:2] == ("hearth", [])
    (tmp_path / "jan").mkdir()  # an empty folder is still not an export
    with pytest.raises(KnownError):
        read_export(tmp_path / "jan", "jan")
    other = tmp_path / "emptylist.json"  # whatever its name
    other.write_text(" [ ] ")
    assert read_export(other)[:2] == ("chatgpt", [])


def test_walk_up_returns_the_thread_root_first_and_stops_at_a_cycle() -> None:
    from app.core.importers.model import walk_up
    parents = {"c": "b", "b": "a", "a": None, "x": "y", "y": "x"}
    assert walk_up("c", parents.get) == ["a", "b", "c"]
    assert walk_up("x", parents.get) == ["y", "x"]  # a damaged file's loop ends the walk
    assert walk_up(None, parents.get) == []
