"""Innovation (seed 001): ten ages of ideas; meld, splay and dogma your way through history."""
