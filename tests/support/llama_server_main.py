"""`python -m tests.support.llama_server_main ARGS`: llama-cpp-python's OpenAI-compatible server
(`python -m llama_cpp.server ARGS`), after loading llama.cpp's CPU backend the way Hearth does.

The wheel's release build keeps its CPU backends in per-CPU files that llama-cpp-python 0.3.x
doesn't load (app/core/llm/llama.py, ``load_cpu_backends``): started bare, the server fails with
"Failed to load model from file". A person's own llama.cpp server build has no such problem."""

from __future__ import annotations

import runpy
import sys

if __name__ == "__main__":
    from app.core.llm.llama import load_cpu_backends

    load_cpu_backends()
    sys.argv = ["llama_cpp.server", *sys.argv[1:]]
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
