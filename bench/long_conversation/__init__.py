"""bench/long_conversation: a 500-turn conversation, the code before the desktop rewrite vs now."""
