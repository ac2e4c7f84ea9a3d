"""llama.cpp's KV cache kept aside and put back: one context, several prompt prefixes.

llama-cpp-python reuses the KV cache of the longest prefix the new prompt shares with the last one.
Hearth's conversation prompt and its side prompts (the fact-extraction question, the proposal's worked
examples) share little, so each would make the other read its prefix again. A ``Saved`` holds one
prefix's KV cells (sequence 0 only) and its tokens; putting it back costs a memory copy (≈ 30 ms for
2,000 tokens of a 1.5B model), not a re-read (≈ 12 s). ``Llama.save_state`` would do the same but
also copies the logits of a whole batch (300 MB for a 150k vocabulary) each time.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

SEQ = 0  # llama-cpp-python's high-level API decodes every prompt into sequence 0


@dataclass(frozen=True)
class Saved:
    cells: Any  # ctypes uint8 array: llama_state_seq_get_data's bytes
    size: int
    tokens: Any  # numpy array of the token ids those cells hold


EMPTY = Saved(cells=None, size=0, tokens=())


def save(lib: Any, llm: Any) -> Saved:
    """Sequence 0's KV cells and tokens, copied out (``lib`` is the ``llama_cpp`` module)."""
    n = int(llm.n_tokens)
    if n == 0:
        return EMPTY
    ctx = llm._ctx.ctx
    size = int(lib.llama_state_seq_get_size(ctx, SEQ))
    cells = (ctypes.c_uint8 * size)()
    written = int(lib.llama_state_seq_get_data(ctx, cells, size, SEQ))
    if written == 0:
        return EMPTY  # nothing could be copied: the next prompt is read from the start, as without a slot
    return Saved(cells=cells, size=written, tokens=llm.input_ids[:n].copy())


def restore(lib: Any, llm: Any, saved: Saved) -> None:
    """Put ``saved`` back as sequence 0 (an empty or unreadable one leaves an empty cache)."""
    llm._ctx.kv_cache_seq_rm(-1, 0, -1)
    llm.n_tokens = 0
    llm._requires_eval = True  # the logits are not of the last token: generate() decodes one again
    if saved.size == 0 or not lib.llama_state_seq_set_data(llm._ctx.ctx, saved.cells, saved.size, SEQ):
        return
    n = len(saved.tokens)
    llm.input_ids[:n] = saved.tokens
    llm.n_tokens = n
