"""Stone Age: hunt, gather, build huts and raise a civilization (engine, content, templates)."""
