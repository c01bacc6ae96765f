"""Chronicle: a story-building civilization game (engine, content, templates)."""
