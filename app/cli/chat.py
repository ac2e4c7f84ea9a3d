"""`hearth chat`, `hearth conversations`, `hearth settings`: the model-facing commands.

Replies stream to stdout as they are generated. Ctrl+C while a reply streams
stops that reply (it is saved, marked interrupted); a second Ctrl+C quits.
"""

from __future__ import annotations

import argparse
import json
import threading
from typing import Any, TextIO

from app.bootstrap import Options, chosen_model, load_settings, make_data, open_profile
from app.cli.call import Call
from app.cli.inputs import read_text_arg
from app.core import settings as settings_module
from app.core.agent.loop import Agent
from app.core.memory.conversations import ConversationStore
from app.core.types import RecallReceipt
from app.core.turn_events import TextDelta, ToolCall, TurnDone
from app.errors import KnownError, UsageError


def cmd_chat(call: Call) -> int:
    options, args, stdin = call.options, call.args, call.stdin
    settings = load_settings(options)
    message = read_text_arg(args.message, stdin) if args.message is not None else None
    model = chosen_model(settings, options)  # a missing or wrong model is said before the profile is opened
    with open_profile(options) as profile, call.resources.backend(options, settings, model) as backend:
        agent = Agent(make_data(profile, call.resources.embedder(options)), backend, settings)
        agent.prepare()
        if message is not None:
            return _one_turn(agent, message, call)
        return _interactive(agent, call)


def _one_turn(agent: Agent, message: str, call: Call) -> int:
    args, out = call.args, call.out
    done = _run(agent, message, args.conversation, _new(args), out if not args.json else None, call, args.private)
    if args.json:
        out.write(json.dumps(turn_json(done), ensure_ascii=False, indent=2) + "\n")
    return 0


def _interactive(agent: Agent, call: Call) -> int:
    args, stdin, out, err = call.args, call.stdin, call.out, call.err
    err.write(f"Hearth — {agent.backend.info.name}. Ctrl+C stops a reply, Ctrl+D quits.\n")
    conversation, new = args.conversation, _new(args)
    while True:
        err.write("you> ")
        err.flush()
        line = stdin.readline()
        if not line:
            err.write("\n")
            return 0
        if not line.strip():
            continue
        try:
            done = _run(agent, line, conversation, new, out, call, args.private)
        except KnownError as exc:  # keep the session: the user can try again
            err.write(f"error: {exc}\n")
            continue
        conversation, new = done.conversation_id, False


def _new(args: argparse.Namespace) -> bool:
    return bool(args.new or args.private)  # --private starts its own conversation


def _run(agent: Agent, message: str, conversation: int | None, new: bool, stream_to: TextIO | None,
         call: Call, private: bool = False) -> TurnDone:
    cancel, err = threading.Event(), call.err
    done: TurnDone | None = None
    with call.stops.stopping(cancel):
        for event in agent.run_turn(message, conversation_id=conversation, new=new, cancel=cancel,
                                     private=private):
            if isinstance(event, TextDelta) and stream_to is not None:
                stream_to.write(event.text)
                stream_to.flush()
            elif isinstance(event, ToolCall):
                err.write(f"[{event.name}: {event.result}]\n" if event.ok else
                          f"[{event.name}: the model's call was malformed; used your words: {event.result}]\n")
            elif isinstance(event, TurnDone):
                done = event
    if stream_to is not None:
        stream_to.write("\n")
    assert done is not None, "run_turn ends every turn with a TurnDone"
    if done.fault:  # the server went away mid-reply: what arrived is saved
        err.write(f"[reply cut short: {done.fault}; what arrived is saved as interrupted]\n")
    elif done.interrupted:
        err.write("[reply stopped; saved as interrupted]\n")
    if done.written_by and not done.written_by.endswith("on this computer"):
        err.write(f"[written by {done.written_by}]\n")
    return done


def turn_json(done: TurnDone) -> dict[str, Any]:
    stats = done.stats.to_json()
    return {
        "conversation_id": done.conversation_id,
        "message_id": done.message_id,
        "reply": done.reply,
        "interrupted": done.interrupted,
        "private": done.private,  # nothing from this conversation goes to long-term memory
        "recalled": RecallReceipt.of(done.recalled, done.cited).to_json(),
        "prompt_tokens": stats["prompt_tokens"],
        "completion_tokens": stats["completion_tokens"],
        "n_ctx": stats["n_ctx"],
        "window_turns": stats["window_turns"],
        "timings": stats["timings"],
        "tools": stats["tools"],
        "answer": stats["answer"],  # which memory the reply quotes, whether it was regenerated
        "written": [w.to_json() for w in done.written],  # what long-term memory kept from the message
        "notes": done.notes,  # the conversation's working notes when the message changed them, else null
        "written_by": done.written_by,  # where the model wrote the reply ("" when Hearth wrote it all)
        "fault": done.fault,  # why the reply stopped short when nobody stopped it ("" otherwise)
    }


def cmd_conversations(call: Call) -> int:
    args, out = call.args, call.out
    with open_profile(call.options, create=False, read_only=True) as profile:
        conversations = ConversationStore(profile.conn).list()
    if args.json:
        out.write(json.dumps([c.to_json() for c in conversations], ensure_ascii=False, indent=2) + "\n")
    elif not conversations:
        out.write("(no conversations yet)\n")
    for c in [] if args.json else conversations:
        out.write(f"{c.id:>5}  {c.to_json()['updated_at']}  {c.message_count:>4} messages  {c.title}\n")
    return 0


def _say_if_unusable(settings: settings_module.Settings, options: Options, err: TextIO) -> None:
    """Saved all the same (a model may be pulled later, an Ollama store mounted), but said now
    rather than at the next chat."""
    try:
        chosen_model(settings, options)
    except KnownError as exc:
        err.write(f"note: {exc.what} now — {exc.fix}\n")


def cmd_settings(call: Call) -> int:
    options, args, out, err = call.options, call.args, call.out, call.err
    if args.assignment:
        if len(args.assignment) != 3 or args.assignment[0] != "set":
            raise UsageError("use `hearth settings` to show them or `hearth settings set KEY VALUE`")
        _, key, value = args.assignment
        current = settings_module.load(options.paths.config)
        changed = current.with_values({key: settings_module.coerce(key, value)})
        settings_module.save(changed, options.paths.config)
        err.write(f"saved {key} in {options.paths.config}\n")
        if key in ("model_path", "context_size"):
            _say_if_unusable(changed, options, err)
        return 0
    effective = load_settings(options).to_dict()
    if args.json:
        out.write(json.dumps(effective, ensure_ascii=False, indent=2) + "\n")
        return 0
    for key, value in effective.items():
        out.write(f"{key} = {value!r}\n    {settings_module.SPECS[key].help}\n")
    out.write(f"(file: {options.paths.config})\n")
    return 0

