"""Which chat format a GGUF file speaks, decided from its metadata.

Order: the file's own ``tokenizer.chat_template``; else llama.cpp's
built-in template for the architecture (gemma, llama3, phi3, chatml, …); ChatML
only as the last resort. A file without a template is not a ChatML model: the
Gemma 3 270M GGUF rendered as ChatML never stopped and printed ``<|im_end|>``.
Files that look like base models, or whose format Hearth can't know, carry a
warning in words a user understands (model picker, ``hearth doctor``).

Pure: no llama_cpp here, so it is tested on metadata alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

# Every chat control token of the formats Hearth supports: a reply is cut at any of them, so none
# is ever shown (llama.cpp also stops at the model's own end-of-generation tokens).
CONTROL_TOKENS = ("<|im_end|>", "<|im_start|>", "<end_of_turn>", "<start_of_turn>", "<|eot_id|>",
                  "<|start_header_id|>", "<|end_header_id|>", "<|end|>", "<|user|>", "<|assistant|>",
                  "<|system|>", "<|endoftext|>", "</s>", "[INST]", "[/INST]")
# Text that looks like a control token (any of the above, <|…|> in general, <s>, <bos>, <<SYS>>) in a
# message or a memory would be tokenized as the real token (prompts are tokenized with special=True
# so the template's own tokens count as one), letting stored text open a system turn. A word joiner
# (U+2060, invisible) after its first character keeps it text.
_CONTROL_TEXT = re.compile("|".join([re.escape(t) for t in CONTROL_TOKENS]
                                    + [r"<\|[A-Za-z0-9_]{1,40}\|>", r"</?s>", r"<bos>", r"<eos>", r"<</?SYS>>",
                                       r"\[/?(?:INST|SYSTEM_PROMPT|TOOL_CALLS|AVAILABLE_TOOLS|TOOL_RESULTS)\]"]))
WORD_JOINER = "\u2060"


def defang(text: str) -> str:
    """``text`` with everything that would tokenize as a chat control token made plain text."""
    return _CONTROL_TEXT.sub(lambda m: m.group(0)[0] + WORD_JOINER + m.group(0)[1:], text)


BUILTIN_STOPS = {"gemma": ("<end_of_turn>",), "llama3": ("<|eot_id|>",), "phi3": ("<|end|>",),
                 "chatml": ("<|im_end|>",), "llama2": ("</s>",), "mistral-v7": ("</s>",)}
CHATML = ("{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
          "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")
_INSTRUCT = re.compile(r"instruct|chat|\bit\b|-it\b|_it\b|sft|dpo|rlhf|assistant|hermes|orca|zephyr", re.I)
BASE_MODEL_WARNING = ("This file has no chat template and its name doesn't say it was trained to chat: it looks "
                      "like a base model, which continues text instead of answering. Pick an “instruct” or "
                      "“chat” GGUF for conversations.")
UNKNOWN_FORMAT_WARNING = ("This file has no chat template and Hearth doesn't know the chat format of its "
                          "architecture ({arch}); it is used with a generic format (ChatML) and may answer badly "
                          "or not stop. Pick a GGUF whose model card mentions a chat template.")


@dataclass(frozen=True)
class TemplateChoice:
    source: str  # "gguf" | "builtin:<name>" | "ollama:<name>" | "chatml-fallback"
    template: str | None = None  # Jinja text (from the file, or ChatML)
    builtin: str | None = None  # llama.cpp's template name
    warnings: tuple[str, ...] = ()

    @property
    def stops(self) -> tuple[str, ...]:
        # A base model doesn't emit the end-of-turn token it never learned: the Gemma 3 270M base file
        # writes a stray word and "user\n" where the next turn would begin, or goes on to invent more
        # prompts after a blank line. Its reply ends at either (it is flagged: pick an instruct model).
        base = ("user\n", "\n\n") if BASE_MODEL_WARNING in self.warnings else ()
        return BUILTIN_STOPS.get(self.builtin or "", ()) + CONTROL_TOKENS + base


def builtin_for(architecture: str, has_token: Callable[[str], bool]) -> str | None:
    """llama.cpp's built-in template name for a file of this architecture, if there is one."""
    arch = architecture.casefold()
    if arch.startswith("gemma"):
        return "gemma"
    if arch.startswith("phi3"):
        return "phi3"
    if arch.startswith("qwen"):
        return "chatml"
    if arch == "llama":
        if has_token("<|eot_id|>"):
            return "llama3"
        return "mistral-v7" if has_token("[INST]") else "llama2"
    return None


def looks_like_base(metadata: Mapping[str, str], file_name: str) -> bool:
    """No template and no word of instruction tuning in the name, file name or fine-tune fields."""
    names = " ".join([file_name, *(metadata.get(k, "") for k in ("general.name", "general.finetune",
                                                                  "general.basename", "general.tags"))])
    return not _INSTRUCT.search(names)


def resolve(metadata: Mapping[str, str], file_name: str, has_token: Callable[[str], bool],
            builtins: tuple[str, ...], hint: str | None = None) -> TemplateChoice:
    """The chat format to use for a file with this metadata; ``builtins`` are llama.cpp's names.
    ``hint``: the format another app's own record of the model names (Ollama's template layer), used
    when the file has no template of its own — that app chats with it, so it is no base model."""
    template = metadata.get("tokenizer.chat_template")
    if template:
        return TemplateChoice("gguf", template=template)
    if hint and hint in builtins:
        return TemplateChoice(f"ollama:{hint}", builtin=hint)
    warnings = (BASE_MODEL_WARNING,) if looks_like_base(metadata, file_name) else ()
    arch = metadata.get("general.architecture", "")
    name = builtin_for(arch, has_token)
    if name and name in builtins:
        return TemplateChoice(f"builtin:{name}", builtin=name, warnings=warnings)
    return TemplateChoice("chatml-fallback", template=CHATML, builtin="chatml",
                          warnings=warnings + (UNKNOWN_FORMAT_WARNING.format(arch=arch or "unknown"),))
