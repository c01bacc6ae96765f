"""Template filters of the Stone Age app."""
