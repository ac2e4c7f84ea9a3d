"""`hearth mcp`: serve this profile's memory to other programs over MCP (stdio)."""

from __future__ import annotations

from app.bootstrap import load_settings
from app.cli.call import Call


def cmd_mcp(call: Call) -> int:
    from app.core.outside import OutsideAccess
    from app.mcp_server import serve  # the mcp package: imported only when this command runs

    read_only = call.args.read_only or load_settings(call.options).mcp_read_only
    with call.data(create=True) as data:
        mode = "read-only" if read_only else "read and write"
        # stdout is the protocol's: what a person may read goes to stderr (the client's log).
        call.err.write(f"hearth mcp: serving profile {call.options.profile!r} ({mode}) on stdio\n")
        call.err.flush()
        serve(OutsideAccess(data, read_only=read_only))
    return 0
