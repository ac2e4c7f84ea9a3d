"""Any chat GGUF works: the file's own template, rendered byte for byte as the reference
template renders it; llama.cpp's built-in template when the file has none; a warning for files
that look like base models or whose format is unknown."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from app.core.agent.prompt import INSTRUCTIONS, MEMORY_HEADER, Turn, build_messages
from app.core.llm.backend import ChatMessage
from app.core.llm.llama import LlamaBackend, fold_system
from app.core.llm.templates import BASE_MODEL_WARNING, CONTROL_TOKENS, resolve
from app.core.types import Memory, Recall
from tests.support.tiny_gguf import write_tiny_gguf

TEMPLATES = Path(__file__).with_name("templates")
FAMILIES = {  # template file, control tokens, bos, eos
    "llama3": ("llama3.jinja", ["<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>"],
               "<|begin_of_text|>", "<|eot_id|>"),
    "gemma": ("gemma.jinja", ["<start_of_turn>", "<end_of_turn>"], "<bos>", "<eos>"),
    "mistral": ("mistral-nemo.jinja", ["[INST]", "[/INST]"], "<s>", "</s>"),
    "phi3": ("phi3.jinja", ["<|system|>", "<|user|>", "<|assistant|>", "<|end|>"], "<s>", "<|endoftext|>"),
}
CONVERSATION = [ChatMessage("system", "You are Hearth. Answer briefly."), ChatMessage("user", "Hi! I'm Dana."),
                ChatMessage("assistant", "Hello Dana."), ChatMessage("user", "What is my name?")]


def reference(template: str, messages: list[ChatMessage], bos: str, eos: str) -> str:
    """The template as its publisher renders it: plain jinja2 (transformers' settings)."""
    def raise_exception(message: str) -> None:
        raise ValueError(message)

    env = jinja2.Environment(trim_blocks=True, lstrip_blocks=True)
    rendered = [{"role": m.role, "content": m.content} for m in messages]
    return env.from_string(template).render(messages=rendered, bos_token=bos, eos_token=eos,
                                            add_generation_prompt=True, raise_exception=raise_exception)


@pytest.fixture(scope="module", params=sorted(FAMILIES))
def family(request, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, LlamaBackend, str, str, str]:
    file, specials, bos, eos = FAMILIES[request.param]
    template = (TEMPLATES / file).read_text(encoding="utf-8")
    path = write_tiny_gguf(tmp_path_factory.mktemp(request.param) / f"{request.param}-instruct.gguf",
                           template=template, specials=specials, bos=bos, eos=eos)
    return request.param, LlamaBackend(path, n_ctx=256), template, bos, eos


def test_a_files_own_template_renders_byte_for_byte_like_the_reference(family) -> None:
    name, backend, template, bos, eos = family
    assert backend.info.extra["template_source"] == "gguf" and backend.info.warnings == ()
    try:
        expected = reference(template, CONVERSATION, bos, eos)
    except ValueError:  # Gemma has no system role: the system text opens the first user turn
        expected = reference(template, fold_system(CONVERSATION), bos, eos)
    if name == "llama3":  # its header carries today's date, from strftime_now in both renderers
        expected = expected.replace("26 Jul 2024", _today())
    assert backend.render(CONVERSATION).text == expected


USER_TURN = {"llama3": "<|start_header_id|>user", "gemma": "<start_of_turn>user", "mistral": "[INST]",
             "phi3": "<|user|>"}


@pytest.mark.parametrize("route", ["ask_user", "statement", "mixed", "request"])
def test_a_larger_models_instruction_sits_in_the_last_user_turn_after_the_notes(family, route: str) -> None:
    """What a 1B+ model is told per route (agent/prompt.py) reaches it inside the message's own turn,
    after the recalled notes and before the message, in every chat format."""
    name, backend, *_ = family
    note = Recall(Memory(1, "fact", "My sister Ana moved to Lisbon.", 0.5, False, 0.0, 0.0), 0.8, 0.8)
    window = [Turn("Hi! I'm Dana.", "Hello Dana.")]
    text = backend.render(build_messages("You are Hearth.", window, "Where does my sister live?", [note],
                                         [INSTRUCTIONS[route]])).text
    last_turn = text[text.rindex(USER_TURN[name]):]
    instruction = INSTRUCTIONS[route][:40]
    assert last_turn.index(MEMORY_HEADER) < last_turn.index(instruction) < last_turn.index("My message: Where does")
    assert text.count(instruction) == 1 and "Ana moved to Lisbon" in last_turn


def test_prompts_count_the_control_tokens_as_single_tokens(family) -> None:
    name, backend, _, _, _ = family
    rendered = backend.render(CONVERSATION)
    base = backend.count_tokens(rendered.text)
    for special in FAMILIES[name][1]:
        assert backend.count_tokens(rendered.text + special) == base + 1, special  # one token, not spelled out
    assert FAMILIES[name][3] in rendered.stop  # the end of the turn stops the reply


def test_the_tiny_model_streams_no_control_token(family) -> None:
    _, backend, _, _, _ = family
    reply = "".join(backend.stream(backend.render(CONVERSATION), max_tokens=24, temperature=0.0))
    assert not any(token in reply for token in CONTROL_TOKENS)


def _today() -> str:
    import datetime as dt

    return dt.datetime.now().strftime("%d %b %Y")


def _has(*tokens: str):
    return lambda text: text in tokens


@pytest.mark.parametrize("arch, tokens, builtin", [
    ("gemma3", (), "gemma"), ("gemma2", (), "gemma"), ("phi3", (), "phi3"), ("qwen2", (), "chatml"),
    ("llama", ("<|eot_id|>",), "llama3"), ("llama", ("[INST]",), "mistral-v7"), ("llama", (), "llama2"),
])
def test_a_file_without_a_template_gets_llama_cpps_builtin_for_its_architecture(arch, tokens, builtin) -> None:
    names = ("chatml", "gemma", "llama2", "llama3", "mistral-v7", "phi3")
    choice = resolve({"general.architecture": arch, "general.name": "X Instruct"}, "x-instruct.gguf",
                     _has(*tokens), names)
    assert (choice.source, choice.builtin, choice.warnings) == (f"builtin:{builtin}", builtin, ())


def test_an_unknown_format_falls_back_to_chatml_with_a_warning_and_a_base_model_is_flagged() -> None:
    choice = resolve({"general.architecture": "mamba", "general.name": "Mamba 130m"}, "mamba-130m.gguf",
                     _has(), ("chatml",))
    assert choice.source == "chatml-fallback" and choice.template and len(choice.warnings) == 2
    assert BASE_MODEL_WARNING in choice.warnings and "doesn't know the chat format" in choice.warnings[1]
    assert "user\n" in choice.stops and "<|im_end|>" in choice.stops


def test_a_template_in_the_file_wins_even_for_a_known_architecture() -> None:
    choice = resolve({"general.architecture": "gemma3", "tokenizer.chat_template": "{{ x }}"}, "g.gguf", _has(),
                     ("gemma",))
    assert choice.source == "gguf" and choice.template == "{{ x }}"


def test_the_gguf_header_is_read_without_loading_the_model(tmp_path: Path) -> None:
    from app.core.llm.catalog import FOLDER, describe
    from app.core.llm.gguf_header import read_metadata

    def file_warnings(path: Path) -> tuple[str, ...]:
        return describe(path, FOLDER, 4096).warnings

    chat = write_tiny_gguf(tmp_path / "c.gguf", template="{{ x }}", specials=[], bos="<s>", eos="</s>")
    assert read_metadata(chat) == {"general.architecture": "llama", "general.name": "tiny-chat-instruct",
                                   "tokenizer.chat_template": "{{ x }}"}
    assert file_warnings(chat) == ()
    base = write_tiny_gguf(tmp_path / "b.gguf", template=None, specials=[], bos="<s>", eos="</s>", name="Tiny 1B")
    assert file_warnings(base) == (BASE_MODEL_WARNING,)
    (tmp_path / "x.gguf").write_bytes(b"GGUF" + b"\xff" * 40)
    assert read_metadata(tmp_path / "x.gguf") == {} and "could not be read" in file_warnings(tmp_path / "x.gguf")[0]
