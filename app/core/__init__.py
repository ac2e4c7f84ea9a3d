"""Pure-Python core: no Qt here (import-linter enforces it)."""
