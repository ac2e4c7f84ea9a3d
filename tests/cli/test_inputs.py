"""Every input the command line takes: ranges from one source, every --help, and arbitrary values
(hypothesis) that end in exit 0, 1 or 2 with one line of error, never a traceback, never a change
to the profile when the command failed."""

from __future__ import annotations

import json
import math
from pathlib import Path

import apsw
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.commands import COMMAND_NAMES
from app.cli.parser import build_parser
from app.core import limits
from app.core import settings as settings_module
from app.core.memory.recall import RecallParams
from tests.support.cli import Result, hearth

MEMORY_ACTIONS = ("add", "search", "list", "show", "edit", "pin", "unpin", "share", "unshare", "forget", "export",
                  "import", "reindex", "entities", "entity", "entity-rename", "entity-merge", "entity-forget")
ACTIONS = {"memory": MEMORY_ACTIONS, "notes": ("show", "set", "clear"),  # commands with a second word
           "sync": ("enable", "link", "join", "now", "status", "off"),
           "docs": ("add", "list", "remove", "reindex", "search", "export")}


def every_command() -> list[list[str]]:
    return [[c] for c in COMMAND_NAMES] + [[c, a] for c, actions in ACTIONS.items() for a in actions]


@pytest.mark.parametrize("command", every_command(), ids=" ".join)
def test_every_commands_help(command: list[str]) -> None:
    result = hearth(*command, "--help")
    assert result.code == 0, result.err
    assert result.out.startswith("usage: hearth") and "Traceback" not in result.err
    assert "--home" in result.out  # global options are accepted after the subcommand too


def test_the_parser_knows_every_command_the_table_runs() -> None:
    from app.cli.main import COMMANDS

    actions = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    second = {c: actions[c]._subparsers._group_actions[0].choices for c in ACTIONS}
    assert set(COMMANDS) == ({c for c in actions if c not in ACTIONS}
                             | {f"{c} {a}" for c, names in second.items() for a in names})
    assert set(actions) == set(COMMAND_NAMES)
    assert {c: set(names) for c, names in second.items()} == {c: set(names) for c, names in ACTIONS.items()}


# --- ranges -----------------------------------------------------------------------------------
def usage_error(result: Result, *words: str) -> None:
    assert result.code == 2, (result.code, result.out, result.err)
    assert "usage:" in result.err and "Traceback" not in result.err
    for word in words:
        assert word in result.err, result.err


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e400", "0", "-1", "36501", "ten"])
def test_ttl_days_outside_its_range_is_a_usage_error(home: Path, value: str) -> None:
    usage_error(hearth("memory", "add", "x", "--ttl-days", value), "--ttl-days")
    assert not (home / "default.hearth").exists()  # refused before the profile is created


@pytest.mark.parametrize("option,value", [("--top-k", "5000"), ("--top-k", "0"), ("--top-k", "2.5"),
                                          ("--threshold", "nan"), ("--threshold", "1.01"), ("--threshold", "inf")])
def test_search_options_outside_their_range_are_usage_errors(option: str, value: str) -> None:
    usage_error(hearth("memory", "search", "x", option, value), option)


@pytest.mark.parametrize("value", ["nan", "inf", "1.5", "-0.1"])
def test_importance_outside_0_1_is_a_usage_error(value: str) -> None:
    usage_error(hearth("memory", "add", "x", "--importance", value), "--importance")


@pytest.mark.parametrize("value", ["0", "-3", "99999999999999999999999", "1.0"])
def test_ids_are_positive_whole_numbers_sqlite_can_hold(value: str) -> None:
    usage_error(hearth("memory", "show", value), "id")


def test_the_cli_and_recall_accept_the_same_top_k() -> None:
    assert hearth("memory", "add", "tea in the morning").code == 0
    top = int(limits.SEARCH_TOP_K.high)
    assert hearth("memory", "search", "tea", "--top-k", str(top)).code == 0
    RecallParams(top_k=top)  # what the parser lets through, recall takes
    with pytest.raises(ValueError):
        RecallParams(top_k=top + 1)


@pytest.mark.parametrize("key,value", [("top_k", "inf"), ("threshold", "nan"), ("temperature", "1e999"),
                                       ("context_size", "10"), ("window_turns", "51")])
def test_settings_refuse_what_the_dialog_cannot_enter(key: str, value: str) -> None:
    result = hearth("settings", "set", key, value)
    assert result.code == 1 and result.err.startswith("error: setting") and "Traceback" not in result.err
    spec = settings_module.SPECS[key]
    assert (spec.low, spec.high) == (spec.range.low, spec.range.high)  # the dialog's spin box range


def test_a_settings_file_with_numbers_out_of_range_is_read_clamped(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "settings.toml").write_text("top_k = 5000\nthreshold = -7.5\ntemperature = nan\n")
    effective = json.loads(hearth("settings", "--json").out)
    assert (effective["top_k"], effective["threshold"], effective["temperature"]) == (50, -1.0, 0.2)


# --- values already stored out of range -------------------------------------------------------
def raw_update(home: Path, sql: str) -> None:
    """Write past Hearth's checks, as an older version or a hand edit could (unencrypted profile)."""
    conn = apsw.Connection(str(home / "default.hearth"))
    conn.pragma("ignore_check_constraints", True)  # the schema's CHECKs would refuse some of these
    conn.execute(sql)
    conn.close()


@pytest.mark.parametrize("sql", [
    "UPDATE memories SET expires_at = 1e300",
    "UPDATE memories SET expires_at = -1e300, created_at = 9e18",
    "UPDATE memories SET importance = 7, last_recalled_at = 1e20",
    "UPDATE memories SET importance = -1e308, updated_at = -5e15",
])
def test_one_stored_value_out_of_range_never_breaks_a_listing(home: Path, sql: str, tmp_path: Path) -> None:
    assert hearth("--no-encryption", "memory", "add", "my bike is blue").code == 0
    raw_update(home, sql)
    for command in (["memory", "list", "--json"], ["memory", "list"], ["memory", "show", "1", "--json"],
                    ["memory", "search", "bike", "--json"], ["memory", "export", str(tmp_path / "out.jsonl")]):
        result = hearth(*command)
        assert result.code == 0, (command, result.err)
    memory = json.loads(hearth("memory", "show", "1", "--json").out)
    assert 0.0 <= memory["importance"] <= 1.0


def test_an_import_with_numbers_out_of_range_is_clamped(home: Path, tmp_path: Path) -> None:
    export = tmp_path / "old.jsonl"
    export.write_text("\n".join(json.dumps(line) for line in [
        {"format": "hearth-memories", "format_version": 1},
        {"text": "too important", "importance": 7, "created_at": "0001-01-01T00:00:00Z"},
        {"text": "not important at all", "importance": -3, "expires_at": "9999-12-31T23:59:59Z"},
    ]) + "\n")
    result = hearth("memory", "import", str(export))
    assert result.code == 0, result.err
    memories = {m["text"]: m for m in json.loads(hearth("memory", "list", "--json").out)}
    assert memories["too important"]["importance"] == 1.0 and memories["not important at all"]["importance"] == 0.0
    assert memories["too important"]["created_at"].startswith("1970")


@pytest.mark.parametrize("days", [float("inf"), float("nan"), -1.0, 1e9])
def test_the_core_refuses_an_expiry_out_of_range(home: Path, days: float) -> None:
    from app.bootstrap import Options, make_bank, make_default_embedder, open_profile
    from app.core.memory.store import NewMemory
    from app.errors import KnownError

    with open_profile(Options()) as profile:
        bank = make_bank(profile, make_default_embedder(Options()))
        memory_id = bank.add(NewMemory(text="a note")).id
        with pytest.raises(KnownError):
            bank.set_expiry(memory_id, days)
        with pytest.raises(KnownError):
            bank.set_importance(memory_id, days)
        assert bank.get(memory_id).expires_at is None


# --- arbitrary values (hypothesis) ------------------------------------------------------------
TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", " ", "-", "--", "nan", "inf", "-inf", "1e400", "-1", "0", "9" * 30, "1.5", "\u202e",
                     "%(default)s", "{}", "--help", "☃" * 500, "x" * 70_000]),
    st.integers().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.binary(max_size=20).map(lambda b: b.decode("utf-8", "surrogateescape")),
)
OPTIONS = {
    "memory add": ["--importance", "--ttl-days", "--kind", "--file", "--pin"],
    "memory search": ["--top-k", "--threshold", "--file", "--json"],
    "memory list": ["--json"],
    "memory show": ["--json"],
    "memory edit": [],
    "memory pin": [], "memory unpin": [], "memory forget": [],
    "memory export": ["--salvage"],
    "memory import": [],
    "memory reindex": [],
    "memory entities": ["--json", "--rebuild"],
    "memory entity": ["--json"],
    "memory entity-rename": [], "memory entity-merge": [],
    "memory entity-forget": ["--yes"],
    "conversations": ["--json"],
    "notes show": ["--conversation", "--json"],
    "notes set": ["--conversation"],
    "notes clear": ["--conversation"],
    "import": ["--json", "--no-memory"],
    "export": ["--format", "--conversation"],
    "settings": ["--json"],
    "doctor": ["--json", "--fix"],
    "chat": ["--conversation", "--new", "--json"],
}
FLAGS = {"--pin", "--json", "--new", "--salvage", "--no-encryption", "--fix", "--rebuild", "--yes", "--no-memory"}
GLOBAL = ["--profile", "--set", "--no-encryption"]  # not --home: never point the test at a random directory


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = command.split()
    if command == "chat":
        argv += ["--model", draw(TEXT)]  # a model that can't load: the turn never reaches a real model
    argv += draw(st.lists(TEXT, max_size=3))
    for name in draw(st.lists(st.sampled_from(OPTIONS[command] + GLOBAL), max_size=3)):
        if name == "--set":
            argv += [name, f"{draw(st.sampled_from(sorted(settings_module.SPECS)))}={draw(TEXT)}"]
        else:
            argv += [name] if name in FLAGS else [name, draw(TEXT)]
    return argv


def stored_state(home: Path) -> tuple:
    """What the profile holds (through Hearth itself) and the settings file's bytes."""
    listing = hearth("memory", "list", "--json")
    conversations = hearth("conversations", "--json")
    notes = hearth("notes", "show", "--json")
    settings_file = home / "settings.toml"
    return (listing.out, conversations.out, notes.out, settings_file.read_bytes() if settings_file.exists() else None)


@pytest.fixture
def seeded(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)  # `memory export RANDOM` writes relative paths here, not into the checkout
    for text in ("my bike is blue", "I live in Porto", "My son Leo is 7."):
        assert hearth("memory", "add", text).code == 0
    from app.bootstrap import Options, open_profile
    from app.core.memory.conversations import ConversationStore
    from app.core.memory.txn import unit_of_work

    with open_profile(Options()) as profile, unit_of_work(profile.conn):  # `notes` needs a conversation
        ConversationStore(profile.conn).create("seeded", 0.0)
    return home


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(argv=command_lines(), stdin=st.binary(max_size=64))
def test_any_command_line_ends_in_0_1_or_2_and_a_failure_changes_nothing(seeded: Path, argv: list[str],
                                                                        stdin: bytes) -> None:
    if "doctor" in argv[:1] or any(a in ("-h", "--help") for a in argv):
        argv = [a for a in argv if a not in ("-h", "--help")]  # help is tested above, per command
    if argv[:1] == ["doctor"]:
        argv += ["--set", "model_path=/nonexistent.gguf"]  # a quick doctor: no model load
    before = stored_state(seeded)
    result = hearth(*argv, stdin=stdin)
    assert result.code in (0, 1, 2), (argv, result.code, result.err)
    assert "Traceback" not in result.err and "internal error" not in result.err, (argv, result.err)
    if result.code != 0 and argv[:1] != ["doctor"]:
        assert result.err.strip(), argv
        assert stored_state(seeded) == before, argv


NOT_UTF8 = b"caf\xe9".decode("utf-8", "surrogateescape")  # what Python makes of a Latin-1 argv byte


@pytest.mark.parametrize("argv", [
    ["memory", "add", NOT_UTF8], ["memory", "search", NOT_UTF8], ["memory", "edit", "1", NOT_UTF8],
    ["notes", "set", NOT_UTF8], ["memory", "entity-rename", "1", NOT_UTF8], ["chat", NOT_UTF8],
    ["settings", "set", "system_prompt", NOT_UTF8]
], ids=lambda argv: " ".join(argv[:2]))
def test_words_that_are_not_utf8_are_refused_and_change_nothing(seeded: Path, argv: list[str]) -> None:
    before = stored_state(seeded)
    result = hearth(*argv)
    assert result.code in (1, 2), (argv, result.err)
    assert "UTF-8" in result.err or "must be text" in result.err, result.err
    assert "internal error" not in result.err and "Traceback" not in result.err
    assert stored_state(seeded) == before


def test_floats_in_ranges_are_finite_everywhere() -> None:
    for name in dir(limits):
        value = getattr(limits, name)
        if isinstance(value, limits.Range):
            assert math.isfinite(value.low) and math.isfinite(value.high) and value.low < value.high, name
            assert value.clamp(float("nan"), default=None) == value.kind(value.low)
            with pytest.raises(ValueError):
                value.check(float("inf"))
