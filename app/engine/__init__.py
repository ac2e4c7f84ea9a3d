"""Hearth's engine process: the local OpenAI-compatible HTTP API (pure Python, no Qt)."""
