"""Template tags of the Innovation app (see innovation_tags)."""
