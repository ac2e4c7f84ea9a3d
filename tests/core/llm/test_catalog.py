"""Finding every model on the computer from headers alone: Ollama's store read in place, other apps'
folders, the user's folders; choosing one by its listed name or by path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.llm.catalog import choose, discover
from app.core.llm.gguf_header import read_header
from app.core.llm.locate import default_model_path
from app.core.llm.ollama import template_format
from app.core.llm.sizing import parameters, quantization, ram_needed
from app.errors import KnownError
from tests.support.ollama_store import LLAMA3_TEMPLATE, add_model
from tests.support.tiny_gguf import write_tiny_gguf


def tiny(path: Path, *, template: str | None = None, name: str = "tiny-chat-instruct") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_tiny_gguf(path, template=template, specials=["<|eot_id|>"], bos="<s>", eos="</s>", name=name)
    with open(path, "ab") as fh:  # the folder scan lists files over 1 MB (real models)
        fh.write(bytes(1_100_000))
    return path


@pytest.fixture()
def store(tmp_path: Path) -> Path:
    """An Ollama store under $OLLAMA_MODELS: the bundled SmolLM2 file as one blob, a tiny GGUF with no
    template of its own (Ollama's template layer says llama3) as another."""
    root = tmp_path / "ollama-models"
    add_model(root, "smollm2:135m", default_model_path())
    add_model(root, "tiny:latest", tiny(tmp_path / "src" / "tiny.gguf", name="Tiny 1B"), template=LLAMA3_TEMPLATE)
    add_model(root, "bartowski/Tiny-GGUF:Q4_K_M", tmp_path / "src" / "tiny.gguf", registry="hf.co",
              namespace="bartowski")
    return root


def by_name(entries):
    return {e.name: e for e in entries}


def test_ollamas_store_is_listed_by_its_names_and_read_in_place(tmp_path: Path, store: Path) -> None:
    before = {p: p.stat().st_mtime_ns for p in store.rglob("*")}
    entries = by_name(discover(home=tmp_path / "home", env={"OLLAMA_MODELS": str(store)}))
    smol, tiny_entry = entries["smollm2:135m"], entries["tiny:latest"]
    assert smol.source == tiny_entry.source == "Ollama"
    assert Path(smol.path).parent == store / "blobs" and Path(smol.path).name.startswith("sha256-")
    assert (smol.architecture, smol.quantization, smol.context_length, smol.template) == ("llama", "Q4_1", 8192, "file")
    assert 130e6 < smol.parameters < 140e6 and smol.file_size == default_model_path().stat().st_size
    # No template in the file: the manifest's template layer tells the format, and it is a chat model.
    assert (tiny_entry.template, tiny_entry.template_format, tiny_entry.warnings) == ("Ollama", "llama3", ())
    assert tiny_entry.is_chat_model and smol.setting == "smollm2:135m"
    # The same blob under another registry: one file, listed once (under the first name found).
    assert "hf.co/bartowski/Tiny-GGUF:Q4_K_M" not in entries
    assert {p: p.stat().st_mtime_ns for p in store.rglob("*")} == before  # nothing written, copied or moved


def test_a_manifest_whose_model_layer_is_missing_or_damaged_is_left_out(tmp_path: Path, store: Path) -> None:
    broken = store / "manifests" / "registry.ollama.ai" / "library" / "broken" / "latest"
    broken.parent.mkdir(parents=True)
    broken.write_text("{not json")
    pulling = store / "manifests" / "registry.ollama.ai" / "library" / "pulling" / "latest"
    pulling.parent.mkdir(parents=True)
    pulling.write_text(json.dumps({"layers": [{"mediaType": "application/vnd.ollama.image.model",
                                               "digest": "sha256:" + "0" * 64}]}))
    names = set(by_name(discover(home=tmp_path / "home", env={"OLLAMA_MODELS": str(store)})))
    assert {"smollm2:135m", "tiny:latest"} <= names and not {"broken:latest", "pulling:latest"} & names


def test_the_users_own_ollama_folder_and_other_apps_folders_are_searched(tmp_path: Path) -> None:
    home = tmp_path / "home"
    add_model(home / ".ollama" / "models", "tiny:1b", tiny(tmp_path / "t.gguf"), template=LLAMA3_TEMPLATE)
    tiny(home / ".lmstudio" / "models" / "lmstudio-community" / "chat-Q8_0.gguf", template="{{ messages }}")
    tiny(home / "jan" / "models" / "base.gguf", name="Tiny 1B")
    mine = tiny(tmp_path / "my models" / "mine-instruct.gguf")
    entries = discover(home=home, env={}, extra_folders=str(mine.parent))
    sources = {Path(e.path).name: (e.source, e.template) for e in entries}
    assert sources["chat-Q8_0.gguf"] == ("LM Studio", "file")
    assert sources["base.gguf"] == ("Jan", "base")  # no template, no chat word in its names
    assert sources["mine-instruct.gguf"] == ("your folder", "built-in")  # llama's built-in format
    assert [e.source for e in entries][:2] == ["bundled", "Ollama"]


def test_a_model_is_chosen_by_its_listed_name_or_by_path(tmp_path: Path, store: Path) -> None:
    entries = discover(home=tmp_path / "home", env={"OLLAMA_MODELS": str(store)})
    assert choose("smollm2:135m", entries).path == by_name(entries)["smollm2:135m"].path
    assert choose("TINY", entries).name == "tiny:latest"  # as `ollama run tiny` would: the latest tag
    assert choose("bundled").source == "bundled" and choose("").source == "bundled"
    assert choose(str(default_model_path())).path == str(default_model_path())
    with pytest.raises(KnownError, match="no model called 'llama9:70b'") as caught:
        choose("llama9:70b", entries)
    assert "hearth models" in caught.value.fix
    with pytest.raises(KnownError, match="does not exist"):
        choose(str(tmp_path / "gone.gguf"))


def test_a_file_that_is_not_a_model_is_listed_with_what_is_wrong(tmp_path: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "cut.gguf").write_bytes(b"GGUF" + b"\xff" * 1_100_000)
    (entry,) = [e for e in discover(home=tmp_path, env={}, extra_folders=str(folder)) if e.source != "bundled"]
    assert entry.template == "damaged" and "could not be read" in entry.warnings[0] and not entry.is_chat_model


def test_ollama_templates_name_the_chat_format(tmp_path: Path) -> None:
    samples = {"llama3": LLAMA3_TEMPLATE, "gemma": "<start_of_turn>user\n{{ .Prompt }}<end_of_turn>\n",
               "chatml": "<|im_start|>user\n{{ .Prompt }}<|im_end|>", "mistral-v7": "[INST] {{ .Prompt }} [/INST]",
               "phi3": "<|user|>\n{{ .Prompt }}<|end|>\n<|assistant|>", None: "{{ .Prompt }}"}
    for expected, text in samples.items():
        path = tmp_path / f"{expected}.tmpl"
        path.write_text(text)
        assert template_format(path) == expected, text


def test_size_and_ram_come_from_the_header() -> None:
    header = read_header(default_model_path())
    assert quantization(header, "x.gguf") == "Q4_1" and quantization({}, "Llama-3.2-3B-Instruct-Q4_K_M.gguf") == "Q4_K_M"
    assert parameters({}, "Mixtral 8x7B", 0) == 56_000_000_000 and parameters({}, "x", 0) == 0
    assert parameters({"general.file_type": 1}, "x", 2_000_000) == 1_000_000  # F16: 2 bytes a weight
    small, large = ram_needed(header, 100, 512), ram_needed(header, 100, 8192)
    # The KV cache grows with the context asked for: 30 layers × 3 heads × 64 dims × 2 (K, V) × 2 bytes.
    assert large - small == 2 * 30 * (8192 - 512) * 3 * 64 * 2
    assert ram_needed(header, 100, 100_000) == ram_needed(header, 100, 8192)  # capped at the model's own 8192


def test_a_gguf_without_a_template_chats_in_the_format_ollamas_manifest_names(
        store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real llama.cpp, the tiny file of `tiny:latest` (no template of its own): its prompts are
    llama 3's, as Ollama's template layer says, and it is not flagged as a base model."""
    from app.bootstrap import Options, make_backend
    from app.core.llm.backend import ChatMessage, close_backend
    from app.core.settings import Settings

    monkeypatch.setenv("OLLAMA_MODELS", str(store))
    backend = make_backend(Options(), Settings(model_path="tiny:latest", context_size=256))
    try:
        assert backend.info.extra["template_source"] == "ollama:llama3" and backend.info.warnings == ()
        assert backend.info.name == "tiny:latest"
        text = backend.render([ChatMessage("user", "Hello")]).text
        assert "<|start_header_id|>user<|end_header_id|>" in text and text.rstrip().endswith("<|end_header_id|>")
    finally:
        close_backend(backend)


def test_a_download_cut_short_is_flagged_and_refused_before_llama_cpp_sees_it(tmp_path: Path) -> None:
    from app.bootstrap import chosen_model
    from app.core.settings import Settings

    folder = tmp_path / "models"
    folder.mkdir()
    whole = default_model_path().read_bytes()
    (folder / "smol-cut.gguf").write_bytes(whole[:len(whole) // 2])
    (folder / "smol-whole.gguf").write_bytes(whole)
    entries = {Path(e.path).name: e for e in discover(home=tmp_path, env={}, extra_folders=str(folder))}
    cut, ok = entries["smol-cut.gguf"], entries["smol-whole.gguf"]
    assert not cut.readable and "cut short" in cut.warnings[-1] and cut.template == "damaged"
    assert ok.readable and ok.warnings == () and ok.template == "file"
    with pytest.raises(KnownError, match="damaged or cut short"):
        chosen_model(Settings(model_path=str(folder / "smol-cut.gguf")))


def test_gpt4all_and_the_hugging_face_cache_are_read_as_they_lay_files_out(tmp_path: Path) -> None:
    """GPT4All keeps .gguf files flat in its data folder; the Hugging Face cache keeps each file once
    as a blob, reached through a symlink under snapshots/<revision>/ (listed once, by its name)."""
    home = tmp_path / "home"
    tiny(home / ".local" / "share" / "nomic.ai" / "GPT4All" / "Tiny-Chat-Q4_0.gguf", template="{{ messages }}")
    repo = home / ".cache" / "huggingface" / "hub" / "models--someone--Tiny-Chat-GGUF"
    blob = tiny(repo / "blobs" / ("ab" * 32), template="{{ messages }}", name="Tiny Chat Instruct")
    for revision in ("0123abcd", "4567ef01"):  # two revisions of one file: one blob
        link = repo / "snapshots" / revision / "tiny-chat-q8_0.gguf"
        link.parent.mkdir(parents=True)
        link.symlink_to(blob)
    entries = [e for e in discover(home=home, env={}) if e.source != "bundled"]
    assert sorted((e.source, Path(e.path).name) for e in entries) == [
        ("GPT4All", "Tiny-Chat-Q4_0.gguf"), ("Hugging Face", "tiny-chat-q8_0.gguf")]
    hf = next(e for e in entries if e.source == "Hugging Face")
    assert hf.name == "Tiny Chat Instruct" and hf.template == "file" and choose(hf.path).path == hf.path


def test_ollamas_stores_are_looked_for_where_its_installs_put_them(tmp_path: Path) -> None:
    from app.core.llm.ollama import store_roots

    roots = store_roots(tmp_path, {"OLLAMA_MODELS": "~/elsewhere"})
    assert roots == [Path("~/elsewhere").expanduser(), tmp_path / ".ollama" / "models",
                     Path("/usr/share/ollama/.ollama/models")]  # the Linux service install's user
    assert store_roots(tmp_path, {})[0] == tmp_path / ".ollama" / "models"


# --- model_path = auto ----------------------------------------------------------------------------
def standard_stand_in(folder: Path) -> Path:
    """A file where the standard model is looked for, at its size (sparse): a real header, no weights."""
    from app.core.standard_model import STANDARD

    path = folder / STANDARD.file_name
    write_tiny_gguf(path, template=None, specials=["<|im_end|>"], bos="<s>", eos="<|im_end|>", name="Qwen stand-in")
    with open(path, "r+b") as fh:
        fh.truncate(STANDARD.size)
    return path


def test_auto_runs_the_standard_model_when_it_fits_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.core.llm.catalog import AUTO_HEADROOM, auto_choice, in_use
    from app.core.standard_model import STANDARD

    monkeypatch.setenv("HEARTH_MODEL_DIR", str(tmp_path))
    assert auto_choice(4096, None).path == str(default_model_path())  # not installed: the small model
    assert "isn't installed" in auto_choice(4096, None).why
    path = standard_stand_in(tmp_path)
    roomy = auto_choice(4096, 64 << 30)
    assert roomy.path == str(path) and roomy.setting == STANDARD.setting and roomy.why.startswith("chosen automatically")
    tight = auto_choice(4096, roomy.ram_needed + AUTO_HEADROOM - 1)  # it would fit, but not with the rest of Hearth
    assert tight.path == str(default_model_path()) and "so the small model answers" in tight.why
    assert choose("auto").path == str(path) or "was free" in choose("auto").why  # the real memory free decides
    assert choose(STANDARD.setting).path == str(path) and choose("bundled").path == str(default_model_path())
    listed = discover()
    assert [e.name for e in listed][:2] == [f"{STANDARD.name} (bundled)", "SmolLM2-135M-Instruct (bundled)"]
    assert in_use("auto", listed, 4096, 64 << 30).why == roomy.why
    assert in_use("bundled", listed, 4096, None).why == ""


def test_the_standard_model_named_but_missing_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.core.standard_model import STANDARD

    monkeypatch.setenv("HEARTH_MODEL_DIR", str(tmp_path))
    with pytest.raises(KnownError, match="is not installed") as raised:
        choose(STANDARD.setting)
    assert "packaging/venv.sh" in raised.value.fix and "hearth-model" in raised.value.fix
