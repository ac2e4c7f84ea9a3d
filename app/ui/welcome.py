"""The first-start page: what Hearth is, where the data lives, how it is protected, how to pick
another model. Shown while the profile has no conversation; gone with the first message."""

from __future__ import annotations

import html

from app.services.types import ProfileInfo
from app.services.model_types import ModelStatus


def welcome_html(info: ProfileInfo, model: ModelStatus | None = None) -> str:
    where = html.escape(info.path)
    return f"""
<h2>Welcome to Hearth</h2>
<p>Hearth is an assistant that runs entirely on this computer and <b>remembers what you tell it</b>,
across conversations. Nothing you write leaves this machine: no account, no cloud, no network.</p>
<h3>Try it</h3>
<ol>
<li>Tell it something about you: <i>“My sister Ana lives in Lisbon.”</i></li>
<li>Start a new conversation (Ctrl+N) and ask: <i>“Where does my sister live?”</i></li>
</ol>
<p>Under each of your messages you see what Hearth stored from it (edit or forget it right there);
under each reply, what it recalled. <b>Memories…</b> (Ctrl+M) shows everything it remembers.
Tick <b>Don't remember this conversation</b> and nothing from it is stored.</p>
<p>Coming from another app? <b>File → Import conversations…</b> (Ctrl+I) brings your chat history
from ChatGPT, Claude, Jan, LM Studio or Open WebUI, and Hearth remembers what was said there.</p>
<h3>Your data</h3>
<p>Profile <b>{html.escape(info.name)}</b> is one file: <code>{where}</code><br>
{_protection(info)}</p>
<h3>The model</h3>
<p>{_model(model)} Whatever the model, what Hearth says about you comes from what you told it — or it
says you haven't told it yet. <b>File → Models…</b> (Ctrl+Shift+M) lists the GGUF
models you already have — Ollama's, LM Studio's, GPT4All's, Jan's, the Hugging Face cache — with the
memory each needs and, after <i>Test speed</i>, how fast it answers here; <i>Use</i> switches at once.</p>
"""


def _model(model: ModelStatus | None) -> str:
    if model is None:
        return "The model is loading (a few seconds); a message sent meanwhile waits for it."
    name = html.escape(model.name.removesuffix(" (bundled)"))
    why = f" — {html.escape(model.why)}" if model.why else ""
    return f"Replies are written by <b>{name}</b>, on this computer{why}."


def _protection(info: ProfileInfo) -> str:
    if not info.encrypted:
        return "It is <b>not encrypted</b> (you chose so when it was created)."
    if "passphrase" in info.key_where.lower():
        return ("It is <b>encrypted</b> with your passphrase. Keep it safe: without it the data "
                "cannot be opened by anyone, you included.")
    return f"It is <b>encrypted</b>; the key is kept in your system keychain ({html.escape(info.key_where)})."
