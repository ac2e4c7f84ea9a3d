"""`hearth import FORMAT PATH` and `hearth export FILE` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import hearth, hearth_process

EXPORTS = Path(__file__).resolve().parents[1] / "fixtures" / "exports"


def test_import_prints_a_summary_and_twice_adds_nothing(home: Path) -> None:
    first = hearth("import", "chatgpt", str(EXPORTS / "chatgpt"))
    assert first.code == 0, first.err
    assert first.err.startswith("Imported 2 conversations (6 messages, 3 memories) from ChatGPT.")
    assert "Skipped: " in first.err and "branches not shown" in first.err
    listed = hearth("conversations", "--json").json()
    assert [(c["title"], c["source"], c["created_at"]) for c in listed] == [
        ("Sourdough", "chatgpt", "2024-05-02T08:00:00Z"), ("Trip to Porto", "chatgpt", "2024-05-01T08:00:00Z")]
    again = hearth("import", "auto", str(EXPORTS / "chatgpt"), "--json")
    assert again.code == 0 and again.json()["conversations"] == 0 and again.json()["already"] == 2
    assert hearth("conversations", "--json").json() == listed


def test_import_json_summary(home: Path) -> None:
    result = hearth("import", "auto", str(EXPORTS / "lmstudio"), "--json")
    assert result.code == 0, result.err
    summary = result.json()
    assert (summary["format"], summary["conversations"], summary["messages"]) == ("LM Studio", 1, 2)
    assert summary["skipped"] == {"message versions not shown (regenerated or edited)": 1}


def test_no_memory_imports_the_conversations_only(home: Path) -> None:
    result = hearth("import", "claude", str(EXPORTS / "claude"), "--no-memory", "--json")
    assert result.code == 0 and (result.json()["conversations"], result.json()["memories"]) == (1, 0)
    assert hearth("memory", "list", "--json").json() == []


def test_a_bad_file_fails_before_the_profile_exists(home: Path, tmp_path: Path) -> None:
    cut = tmp_path / "conversations.json"
    cut.write_text((EXPORTS / "chatgpt" / "conversations.json").read_text()[:300])
    result = hearth("import", "chatgpt", str(cut))
    assert result.code == 1 and result.err.startswith("error: conversations.json is not valid JSON")
    assert "Traceback" not in result.err and not (home / "default.hearth").exists()


def test_a_bad_file_leaves_an_existing_profile_as_it_was(home: Path, tmp_path: Path) -> None:
    assert hearth("import", "claude", str(EXPORTS / "claude")).code == 0
    before = hearth("conversations", "--json").out, hearth("memory", "list", "--json").out
    (tmp_path / "garbage.zip").write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    result = hearth("import", "auto", str(tmp_path / "garbage.zip"))
    assert result.code == 1 and "error:" in result.err and "Traceback" not in result.err
    assert (hearth("conversations", "--json").out, hearth("memory", "list", "--json").out) == before


def test_usage_errors(home: Path) -> None:
    assert hearth("import", "whatsapp", str(EXPORTS / "claude")).code == 2
    missing = hearth("import", "auto", "/no/such/export.zip")
    assert missing.code == 2 and "does not exist" in missing.err
    assert hearth("export", "x.md", "--format", "pdf").code == 2


def test_export_markdown_and_json_then_import_elsewhere(home: Path, tmp_path: Path) -> None:
    assert hearth("import", "auto", str(EXPORTS / "openwebui")).code == 0
    md, js = tmp_path / "chats.md", tmp_path / "chats.json"
    result = hearth("export", str(md))
    assert result.code == 0 and "plain text" in result.err
    assert md.read_text().startswith("# Bike repair\n")
    assert hearth("export", "--format", "json", "--conversation", "1", str(js)).code == 0
    moved = hearth("--profile", "other", "import", "hearth", str(js), "--json")
    assert moved.code == 0 and moved.json()["conversations"] == 1
    assert hearth("--profile", "other", "import", "auto", str(EXPORTS / "openwebui"), "--json").json()["already"] == 1
    unknown = hearth("export", "--conversation", "7", str(tmp_path / "no.md"))
    assert unknown.code == 1 and "no conversation 7" in unknown.err


def test_import_in_a_real_process(home: Path) -> None:
    result = hearth_process("import", "auto", str(EXPORTS / "jan"))
    assert result.code == 0, result.err
    assert result.err.startswith("Imported 1 conversation (4 messages, 1 memory) from Jan.")


# --- arbitrary exports (hypothesis): exit 0 or 1 with one line, never a traceback, nothing half-written ---
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from app.core.importers import FORMATS  # noqa: E402

pytestmark = pytest.mark.usefixtures("both_ways")  # tests/cli/conftest.py: here and through the engine

KEYS = ["mapping", "current_node", "parent", "children", "message", "author", "role", "content", "parts",
        "content_type", "chat_messages", "sender", "text", "uuid", "parent_message_uuid", "chat", "history",
        "messages", "currentId", "parentId", "versions", "currentlySelected", "steps", "createdAt", "id",
        "title", "name", "create_time", "created_at", "timestamp", "format", "conversations", "type"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
                    st.sampled_from(["user", "assistant", "human", "text", "hearth-conversations", "a", "b"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)),
                    max_leaves=30)
FIXTURES = [p for p in sorted(EXPORTS.rglob("*.json*"))]


@st.composite
def export_bytes(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["json", "mutated", "bytes", "reshaped"]))
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    if kind == "reshaped":  # a real export with some of its values replaced by values of another shape
        data = json.loads(draw(st.sampled_from([p for p in FIXTURES if p.suffix == ".json"])).read_text())
        for _ in range(draw(st.integers(1, 3))):
            data = _replace_one(data, draw)
        return json.dumps(data).encode()
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    data = bytearray(draw(st.sampled_from(FIXTURES)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data) - 1))
        data[at:at + draw(st.integers(0, 8))] = draw(st.binary(max_size=8))
    return bytes(data)


def _replace_one(value: object, draw: st.DrawFn) -> object:
    """The value with one node (chosen by walking down at random) replaced by arbitrary JSON."""
    children = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) else []
    if not children or draw(st.integers(0, 4)) == 0:
        return draw(JSON)
    at, child = draw(st.sampled_from(children))
    value[at] = _replace_one(child, draw)  # type: ignore[index]
    return value


def _state() -> tuple[str, str]:
    return hearth("conversations", "--json").out, hearth("memory", "list", "--json").out


@pytest.fixture
def claude_imported(home: Path) -> Path:
    """A profile with something in it, once per test: every example shares the home, and importing the
    same export again (as each example did) changes nothing."""
    assert hearth("import", "claude", str(EXPORTS / "claude")).code == 0
    return home


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(fmt=st.sampled_from(("auto", *FORMATS)), data=export_bytes(),
       name=st.sampled_from(["conversations.json", "x.conversation.json", "chat.json", "thread.json"]))
def test_any_export_file_imports_or_fails_cleanly(claude_imported: Path, tmp_path: Path, fmt: str, data: bytes,
                                                  name: str) -> None:
    before = _state()
    path = tmp_path / name
    path.write_bytes(data)
    result = hearth("import", fmt, str(path))
    assert result.code in (0, 1), (result.code, result.err)
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    if result.code == 1:
        assert result.err.startswith("error: ") and _state() == before


def test_a_path_too_long_for_the_file_system_is_a_usage_error(home: Path) -> None:
    for argv in (["import", "auto", "☃" * 500], ["export", "☃" * 500], ["memory", "add", "--file", "☃" * 500]):
        result = hearth(*argv)
        assert result.code == 2 and "can't be a" in result.err and "Traceback" not in result.err, argv


def test_export_takes_the_format_from_the_file_name(home: Path, tmp_path: Path) -> None:
    """B7: `hearth export backup.json` wrote Markdown into a .json file (default --format md)."""
    assert hearth("import", "auto", str(EXPORTS / "openwebui")).code == 0
    backup = tmp_path / "backup.json"
    assert hearth("export", str(backup)).code == 0
    assert json.loads(backup.read_text())["format"] == "hearth-conversations"
    assert hearth("--profile", "other", "import", "auto", str(backup), "--json").json()["conversations"] == 1
    assert hearth("export", str(tmp_path / "notes.md")).code == 0
    assert (tmp_path / "notes.md").read_text().startswith("# Bike repair\n")
    assert hearth("export", str(tmp_path / "plain")).code == 0  # no suffix: Markdown, as before
    assert (tmp_path / "plain").read_text().startswith("# Bike repair\n")
    clash = hearth("export", str(tmp_path / "b.json"), "--format", "md")
    assert clash.code == 2 and "b.json" in clash.err and "--format json" in clash.err
    assert not (tmp_path / "b.json").exists()
    assert hearth("export", str(tmp_path / "c.JSON"), "--format", "json").code == 0


def test_an_empty_chatgpt_export_imports_nothing_and_succeeds(home: Path, tmp_path: Path) -> None:
    empty = tmp_path / "conversations.json"
    empty.write_text("[]\n")
    result = hearth("import", "auto", str(empty))
    assert result.code == 0, result.err
    assert result.err.startswith("Imported 0 conversations (0 messages, 0 memories) from ChatGPT.")


def test_the_format_may_be_left_out(home: Path) -> None:
    """`hearth import chatgpt.zip` (FORMAT forgotten) detects it, like `hearth import auto chatgpt.zip`."""
    result = hearth("import", str(EXPORTS / "chatgpt"), "--json")
    assert result.code == 0, result.err
    assert (result.json()["format"], result.json()["conversations"]) == ("ChatGPT", 2)
    assert hearth("import", "chatgpt", str(EXPORTS / "chatgpt"), "--json").json()["already"] == 2
    assert hearth("import", "whatsapp", str(EXPORTS / "chatgpt")).code == 2
    assert "PATH" in hearth("import").err
    lone = hearth("import", "chatgpt")
    assert lone.code == 2 and "hearth import chatgpt PATH" in lone.err


def test_export_help_says_what_it_writes(home: Path) -> None:
    text = " ".join(hearth("export", "--help").out.split())
    assert "Write conversations" in text and "working notes" in text and "plain text" in text
    assert "FILE the file to write" in text and "replaced" in text
    text = " ".join(hearth("import", "--help").out.split())
    assert "PATH the export" in text and "FORMAT" in text and "leave it out" in text


def test_a_model_path_too_long_for_the_file_system_is_explained(home: Path) -> None:
    """Found by test_inputs' fuzzing while fixing the importers: `chat --model` with a 600-character
    name crashed with ENAMETOOLONG (Path.is_file raises it) instead of saying what is wrong."""
    result = hearth("chat", "--model", "☃" * 600, "hello")
    assert result.code in (1, 2) and "can't be a path" in result.err and "internal error" not in result.err
