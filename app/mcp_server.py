"""`hearth mcp`: the profile's memory for other programs (Claude Desktop, VS Code, …) over MCP.

The official SDK's ``MCPServer`` on stdio. The tools are thin: what they may do, and the filter
that keeps credentials home, live in ``app.core.outside`` (shared with any other outside door).
Only this module imports the ``mcp`` package, and only ``hearth mcp`` imports this module.

Every tool is ``async`` though the work is synchronous: the SDK runs plain functions on worker
threads, and two calls at once on one SQLite connection would interleave their transactions. On
the event loop they run one after another; a stdio client sends them one at a time anyway.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

from app import __version__
from app.core.outside import OutsideAccess
from app.errors import KnownError

PINNED_URI = "hearth://memories/pinned"
INSTRUCTIONS = (
    "Hearth is the user's offline assistant with long-term memory. Search it before asking the user something "
    "they may have told Hearth; add a memory only for something the user wants remembered. Memories that look "
    "like passwords, PINs, card numbers or keys are never returned unless the user shared them.")
READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def build_server(access: OutsideAccess) -> MCPServer:
    """The server with its tools and the pinned-memories resource; in read-only mode the tools that
    write are not offered at all (a client can't call what it never saw)."""
    server: MCPServer = MCPServer(name="hearth", title="Hearth memory", instructions=INSTRUCTIONS,
                                  version=__version__, log_level="WARNING")

    async def search_memories(query: str, top_k: int = 5) -> dict[str, Any]:
        """Find the user's memories by meaning and keywords, best first (score: similarity)."""
        return {"memories": await _known(lambda: access.search(query, top_k))}

    async def list_recent_memories(limit: int = 10) -> dict[str, Any]:
        """The user's newest memories, newest first."""
        return {"memories": await _known(lambda: access.recent(limit))}

    async def search_conversations(query: str, limit: int = 10) -> dict[str, Any]:
        """Messages of the user's past conversations with Hearth holding these words, best first."""
        return {"messages": await _known(lambda: access.search_conversations(query, limit))}

    async def search_documents(query: str, top_k: int = 5) -> dict[str, Any]:
        """Find passages of the user's documents (files they added to Hearth) by meaning, best first,
        each with its source (file and page or heading)."""
        return {"passages": await _known(lambda: access.search_documents(query, top_k))}

    async def add_memory(text: str, ctx: Context) -> dict[str, Any]:
        """Remember a text word for word in the user's long-term memory (it records which tool added it)."""
        return await _known(lambda: access.add(text, _client_of(ctx)))

    async def forget_memory(id: int) -> dict[str, Any]:  # noqa: A002 - the tool's parameter is named id
        """Forget a memory for good, by its id (from search or list results)."""
        return await _known(lambda: access.forget(id))

    for tool in (search_memories, list_recent_memories, search_conversations, search_documents):
        server.add_tool(tool, annotations=READ)
    if not access.read_only:
        server.add_tool(add_memory, annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False))
        server.add_tool(forget_memory, annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True))

    @server.resource(PINNED_URI, name="pinned_memories", title="Pinned memories", mime_type="application/json",
                     description="What the user pinned: the memories Hearth always keeps in mind")
    async def pinned_memories() -> str:
        return json.dumps({"memories": await _known(access.pinned)}, ensure_ascii=False)

    return server


def _client_of(ctx: Context) -> str | None:
    """The client's own name from its initialize request (clientInfo.name), if it gave one."""
    params = ctx.session.client_params
    return params.client_info.name if params is not None else None


async def _known(work: Callable[[], Any]) -> Any:
    """Run ``work``; a failure the user (or the calling model) can act on goes back as the tool's
    error text. Anything else is a bug: the SDK reports it without the details."""
    try:
        return work()
    except KnownError as exc:
        raise ToolError(str(exc)) from exc


def serve(access: OutsideAccess) -> None:
    """Serve on stdin/stdout until the client closes them."""
    build_server(access).run("stdio")
