"""Live On: a co-operative survival game for 1 to 6 players (engine, content, bots, templates)."""
