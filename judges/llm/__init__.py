"""judges/llm."""
