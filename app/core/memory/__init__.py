"""Long-term memory: the encrypted SQLite file, embeddings and recall."""
