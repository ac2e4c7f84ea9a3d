"""One turn of conversation: recall → prompt → stream → save, as events.

The whole turn, step by step: docs/ARCHITECTURE.md, "One chat turn".

``Agent.run_turn`` is a generator of ``AgentEvent``s (``TextDelta`` while the reply streams,
``ToolCall`` for each tool step, then ``TurnDone``). Nothing is written until the reply is finished
or stopped; then the user message, the reply with its receipt, the episode, extracted facts, tool
writes and any consolidation land in ONE transaction: after a crash the file holds whole turns or
none. A stopped reply is saved, marked interrupted.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import replace

import numpy as np

from app.core.agent import answer, cited, passages, proposal, record, voice
from app.core.agent import prompt as prompting
from app.core.agent.turn import Turn
from app.core.agent.claims import ClaimFilter
from app.core.agent.answer import Choice
from app.core.agent.focus import pick
from app.core.agent.guard import ReplyGuard, leak_sentences
from app.core.agent.route import COMMANDS, open_question, route
from app.core.agent.theirs import asks_of_theirs, asks_what_was_said
from app.core.agent.tool_step import tool_steps
from app.core.agent.tools import ToolBox
from app.core.llm.backend import LLMBackend, ReplyCut
from app.core.memory.data import ProfileData
from app.core.memory.recall import RecallParams
from app.core.settings import Settings
from app.core.types import Message, Recall
from app.core.turn_events import AgentEvent, AnswerStats, TextDelta, ToolCall, ToolUse, TurnDone, TurnStats
from app.errors import KnownError

MAX_MESSAGE_CHARS = 32_000
TITLE_CHARS = 60
NO_ANSWER = "I don't have a good answer to that — could you ask it another way?"


class Agent:
    def __init__(self, data: ProfileData, backend: LLMBackend, settings: Settings,
                 clock: Callable[[], float] = time.time) -> None:
        self.data = data  # the profile's one door to SQL (memory/data.py)
        self.bank = data.memories
        self.conversations = data.conversations
        self.notes = data.notes
        self.backend = backend
        self.settings = settings
        self.clock = clock

    def prepare(self) -> None:
        """Load the embedding model now (seconds), so a turn's timings measure the turn."""
        load = getattr(self.bank.embedder, "load", None)
        if load:
            load()

    @property
    def recall_params(self) -> RecallParams:
        return RecallParams(top_k=self.settings.top_k, threshold=self.settings.threshold)

    def run_turn(self, text: str, *, conversation_id: int | None = None, new: bool = False,
                 cancel: threading.Event | None = None, private: bool = False) -> Iterator[AgentEvent]:
        """One turn. ``private`` makes a new conversation private (an existing one keeps its own flag)."""
        return self._run(self._begin(text, conversation_id, new, private), cancel)

    def regenerate(self, conversation_id: int, cancel: threading.Event | None = None) -> Iterator[AgentEvent]:
        """Answer the conversation's last message again. The old exchange (its two messages and what
        was remembered from them) goes in the same transaction that saves the new one: if the new
        reply fails, nothing is lost."""
        user, reply = self._last_exchange(conversation_id)
        turn = self._begin(user.content, conversation_id, False, False, replacing=(user, reply))
        return self._run(turn, cancel)

    def _run(self, turn: Turn, cancel: threading.Event | None) -> Iterator[AgentEvent]:
        started = time.perf_counter()
        vector = self.bank.embed([turn.text])[0]
        turn.recalled = self._recall(turn, vector)
        # Names the user has used: People & things', and those in what was recalled. "How old is Mango?"
        # is about the user's life when Mango is someone they told about.
        turn.names = self.known_names(turn.recalled, turn.text)
        turn.routed = route(turn.text, turn.names, follows_request=self._follows_request(turn))
        turn.passages = passages.recall(self, turn, vector)
        turn.timings["recall_ms"] = (time.perf_counter() - started) * 1000
        for result in tool_steps(turn, self.backend, ToolBox(self.bank, self.recall_params, self.clock,
                                                             already=[r.memory.id for r in turn.recalled]),
                                  searches=self.answer_style() == "free"):
            yield ToolCall(result.name, result.arguments, result.text, result.ok)
        turn.timings["tools_ms"] = (time.perf_counter() - started) * 1000 - turn.timings["recall_ms"]
        cancel = cancel or threading.Event()
        spoken, model_goes_on = self._spoken(turn, vector, cancel)
        turn.prefix = spoken
        assembled = self._assemble(turn, turn.window)
        turn.timings["assembly_ms"] = ((time.perf_counter() - started) * 1000 - turn.timings["recall_ms"]
                                       - turn.timings["tools_ms"])
        try:
            if turn.prefix:
                yield TextDelta(turn.prefix)
            if turn.prefix and not model_goes_on:
                turn.reply = turn.prefix  # Hearth's own words are the whole reply (voice.py)
                # the same timings as a streamed reply (`hearth chat --json` promises them): no tokens
                turn.timings.update(ttft_ms=(time.perf_counter() - started) * 1000, tokens_per_s=0.0)
            elif (yield from self._stream(turn, assembled, cancel)):
                # It was copying an earlier reply of this conversation: again, with nothing to copy from,
                # then (if it still does: a stock phrase) once more, less greedily.
                turn.regenerated = True
                assembled = self._assemble(turn, [])
                if (yield from self._stream(turn, assembled, cancel)):
                    yield from self._stream(turn, assembled, cancel, check_repeats=False, temperature=0.8)
            if not turn.reply.strip() and not turn.interrupted:  # the guards dropped every sentence: of
                turn.reply = voice.not_told(self.question(turn)) if open_question(turn.text) else NO_ANSWER  # a question,
                yield TextDelta(turn.reply)  # a claim about the user's life; never "ask it another way"
        except GeneratorExit:  # the consumer went away mid-reply (window closed): keep what was said
            record.save(self, turn, assembled)
            raise
        message_id = record.save(self, turn, assembled)
        assert turn.conversation_id is not None, "save() creates the conversation of a new chat"
        yield TurnDone(conversation_id=turn.conversation_id, message_id=message_id, reply=turn.reply,
                       recalled=assembled.memories, interrupted=turn.interrupted,
                       stats=self._stats(turn, assembled), user_message_id=turn.user_message_id,
                       written=tuple(turn.written), private=turn.private, replaced=turn.replacing,
                       notes=record.notes_change(turn), cited=tuple(turn.cited), written_by=turn.written_by,
                       fault=turn.fault)

    def _recall(self, turn: Turn, vector: np.ndarray) -> list[Recall]:
        """Recall for the message, never returning what the turn being regenerated wrote."""
        params = self.recall_params
        if turn.exclude:
            params = replace(params, top_k=min(1000, params.top_k + len(turn.exclude)))
        found = [r for r in self.bank.recall_vector(turn.text, vector, params) if r.memory.id not in turn.exclude]
        unpinned = [r for r in found if not r.memory.pinned][: self.recall_params.top_k]
        return [r for r in found if r.memory.pinned or r in unpinned]

    def _assemble(self, turn: Turn, window: list[prompting.Turn]) -> prompting.Assembled:
        return prompting.assemble(
            self.backend, system=self.settings.system_prompt, window=self.model_window(window, turn.names), user=turn.text,
            memories=turn.recalled, max_reply_tokens=self.settings.max_reply_tokens,
            notes=[t.text for t in turn.tools] + self._instruction(turn),
            prefix=f"{turn.prefix} " if turn.prefix and turn.prefix_in_prompt else "",
            working_notes=turn.working_notes)

    def _spoken(self, turn: Turn, vector: np.ndarray, cancel: threading.Event) -> tuple[str, bool]:
        """(Hearth's own words for this turn, whether the model goes on after them). The model writes
        requests (and the request of a mixed message); Hearth acknowledges, greets, thanks and confirms
        (voice.py). A question about the user is answered by a quote under ``quote``, and by the
        model's proposal, verified (verify.py), under ``free``."""
        kind = turn.routed.route
        if kind in COMMANDS or (kind == "request" and any(t.name == "now" for t in turn.tools)):
            return voice.confirm(turn.tools, turn.working_notes), False
        if turn.passages and (kind == "request" or cited.about_documents(turn)):
            from_documents = cited.answer(self, turn, cancel)  # "what's the notice period in my lease?"
            if from_documents or cited.about_documents(turn) or cited.asks_of_them(turn):
                return from_documents or cited.NOT_FOUND, False
        theirs = self.answer_style() == "free" and asks_of_theirs(self, turn)
        if self.answer_style() == "free" and (kind == "ask_user" or theirs or asks_what_was_said(turn)):
            said = proposal.answer_about_user(self, turn, vector, cancel, or_nothing=kind != "ask_user" and not theirs)
            if said and turn.completion_tokens:  # the model proposed it (Hearth verified it): it says where
                turn.written_by = written_by(self.backend)
            if said:
                return cited.or_memory(self, turn, cancel, said), False
        if kind == "ask_user":
            quoted = self._quote(turn, vector)
            if not quoted:
                return cited.or_memory(self, turn, cancel, voice.not_told(" ".join(turn.routed.asked) or turn.text)), False
            return quoted, self.answer_style() == "quote+model"
        if kind == "ask_conversation":
            said = voice.about_conversation(turn.text, [(t.user, t.assistant) for t in self._turns_of(turn)])
            return (said, False) if said else ("", True)
        if kind in ("greeting", "thanks"):
            answer_to = voice.greet if kind == "greeting" else voice.thank
            return answer_to(turn.text, self._user_name(turn)), False
        if kind in ("statement", "mixed"):
            turn.prefix_in_prompt = False
            ack = voice.acknowledge(turn.text, self._kept(turn), self._user_name(turn), turn.names)
            return ack, kind == "mixed"
        return "", True

    def known_names(self, recalled: list[Recall], text: str = "") -> list[str]:
        """The names the user has used: People & things', the capitalised words of ``recalled``, and the
        names inside ``text`` that a memory writes so: "what does Kev do for work" after "flatshare w/
        Kev", which recall didn't bring (a general answer invented his job; dev split #G)."""
        texts = [r.memory.text for r in recalled]
        # not a word also written in lower case, unless capitalised inside a sentence: "Café moves to Sundays"
        # beside "Repair café", "Vet wants 2 kilos off him" for "what's the vet's name" (#M, obinna)
        inside = {n for t in texts for n in voice.names_in(t)}
        lower = {w for t in [*texts, text] for w in re.findall(r"\b[a-zß-ÿ]+\b", t)} - {n.casefold() for n in inside}
        names = [*self.bank.entity_names(), *(n for t in texts for n in voice.capitalised(t) if n.casefold() not in lower)]
        rows = self.data.memory_rows
        return names + [n for n in voice.names_in(text) if n not in names and any(
            (m := rows.get(i)) is not None and re.search(rf"\b{n}\b", m.text) for i, _ in rows.keyword_search(n, 3))]

    def _follows_request(self, turn: Turn) -> bool:
        return bool(turn.window) and route(turn.window[-1].user, turn.names).route in ("request", "mixed")

    def model_window(self, window: list[prompting.Turn], names: Sequence[str] = ()) -> list[prompting.Turn]:
        """The turns a model sees (decision 0029): shown Hearth's acknowledgements, a model copies them
        ("Got it — I'll remember that can u give me 3 cheap meals…"). Under ``quote``, only requests'
        exchanges; a larger model's, the user's words without Hearth's replies; a small model made to
        speak freely, all (back-to-back user turns made it repeat itself)."""
        if self.answer_style() != "free":
            return [t for t in window if route(t.user, names).route == "request"]
        return window if answer.is_small(self.n_params()) else \
            [prompting.as_model_wrote(t, route(t.user).route) for t in window]

    def _quote(self, turn: Turn, vector: np.ndarray) -> str:
        """The user's sentence that answers their question (focus.py), quoted; "" if none does."""
        choice = self.choose(turn, vector)
        return answer.quote(choice) if choice is not None else ""

    def choose(self, turn: Turn, vector: np.ndarray, found: list[Choice] | None = None) -> Choice | None:
        """The user's sentence that holds the question's focus (focus.py) among ``found`` (by default
        the turn's candidates), or None."""
        found = self.candidates(turn, vector) if found is None else found
        when = {r.memory.id: r.memory.created_at for r in turn.recalled}
        choice = pick(self.question(turn), found, when, turn.names, people=self.bank.names_with_relation,
                      similar=self.similar) if found else None
        if choice is not None:
            turn.quoted = choice.memory_id  # 0: a sentence of the working notes, -1: of this conversation
        return choice

    def candidates(self, turn: Turn, vector: np.ndarray) -> list[Choice]:
        """The user's sentences that could answer: recalled memories, working notes, this conversation."""
        said_here = [t.user for t in turn.window]
        if not (turn.recalled or turn.working_notes.strip() or said_here):
            return []
        return answer.candidates(turn.recalled, vector, self.bank.embed, turn.working_notes, said_here)

    def question(self, turn: Turn) -> str:
        return " ".join(turn.routed.asked) or turn.text

    def similar(self, first: Sequence[str], second: Sequence[str]) -> np.ndarray:
        vectors = self.bank.embed([*first, *second])
        similar: np.ndarray = vectors[:len(first)] @ vectors[len(first):].T  # numpy types @ as Any
        return similar

    def _user_name(self, turn: Turn) -> str:
        """The name the user gave themselves: in this message, this conversation, or memory."""
        said = [turn.text, *(t.user for t in turn.window)]
        found = [r.memory.text for r in self.bank.search("my name is", replace(self.recall_params, top_k=5))]
        return next((n for n in map(voice.introduced_name, [*said, *found]) if n), "")

    def _kept(self, turn: Turn) -> list[voice.Kept]:
        """What this statement leaves in long-term memory, for the acknowledgement."""
        if turn.private or not turn.routed.keep:
            return [voice.Kept("", voice.PRIVATE if turn.private else voice.UNKEPT)]
        writes = record.plan_writes(self, turn)
        facts = [voice.Kept(p.text, "known" if p.merge_into is not None else
                            "updates" if p.supersedes is not None else "new") for p in writes.plans]
        return facts or [voice.Kept(m.text, "new") for m in writes.memories if m.kind == "episode"]

    def _turns_of(self, turn: Turn) -> list[prompting.Turn]:
        return self.turns(turn.conversation_id) if turn.conversation_id is not None else []

    def _instruction(self, turn: Turn) -> list[str]:
        """For a model that writes the reply itself: what this kind of message asks of it."""
        if self.answer_style() != "free":
            return []
        return [prompting.INSTRUCTIONS.get(turn.routed.route, prompting.INSTRUCTIONS["request"])]

    def answer_style(self) -> str:
        return answer.resolve_style(self.settings.answer_style, self.n_params())

    def n_params(self) -> int:
        return self.backend.info.n_params

    def _last_exchange(self, conversation_id: int) -> tuple[Message, Message]:
        messages = self.conversations.messages(conversation_id)
        if len(messages) < 2 or messages[-1].role != "assistant" or messages[-2].role != "user":
            raise KnownError("there is no reply to regenerate in this conversation", "send a message first")
        return messages[-2], messages[-1]

    # --- steps ----------------------------------------------------------------
    def _begin(self, text: str, conversation_id: int | None, new: bool, private: bool,
               replacing: tuple[Message, Message] | None = None) -> Turn:
        if "\x00" in text or not text.strip():
            raise KnownError("the message is empty" if "\x00" not in text else "the message contains NUL bytes",
                             "type a message")
        if len(text) > MAX_MESSAGE_CHARS:
            raise KnownError(f"the message is {len(text):,} characters; at most {MAX_MESSAGE_CHARS:,} fit",
                             "shorten it")
        conversation = None
        if conversation_id is not None:
            conversation = self.conversations.get(conversation_id)
            if conversation is None:
                raise KnownError(f"there is no conversation {conversation_id}",
                                 "`hearth conversations` lists them; --new starts one")
        elif not new:
            conversation = self.conversations.latest()
        text = text.strip()
        if conversation is None:
            return Turn(text, None, " ".join(text.split())[:TITLE_CHARS], window=[], private=private)
        turns = self.turns(conversation.id)
        turn = Turn(text, conversation.id, conversation.title, window=[],
                     earlier_replies=[t.assistant for t in turns], private=conversation.private,
                     working_notes=self.notes.get(conversation.id).text)
        if replacing:  # the old exchange is not part of the conversation any more (but its reply
            turns = turns[:-1]  # stays an "earlier reply": the guard won't let the model repeat it)
            turn.replacing = tuple(m.id for m in replacing)
            made = self.data.memory_rows.get_many(self.data.memory_rows.ids_from_messages(list(turn.replacing)))
            # What the turn wrote goes with it; a note the user kept with "remember this" stays.
            turn.exclude = frozenset(i for i, m in made.items() if m.kind != "note")
        turn.window = prompting.window_of(turns, self.settings.window_turns)
        return turn

    def turns(self, conversation_id: int) -> list[prompting.Turn]:
        """The conversation's complete user→assistant pairs, oldest first."""
        turns: list[prompting.Turn] = []
        pending_user: str | None = None
        for message in self.conversations.messages(conversation_id):
            if message.role == "user":
                pending_user = message.content
            elif message.role == "assistant" and pending_user is not None:
                notes = tuple(prompting.memory_line(line.text) for line in message.receipt.memories)
                turns.append(prompting.Turn(pending_user, message.content, notes))
                pending_user = None
        return turns

    def _stream(self, turn: Turn, assembled: prompting.Assembled, cancel: threading.Event, *,
                check_repeats: bool = True, temperature: float | None = None) -> Generator[TextDelta, None, bool]:
        """Stream the reply through the guard (guard.py); returns True if it was repeating an
        earlier reply of the conversation (then nothing of it was shown, and the caller regenerates)."""
        earlier = [answer.unquoted(r) for r in turn.earlier_replies] if check_repeats else []
        guard = ReplyGuard(earlier, leak_sentences(self.settings.system_prompt, *prompting.OWN_WORDS))
        claims = ClaimFilter(self._known(turn))
        # after an acknowledgement, the model's answer starts a new paragraph
        lead = "\n\n" if turn.prefix and not turn.prefix_in_prompt else ""

        def shown_as(text: str) -> TextDelta:
            opening = claims.shown.strip() == text.strip()  # the first text of the model's that is shown
            return TextDelta(lead + text.lstrip() if opening else text)

        started, first = time.perf_counter(), None
        count = 0
        try:
            for piece in self.backend.stream(assembled.rendered, max_tokens=assembled.reply_tokens,
                                             temperature=self.settings.temperature if temperature is None
                                             else temperature, should_stop=cancel.is_set):
                first, count = first or time.perf_counter(), count + 1
                shown = claims.feed(guard.feed(piece))
                if guard.repeated:
                    return True
                if shown:
                    yield shown_as(shown)
            tail = guard.finish()
            if guard.repeated:
                return True
            if shown := claims.feed(tail) + claims.finish():
                yield shown_as(shown)
        except GeneratorExit:
            cancel.set()
            raise
        except KeyboardInterrupt:  # Ctrl+C in the CLI stops the reply, not the program
            cancel.set()
        except ReplyCut as cut:  # a served model's server went away mid-reply: what arrived is the reply,
            cancel.set()        # the part the filters held back too (a Stop drops it: the person saw enough)
            turn.fault = str(cut)
            if not guard.repeated and (shown := claims.feed(guard.finish()) + claims.finish()):
                yield shown_as(shown)
        finally:
            if count:
                turn.written_by = written_by(self.backend)
            turn.reply = _after(turn.prefix, claims.shown.strip(), turn.prefix_in_prompt)  # only what was seen
            turn.claims_dropped = claims.dropped
            turn.interrupted = cancel.is_set()
            turn.completion_tokens, turn.leaks_dropped = count, guard.leaked
            end = time.perf_counter()
            turn.timings["ttft_ms"] = ((first or end) - started) * 1000
            turn.timings["tokens_per_s"] = (count - 1) / (end - first) if first and end > first else 0.0
        return False

    def _known(self, turn: Turn) -> str:
        """The user's own words this turn may say back: the message, the window, what was recalled."""
        return "\n".join([turn.text, turn.working_notes, *(t.user for t in turn.window), *(r.memory.text for r in turn.recalled)])

    def _stats(self, turn: Turn, assembled: prompting.Assembled) -> TurnStats:
        return TurnStats(
            prompt_tokens=assembled.prompt_tokens, completion_tokens=turn.completion_tokens,
            n_ctx=self.backend.info.n_ctx, window_turns=len(assembled.window), context=assembled.breakdown or {},
            notes_chars=len(turn.working_notes), notes_in_prompt=assembled.notes_in_prompt,
            timings={k: round(v, 2) for k, v in turn.timings.items()},
            tools=tuple(ToolUse(t.name, t.arguments, t.ok, t.text) for t in turn.tools),
            answer=AnswerStats(turn.routed.route, turn.quoted, turn.regenerated, turn.leaks_dropped,
                               tuple(turn.claims_dropped)))


def written_by(backend: LLMBackend) -> str:
    """Where the model in use writes: "llama3.1:8b on desktop.local", "SmolLM2 on this computer"."""
    return str(backend.info.extra.get("written_by") or f"{backend.info.name} on this computer")


def _after(prefix: str, model_text: str, continues: bool) -> str:
    """The whole reply: Hearth's own words, then the model's (a new paragraph after an acknowledgement)."""
    if not prefix or not model_text:
        return prefix or model_text
    return f"{prefix} {model_text}" if continues else f"{prefix}\n\n{model_text}"
