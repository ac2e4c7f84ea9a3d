"""The agent: one turn of conversation with recall, prompt assembly, tools and memory writes."""
