"""`hearth memory export --salvage FILE`: every memory and message a damaged profile still holds."""

from __future__ import annotations

import json

from app.bootstrap import existing_profile_key
from app.cli.call import Call
from app.core.memory.db import open_damaged
from app.core.memory.salvage import SALVAGE_FORMAT, TABLES, check_schema_readable, readable_rows
from app.core.private import open_private
from app.errors import KnownError


def salvage_export(call: Call) -> int:
    options = call.options
    conn = open_damaged(options.db_path, existing_profile_key(options))  # read-only: the file is kept as it is
    counts: dict[str, tuple[int, int]] = {}
    try:
        check_schema_readable(conn)
        with open_private(call.args.file, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps({"format": SALVAGE_FORMAT, "format_version": 1,
                                 "source": str(options.db_path)}) + "\n")
            for table in TABLES:
                read = lost = 0
                for row in readable_rows(conn, table):
                    if row is None:
                        lost += 1
                    else:
                        fh.write(json.dumps({"table": table, **row}, ensure_ascii=False) + "\n")
                        read += 1
                counts[table] = (read, lost)
    except OSError as exc:
        raise KnownError(f"cannot write {call.args.file}: {exc.strerror}", "choose a writable location") from exc
    finally:
        conn.close()
    summary = ", ".join(f"{read} {table}" + (f" ({lost} unreadable)" if lost else "")
                        for table, (read, lost) in counts.items())
    call.err.write(f"salvaged {summary} into {call.args.file} — plain text: keep it private; "
                   "`hearth memory import FILE` into a new profile takes its memories back\n")
    return 0
