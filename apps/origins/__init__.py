"""Origins: evolve pawns, migrate across a world map, settle territories, complete objectives."""
