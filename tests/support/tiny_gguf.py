"""Tiny GGUF chat models written with the `gguf` package: a real file llama.cpp loads in
milliseconds (one layer, random weights), carrying the chat template and special tokens a test
needs. They answer gibberish; what they are for is loading, metadata and prompt rendering."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

N_EMBD, N_FF, N_HEAD = 16, 32, 2


def write_tiny_gguf(path: Path, *, template: str | None, specials: Sequence[str], bos: str, eos: str,
                    name: str = "tiny-chat-instruct", architecture: str = "llama") -> Path:
    """A one-layer llama-architecture GGUF whose vocabulary holds ``specials`` (control tokens), bytes
    and letters. ``architecture`` only changes the metadata name (for template resolution tests)."""
    import gguf

    tokens = ["<unk>", *dict.fromkeys([bos, eos, *specials])]
    types = [gguf.TokenType.UNKNOWN] + [gguf.TokenType.CONTROL] * (len(tokens) - 1)
    tokens += [f"<0x{b:02X}>" for b in range(256)]
    types += [gguf.TokenType.BYTE] * 256
    pieces = ["▁" + c for c in "abcdefghijklmnopqrstuvwxyz"] + list("abcdefghijklmnopqrstuvwxyz")
    tokens += pieces
    types += [gguf.TokenType.NORMAL] * len(pieces)
    writer = gguf.GGUFWriter(str(path), "llama")
    _hyperparameters(writer, name)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([0.0] * (len(tokens) - len(pieces)) + [-float(i) for i in range(len(pieces))])
    writer.add_token_types(types)
    writer.add_bos_token_id(tokens.index(bos))
    writer.add_eos_token_id(tokens.index(eos))
    if template is not None:
        writer.add_chat_template(template)
    if architecture != "llama":  # what Hearth reads to pick a built-in template
        writer.add_string("general.architecture.hearth_test", architecture)
    _tensors(writer, len(tokens))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def _hyperparameters(writer, name: str) -> None:
    writer.add_name(name)
    writer.add_context_length(256)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(1)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)


def _tensors(writer, n_vocab: int) -> None:
    rng = np.random.default_rng(0)

    def weights(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.02).astype(np.float32)

    writer.add_tensor("token_embd.weight", weights(n_vocab, N_EMBD))
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    writer.add_tensor("output.weight", weights(n_vocab, N_EMBD))
    writer.add_tensor("blk.0.attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    for part in ("q", "k", "v", "output"):
        writer.add_tensor(f"blk.0.attn_{part}.weight", weights(N_EMBD, N_EMBD))
    writer.add_tensor("blk.0.ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    writer.add_tensor("blk.0.ffn_gate.weight", weights(N_FF, N_EMBD))
    writer.add_tensor("blk.0.ffn_up.weight", weights(N_FF, N_EMBD))
    writer.add_tensor("blk.0.ffn_down.weight", weights(N_EMBD, N_FF))
