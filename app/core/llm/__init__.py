"""Language-model backends. Only ``llama.py`` imports llama_cpp."""
