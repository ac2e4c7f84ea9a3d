"""The llama.cpp backend: the only module that imports ``llama_cpp``.

Prompts are rendered with the GGUF's own chat template (Jinja, as
``chat_format=None`` would) and tokenized here, so the tokens we count are
exactly the tokens we send. llama-cpp-python keeps the previous prompt's KV
cache and re-evaluates only after the longest common prefix, so a stable
prompt head makes the next turn's first token come sooner.
"""

from __future__ import annotations

import ctypes
import functools
import importlib.util
import itertools
import json
import threading
import logging
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from app.core.llm import kv_slots
from app.core.llm.backend import ChatMessage, ModelInfo, Rendered
from app.core.llm.locate import check_gguf, physical_cores
from app.core.llm.names import display_name
from app.core.llm.templates import defang, resolve
from app.errors import KnownError

if TYPE_CHECKING:  # llama_cpp itself is imported only when a model is loaded
    from collections.abc import Generator

    from llama_cpp.llama_types import CreateCompletionResponse, CreateCompletionStreamResponse

log = logging.getLogger("hearth.llama_cpp")
PREFILL_STEP = 128  # tokens read between checks for a stop (≈ 0.75 s of a 1.5B model on 2 cores)
REPEAT_PENALTY = 1.1  # llama.cpp's own default; without it small models loop on one sentence


class LlamaBackend:
    def __init__(self, path: Path, *, n_ctx: int = 4096, n_threads: int | None = None, seed: int = 0,
                 template_hint: str | None = None, name: str | None = None) -> None:
        """``template_hint``: the chat format another app records for this file (catalog.py);
        ``name``: what the person calls the model, when that isn't the file's (an Ollama name)."""
        check_gguf(path)
        import llama_cpp  # heavy (~0.2 s + native libraries): only when a model is really loaded

        _route_llama_log(llama_cpp)
        load_cpu_backends()
        threads = n_threads or physical_cores()
        try:
            self._llm = llama_cpp.Llama(model_path=str(path), n_ctx=n_ctx, n_threads=threads,
                                        n_threads_batch=threads, seed=seed, verbose=False)
        except ValueError as exc:  # llama-cpp-python's word for "could not load this file"
            raise KnownError(f"llama.cpp could not load {path} ({exc})",
                             "the file may be truncated or of an unsupported architecture; try another GGUF") from exc
        self._llama_cpp = llama_cpp
        # One generation at a time: a llama.cpp context is not thread-safe, and the warm engine (or
        # the app serving commands) may be asked for two replies at once; the second waits.
        self._generating = threading.Lock()
        self._slots: dict[str, kv_slots.Saved] = {}  # side prompts' KV caches (stream_aside)
        meta = self._llm.metadata
        arch = meta.get("general.architecture", "")
        self._chat = resolve(meta, path.name, self._is_one_token, builtin_templates(llama_cpp), hint=template_hint)
        self.info = ModelInfo(
            name=name or display_name(meta.get("general.name"), path), path=str(path), n_ctx=self._llm.n_ctx(),
            n_ctx_train=int(meta.get(f"{arch}.context_length", self._llm.n_ctx())),
            has_chat_template=self._chat.source == "gguf",
            extra={"architecture": arch, "threads": threads, "template_source": self._chat.source},
            n_params=int(self._llm._model.n_params()), warnings=self._chat.warnings,
        )
        self._formatter = self._make_formatter(self._chat.template) if self._chat.template else None

    def close(self) -> None:
        """Free the model and its context (backend.close_backend says why it must be explicit)."""
        llm = self.__dict__.pop("_llm", None)
        if llm is not None:
            llm.close()

    def _is_one_token(self, text: str) -> bool:
        """``text`` is a special token of this vocabulary (one token, not pieces of text)."""
        return len(self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)) == 1

    def _make_formatter(self, template: str) -> Any:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        vocab = self._llm._model  # token texts for the template's bos/eos variables
        eos = vocab.token_get_text(self._llm.token_eos())
        bos = vocab.token_get_text(self._llm.token_bos())
        return Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos)

    # --- prompts ------------------------------------------------------------
    def render(self, messages: Sequence[ChatMessage], add_generation_prompt: bool = True) -> Rendered:
        # Messages and memories are text: nothing in them may become a control token (a new turn).
        messages = [ChatMessage(m.role, defang(m.content)) for m in messages]
        if self._formatter is None:  # llama.cpp's built-in template for the architecture
            text = apply_builtin(self._llama_cpp, self._chat.builtin or "chatml", messages, add_generation_prompt)
            return Rendered(text=text, stop=self._chat.stops)
        self._formatter.add_generation_prompt = add_generation_prompt
        try:
            result = self._formatter(messages=[{"role": m.role, "content": m.content} for m in messages])
        except ValueError:  # the template's raise_exception, e.g. Gemma's "System role not supported"
            result = self._formatter(messages=[{"role": m.role, "content": m.content}
                                               for m in fold_system(messages)])
        stop = result.stop if isinstance(result.stop, list) else [result.stop] if result.stop else []
        return Rendered(text=result.prompt, stop=tuple(dict.fromkeys([*(s for s in stop if s), *self._chat.stops])))

    def tokens(self, text: str) -> list[int]:
        tokens = self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)
        bos = self._llm.token_bos()
        if self._llm._model.add_bos_token() and bos >= 0 and (not tokens or tokens[0] != bos):
            tokens.insert(0, bos)
        return tokens

    def count_tokens(self, text: str) -> int:
        return len(self.tokens(text))

    # --- generation ---------------------------------------------------------
    def stream(self, prompt: Rendered, *, max_tokens: int, temperature: float,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        tokens = self._checked_tokens(prompt)
        with self._generating:
            yield from self._stream(tokens, prompt.stop, max_tokens, temperature, should_stop)

    def stream_aside(self, prompt: Rendered, *, slot: str, max_tokens: int, temperature: float,
                     should_stop: Callable[[], bool] = lambda: False) -> Iterator[str]:
        """As ``stream``, but in the KV cache kept for ``slot`` (a side prompt with a fixed head of its
        own, e.g. worked examples): the conversation's cache is put back afterwards, and the slot's is
        kept for the next side prompt, so neither reads its shared head again."""
        tokens = self._checked_tokens(prompt)
        with self._generating:
            conversation = kv_slots.save(self._llama_cpp, self._llm)
            kv_slots.restore(self._llama_cpp, self._llm, self._slots.get(slot, kv_slots.EMPTY))
            try:
                yield from self._stream(tokens, prompt.stop, max_tokens, temperature, should_stop)
            finally:
                self._slots[slot] = kv_slots.save(self._llama_cpp, self._llm)
                kv_slots.restore(self._llama_cpp, self._llm, conversation)

    def prefill(self, prompt: Rendered, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Read ``prompt`` into the KV cache now (only what the cache doesn't hold), generating nothing:
        a prompt that starts with it later reads only the rest. Read in steps of ``PREFILL_STEP``
        tokens, stopping between them when ``should_stop()`` (what was read stays cached)."""
        tokens = self.tokens(prompt.text)
        if len(tokens) >= self.info.n_ctx:
            return
        with self._generating:
            llm = self._llm
            held = next((n for n, (a, b) in enumerate(zip(llm.input_ids[:llm.n_tokens], tokens)) if a != b),
                        min(llm.n_tokens, len(tokens)))
            llm.n_tokens = held  # eval() drops the cells after it
            while held < len(tokens) and not should_stop():
                llm.eval(tokens[held:held + PREFILL_STEP])
                held = llm.n_tokens

    def _checked_tokens(self, prompt: Rendered) -> list[int]:
        tokens = self.tokens(prompt.text)
        if self.info.n_ctx - len(tokens) <= 0:
            raise KnownError(f"the prompt takes {len(tokens)} tokens, more than the model's context of "
                             f"{self.info.n_ctx}", "shorten the message or raise the context size")
        return tokens

    def _stream(self, tokens: list[int], stop: tuple[str, ...], max_tokens: int, temperature: float,
                should_stop: Callable[[], bool]) -> Iterator[str]:
        room = self.info.n_ctx - len(tokens)
        # llama_cpp types the result for both stream modes at once; with stream=True it is a generator.
        chunks = cast("Generator[CreateCompletionStreamResponse, None, None]", self._llm.create_completion(
            tokens, max_tokens=min(max_tokens, room), temperature=temperature, repeat_penalty=REPEAT_PENALTY,
            stop=list(stop), stream=True))
        try:
            for chunk in chunks:
                if should_stop():
                    break
                yield chunk["choices"][0]["text"]
        finally:
            chunks.close()  # there is no cancel(): closing the stream is how generation stops

    def complete_json(self, prompt: Rendered, schema: dict[str, Any], *, max_tokens: int) -> str:
        # Its own module: the package re-exports it at run time only, not to the type checker.
        from llama_cpp.llama_grammar import LlamaGrammar

        grammar = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
        tokens = self.tokens(prompt.text)
        room = self.info.n_ctx - len(tokens)
        if room <= 8:
            return ""
        # Side tasks (fact extraction, tool arguments) must not evict the conversation's KV cache:
        # keep it aside and put it back, so the next turn still reuses the common prompt prefix.
        with self._generating:
            return self._complete_keeping_cache(tokens, grammar, min(max_tokens, room), prompt.stop)

    def _complete_keeping_cache(self, tokens: list[int], grammar: Any, max_tokens: int, stop: tuple[str, ...]) -> str:
        kept = kv_slots.save(self._llama_cpp, self._llm)
        try:
            # llama_cpp types the result for both stream modes at once; without stream it is one response.
            result = cast("CreateCompletionResponse", self._llm.create_completion(
                tokens, max_tokens=max_tokens, temperature=0.0, grammar=grammar, stop=list(stop)))
        finally:
            kv_slots.restore(self._llama_cpp, self._llm, kept)
        return result["choices"][0]["text"]


def fold_system(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """For templates without a system role (Gemma's): the system text opens the first user turn."""
    if not messages or messages[0].role != "system":
        return list(messages)
    system, rest = messages[0].content, list(messages[1:])
    if rest and rest[0].role == "user":
        return [ChatMessage("user", f"{system}\n\n{rest[0].content}"), *rest[1:]]
    return [ChatMessage("user", system), *rest]


def builtin_templates(llama_cpp: Any) -> tuple[str, ...]:
    """The names of llama.cpp's built-in chat templates."""
    count = llama_cpp.llama_chat_builtin_templates(None, 0)
    names = (ctypes.c_char_p * count)()
    llama_cpp.llama_chat_builtin_templates(names, count)
    return tuple(n.decode() for n in names if n)


def apply_builtin(llama_cpp: Any, name: str, messages: Sequence[ChatMessage], add_generation_prompt: bool) -> str:
    """``messages`` in llama.cpp's built-in template ``name`` (as llama-server would send them)."""
    chat = (llama_cpp.llama_chat_message * len(messages))(
        *(llama_cpp.llama_chat_message(m.role.encode(), m.content.encode("utf-8")) for m in messages))
    size = sum(len(m.content.encode("utf-8")) for m in messages) * 2 + 256
    for _ in range(2):  # the first call says how much room it needs if the guess was short
        buf = ctypes.create_string_buffer(size)
        needed = llama_cpp.llama_chat_apply_template(name.encode(), chat, len(messages), add_generation_prompt,
                                                     buf, size)
        if needed < 0:
            raise KnownError(f"llama.cpp has no chat template called {name!r}", "pick another GGUF file")
        if needed <= size:
            return buf.raw[:needed].decode("utf-8", errors="replace")
        size = needed + 1
    raise AssertionError("llama_chat_apply_template kept asking for more room")


@functools.cache  # once per process: a loaded backend stays loaded
def load_cpu_backends() -> tuple[str, str]:
    """Load llama.cpp's CPU backend; returns (the file loaded, a description), both "built in"
    for a build with the CPU backend linked in.

    Release builds use ``GGML_BACKEND_DL`` + ``GGML_CPU_ALL_VARIANTS``: one ``libggml-cpu-<cpu>``
    per x86-64 level (x64, sse42, haswell, skylakex, zen4, ...), so one binary runs on any x86-64
    and uses AVX2/AVX-512 where present. llama-cpp-python 0.3.x doesn't load them
    (abetlen/llama-cpp-python#2069); we score each file against this CPU, as ggml's own
    ``ggml_backend_load_all`` would, and load the best.
    """
    lib = _ggml_lib()
    lib.ggml_backend_reg_count.restype = ctypes.c_size_t
    if lib.ggml_backend_reg_count() > 0:
        return "built in", "built in"
    variants = cpu_variant_files()
    if not variants:
        raise KnownError("llama.cpp's CPU backends are missing from this installation",
                         "reinstall Hearth (or llama-cpp-python)")
    best = _best_variant(variants)
    lib.ggml_backend_load.restype = ctypes.c_void_p
    lib.ggml_backend_load.argtypes = [ctypes.c_char_p]
    if best is None or not lib.ggml_backend_load(str(best).encode()):
        raise KnownError(f"none of llama.cpp's CPU backends in {variants[0].parent} runs on this processor",
                         "report your CPU model (see `hearth doctor`) to the Hearth developers")
    return str(best), f"dynamic: {best.name}, chosen from {len(variants)} CPU variants"


def _ggml_lib() -> Any:
    """ggml's functions, from the copy of ggml that libllama uses.

    On Linux and macOS through libllama's handle (dlsym also searches its dependencies): the wheel
    ships libggml.so and libggml.so.0 as two files, and llama_cpp._ggml loads the one libllama
    doesn't use — backends registered there were invisible to llama.cpp. Windows' GetProcAddress
    doesn't search dependencies, but there DLLs are shared by name, so _ggml's ggml.dll is the one.
    """
    from llama_cpp import _ggml
    from llama_cpp import llama_cpp as bindings

    return bindings._lib if hasattr(bindings._lib, "ggml_backend_load") else _ggml.libggml


def cpu_variant_files() -> list[Path]:
    """The per-CPU backend files: the wheel installs them to site-packages/bin, the frozen bundle
    keeps them beside libllama in llama_cpp/lib. Found without importing llama_cpp."""
    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or spec.origin is None:
        return []
    package = Path(spec.origin).resolve().parent
    for folder in (package / "lib", package.parent / "bin"):
        found = sorted(folder.glob("*ggml-cpu-*"))
        if found:
            return found
    return []


# AMX is skipped: on a VM advertising AMX (cpuinfo flags and all), the sapphirerapids variant
# died with SIGILL at its first `tileloadd`. Only Xeon servers have AMX; desktops lose nothing.
SKIPPED_VARIANTS = ("sapphirerapids",)


def is_skipped(path: Path) -> bool:
    return any(name in path.name for name in SKIPPED_VARIANTS)


def backend_score(path: Path) -> int:
    """A variant file's own ``ggml_backend_score()``: 0 when this CPU lacks an instruction it needs."""
    import llama_cpp.llama_cpp  # noqa: F401 - loads libggml-base, which every variant links against

    try:
        score_fn = ctypes.CDLL(str(path)).ggml_backend_score
    except (OSError, AttributeError):
        return 0
    score_fn.restype = ctypes.c_int
    score: int = score_fn()  # restype c_int: ctypes returns a Python int
    return score


def _best_variant(candidates: list[Path]) -> Path | None:
    """The highest-scoring variant that runs here (and isn't skipped), or None."""
    score, best = max(((backend_score(p), p) for p in candidates if not is_skipped(p)),
                      key=lambda scored: scored[0], default=(0, None))
    return best if score > 0 else None


def system_info() -> dict[str, Any]:
    """What the loaded llama.cpp build uses: the CPU backend file and its instruction-set features."""
    import llama_cpp

    _route_llama_log(llama_cpp)
    backend_file, backends = load_cpu_backends()
    lib = _ggml_lib()
    lib.ggml_backend_reg_by_name.restype = ctypes.c_void_p
    lib.ggml_backend_reg_by_name.argtypes = [ctypes.c_char_p]
    lib.ggml_backend_reg_get_proc_address.restype = ctypes.c_void_p
    lib.ggml_backend_reg_get_proc_address.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    reg = lib.ggml_backend_reg_by_name(b"CPU")
    address = lib.ggml_backend_reg_get_proc_address(reg, b"ggml_backend_get_features") if reg else None
    features: list[str] = []
    if address:
        get_features = ctypes.CFUNCTYPE(ctypes.POINTER(_Feature), ctypes.c_void_p)(address)
        table = get_features(reg)
        for i in itertools.count():
            if not table[i].name:
                break
            name, value = table[i].name.decode(), table[i].value.decode()
            features.append(name if value == "1" else f"{name}={value}")
    return {"cpu_features": features, "cpu_backends": backends, "cpu_backend_file": backend_file}


class _Feature(ctypes.Structure):  # ggml_backend_feature: {const char * name; const char * value;}
    _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_char_p)]


_LOG_HOOK: list[Any] = []  # the C callback must outlive every call into llama.cpp


def _log_line(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
    message = text.decode("utf-8", errors="replace").rstrip()
    if message:
        log.debug(message)


def _route_llama_log(llama_cpp: Any) -> None:
    """llama.cpp prints to stderr; send it to our logging instead (debug level)."""
    if _LOG_HOOK:
        return

    hook = llama_cpp.llama_log_callback(_log_line)
    _LOG_HOOK.append(hook)
    llama_cpp.llama_log_set(hook, ctypes.c_void_p(0))
