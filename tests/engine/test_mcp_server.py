"""`hearth mcp` end to end: the SDK's own client against a real `python -m app mcp` process on a
temporary profile (fast embedder, test keychain: tests/conftest.py)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import Implementation

from app.bootstrap import Options, make_data, make_default_embedder, open_profile
from app.core.outside import client_name
from tests.support.cli import hearth

ALL_TOOLS = {"search_memories", "list_recent_memories", "search_conversations", "search_documents", "add_memory",
             "forget_memory"}
READ_TOOLS = ALL_TOOLS - {"add_memory", "forget_memory"}
PINNED = "hearth://memories/pinned"
TIMEOUT = 120  # a cold interpreter start on a busy two-core machine


@asynccontextmanager
async def connected(*extra: str, client: str | None = "test-client") -> AsyncIterator[ClientSession]:
    """A session with a fresh `hearth mcp` process; the SDK sends ``client`` as clientInfo.name."""
    # The SDK passes the child only a few variables of its own: hand it the test's whole environment
    # (HEARTH_HOME, the fast embedder, the test keychain, PYTHONPATH).
    server = StdioServerParameters(command=sys.executable, args=["-m", "app", "mcp", *extra], env=dict(os.environ))
    info = Implementation(name=client, version="1.0") if client is not None else None
    with open(os.devnull, "w") as quiet:
        async with stdio_client(server, errlog=quiet) as (read, write):
            async with ClientSession(read, write, client_info=info) as session:
                await session.initialize()
                yield session


def run(test: Callable[[], Awaitable[None]]) -> None:
    async def bounded() -> None:
        with anyio.fail_after(TIMEOUT):
            await test()
    anyio.run(bounded)


async def call(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def found(session: ClientSession, query: str) -> list[int]:
    return [m["id"] for m in (await call(session, "search_memories", query=query, top_k=10))["memories"]]


async def pinned(session: ClientSession) -> list[int]:
    contents = (await session.read_resource(PINNED)).contents
    return [m["id"] for m in json.loads(contents[0].text)["memories"]]  # type: ignore[union-attr]


def add(text: str, *extra: str) -> int:
    result = hearth("memory", "add", text, *extra)
    assert result.code == 0, result.err
    return int(result.out)


def show(memory_id: int) -> dict[str, Any]:
    result = hearth("memory", "show", str(memory_id), "--json")
    assert result.code == 0, result.err
    return result.json()


def test_a_tool_adds_searches_and_forgets_and_the_memory_says_which_tool_wrote_it() -> None:
    async def scenario() -> None:
        async with connected() as session:
            assert {t.name for t in (await session.list_tools()).tools} == ALL_TOOLS
            added = await call(session, "add_memory", text="Leo loves steam trains.")
            assert (added["origin"], added["client"], added["created"]) == ("tool", "test-client", True)
            stored = show(added["id"])  # another process reads what the server wrote
            assert (stored["origin"], stored["client"], stored["kind"]) == ("tool", "test-client", "note")
            assert added["id"] in await found(session, "steam trains")
            recent = (await call(session, "list_recent_memories", limit=5))["memories"]
            assert recent[0]["id"] == added["id"] and recent[0]["text"] == "Leo loves steam trains."
            gone = await call(session, "forget_memory", id=added["id"])
            assert gone["forgotten"] is True
            assert added["id"] not in await found(session, "steam trains")
        assert hearth("memory", "show", str(added["id"])).code == 1
    run(scenario)


def test_a_client_without_a_name_is_recorded_as_mcp() -> None:
    async def scenario() -> None:
        async with connected(client="  ") as session:
            added = await call(session, "add_memory", text="Ana lives in Lisbon.")
        assert show(added["id"])["client"] == "mcp"
    run(scenario)
    assert client_name(None) == client_name("") == "mcp" and client_name(" Claude\nDesktop ") == "Claude Desktop"


def test_credentials_stay_home_until_the_user_shares_them() -> None:
    pin = add("my PIN is 4821", "--pin")
    leo = add("Leo is my son", "--pin")

    async def before() -> None:
        async with connected() as session:
            assert pin not in await found(session, "PIN")
            recent = (await call(session, "list_recent_memories"))["memories"]
            assert [m["id"] for m in recent] == [leo]
            assert await pinned(session) == [leo]
            refused = await session.call_tool("forget_memory", {"id": pin})  # unseen looks like absent
            assert refused.is_error and "no memory with id" in refused.content[0].text  # type: ignore[union-attr]
            added = await call(session, "add_memory", text="the wifi password is hunter2")
            assert added["text"] is None and "looks like a password" in added["note"]
    run(before)
    assert show(pin)["text"] == "my PIN is 4821"  # still there
    assert hearth("memory", "share", str(pin)).code == 0

    async def after() -> None:
        async with connected() as session:
            assert pin in await found(session, "PIN")
            assert sorted(await pinned(session)) == sorted([pin, leo])
    run(after)


def test_read_only_offers_no_tool_that_writes() -> None:
    async def flag() -> None:
        async with connected("--read-only") as session:
            assert {t.name for t in (await session.list_tools()).tools} == READ_TOOLS
            refused = await session.call_tool("add_memory", {"text": "Leo likes jazz"})
            assert refused.is_error
    run(flag)
    assert hearth("settings", "set", "mcp_read_only", "true").code == 0

    async def setting() -> None:
        async with connected() as session:
            assert {t.name for t in (await session.list_tools()).tools} == READ_TOOLS
    run(setting)
    assert hearth("memory", "list", "--json").json() == []


def test_conversations_are_searched_but_private_ones_and_credentials_are_not() -> None:
    options = Options()
    with open_profile(options) as profile:
        data = make_data(profile, make_default_embedder(options))
        with data.unit():
            chat = data.conversations.create("Trip planning", 1.0)
            data.conversations.add_message(chat, "user", "We are going to Porto by train in May.", 2.0)
            data.conversations.add_message(chat, "user", "The Porto flat door code is 4512.", 3.0)
            secret = data.conversations.create("Private", 4.0, private=True)
            data.conversations.add_message(secret, "user", "Porto is where my secret love lives.", 5.0)

    async def scenario() -> None:
        async with connected("--read-only") as session:
            hits = (await call(session, "search_conversations", query="Porto"))["messages"]
            assert [(h["conversation_title"], h["text"]) for h in hits] == [
                ("Trip planning", "We are going to Porto by train in May.")]
    run(scenario)


def test_documents_are_searched_with_their_source(tmp_path) -> None:
    guide = tmp_path / "boiler.md"
    guide.write_text("# Pressure\nIf the boiler pressure drops below 1 bar, top it up with the filling loop.\n")
    assert hearth("docs", "add", str(guide)).code == 0

    async def scenario() -> None:
        async with connected("--read-only") as session:
            passages = (await call(session, "search_documents", query="boiler pressure filling loop"))["passages"]
            assert passages[0]["source"] == "boiler.md, “Pressure”" and "filling loop" in passages[0]["text"]
    run(scenario)


def test_help_works_without_a_profile() -> None:
    result = hearth("mcp", "--help")
    assert result.code == 0 and "--read-only" in result.out and "hearth://memories/pinned" in result.out
