"""Template filters of the Chronicle app (see chronicle_tags)."""
