"""The domain of a match: its checks and deeds, the move store, replay, seats and access (no Channels, no templates)."""
