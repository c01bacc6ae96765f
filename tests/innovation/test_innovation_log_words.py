"""Every Innovation log template met along random games reads in a player's words: no bare rules jargon
("activated", "non-demand", "unsplayed", "achieved age"), and a card returned, tucked, melded or scored says
where it went."""

import random

from apps.innovation.engine import RULES

JARGON = ("activated", "non-demand", "unsplayed", "achieved age", "free draw", "cards left.", "cards right.",
          "cards up.")
WHERE = {"returned {0}": "supply pile", "tucked {0}": "under", "melded {0}": "board", "scored {0}": "score pile"}


def templates() -> set[str]:
    seen: set[str] = set()
    for seed in range(12):
        rnd, state = random.Random(seed), RULES.setup(2 + seed % 3, seed)
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            state = RULES.apply(state, seat, rnd.choice(RULES.legal_moves(state, seat)))
            seen.update(record["t"] for record in state["log"])
    return seen


def test_every_log_template_says_what_happened_in_a_players_words():
    lines = templates()
    assert len(lines) > 40
    for line in lines:
        assert not any(word in line for word in JARGON), line
        for verb, where in WHERE.items():
            if verb in line:
                assert where in line, line
