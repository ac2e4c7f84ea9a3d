"""The canonical form of a profile's synced content: what two converged devices share byte for byte.

Every synced row in shared terms (uids for ids and references), sorted by uid, as JSON. What does
not travel (local ids, recall counts, receipts, vectors, the derived content hash) is left out.
"""

from __future__ import annotations

import json

import apsw

from app.core.sync.rows import Rows
from app.core.sync.tables import LINKS, RECORDS


def canonical(conn: apsw.Connection) -> bytes:
    rows = Rows(conn)
    out: dict[str, dict[str, object]] = {}  # table -> uid -> fields
    for record in RECORDS:
        found: dict[str, object] = {}
        for (row_id,) in conn.execute(f"SELECT id FROM {record.name}").fetchall():
            uid = rows.uid_of(record.name, str(row_id))
            found[uid or f"unsent:{row_id}"] = rows.read_record(record, int(row_id))  # type: ignore[arg-type]
        out[record.name] = found
    for link in LINKS:
        key_sql = link.local_key_sql.format(p="")
        found = {}
        for (key,) in conn.execute(f"SELECT {key_sql} FROM {link.name}").fetchall():
            got = rows.read_link(link, str(key))
            if got is not None:
                found[got[0]] = got[1]
        out[link.name] = found
    return json.dumps(out, sort_keys=True, ensure_ascii=False).encode()
