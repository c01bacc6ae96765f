"""Template tags shared by every page (see pictures)."""
