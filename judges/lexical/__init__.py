"""judges/lexical."""
