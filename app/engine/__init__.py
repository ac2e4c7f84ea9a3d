"""The warm engine: one process per data directory that keeps the embedder and the model loaded and
runs the command line's commands for short-lived clients over a private Unix socket.

address (where it listens, who it is), wire (frames), client (what `hearth …` runs first),
server (the engine), remote (a client's streams and Ctrl+C, engine side), warm (what stays loaded);
http_api and http_wire: the OpenAI-compatible HTTP API the engine can serve on 127.0.0.1.
Only `client`, `address` and `wire` are imported by every command: they must stay light.
"""
