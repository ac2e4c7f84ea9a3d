"""People, places and things the user named: extraction, linking, recall's hop (schema v7)."""
