"""`hearth models add-server URL`, `remove-server NAME`, `agree-server NAME`: the model servers
(core/llm/servers.py). Adding one contacts it once, to list its models; nothing else is sent."""

from __future__ import annotations

from collections.abc import Callable

from app.bootstrap import server_book
from app.cli.call import Call
from app.core.llm import served_catalog
from app.core.llm.servers import Server
from app.errors import KnownError

MEMORIES_TRAVEL = ("{name} is not on this computer: the memories Hearth recalls for a message travel to it with "
                   "that message (your messages and the replies too). Everything Hearth stores stays here.")


def cmd_add_server(call: Call) -> int:
    args, out = call.args, call.out
    book = server_book(call.options)
    key = _key_from_env(call) if args.key_from_env else None
    server = book.add(args.url, args.name, key, args.trust_cert)
    if not server.on_this_computer and args.yes:
        server = book.agree(server.name)
    found = served_catalog.status(book, server)
    out.write(f"Added {server.name} ({server.url}){', its key in the keychain' if server.has_key else ''}.\n")
    if found.ok:
        listed = ", ".join(f"{m}@{server.name}" for m in found.models) or "none"
        out.write(f"Its models: {listed}\nUse one: `hearth chat --model MODEL@{server.name}`, or "
                  f"`hearth settings set model_path MODEL@{server.name}`.\n")
    else:
        out.write(f"It did not answer now: {found.problem}\n")
    _say_where_memories_go(server, out.write)
    return 0


def cmd_remove_server(call: Call) -> int:
    removed = server_book(call.options).remove(call.args.name)
    call.out.write(f"Removed {removed.name} ({removed.url}){' and its key' if removed.has_key else ''}.\n")
    return 0


def cmd_agree_server(call: Call) -> int:
    server = server_book(call.options).agree(call.args.name)
    call.out.write(f"Agreed: the memories Hearth recalls travel to {server.name} with each message to its models.\n")
    return 0


def _key_from_env(call: Call) -> str:
    """The key from the named variable, so it is never typed on a command line (shell history, ps)."""
    name = call.args.key_from_env
    key = call.options.env.get(name, "").strip()
    if not key:
        raise KnownError(f"the environment variable {name} is empty or not set",
                         f"export {name}=YOUR-KEY, then run the command again")
    return key


def _say_where_memories_go(server: Server, write: Callable[[str], object]) -> None:
    if server.on_this_computer:
        return
    write(MEMORIES_TRAVEL.format(name=server.name) + "\n")
    if not server.agreed:
        write(f"Its models can't be used until you agree: `hearth models agree-server {server.name}` "
              "(or *Use* on the Models page asks).\n")


SERVER_ACTIONS: dict[str, Callable[[Call], int]] = {
    "add-server": cmd_add_server, "remove-server": cmd_remove_server, "agree-server": cmd_agree_server}
