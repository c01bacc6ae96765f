"""Every Innovation log template met along random games reads in a player's words: no bare rules jargon
("activated", "non-demand", "unsplayed", "achieved age"), and a card returned, tucked, melded or scored says
where it went."""

import random
import re

from apps.innovation.cards import CARDS
from apps.innovation.engine import RULES
from apps.matches.engine import name_seats

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


# What a player's log must never show: a seat's or a card's internal name, a template's placeholder, a program's word.
LEAKS = re.compile(r"[{}\[\]_<>]|\bp\d\b|\bNone\b|\bseat\b|\bpending\b|\bdogma_|\bpick\b")
# A hand, a board or a score pile is always someone's ("from their score pile", "to Bea's hand").
WHOSE = re.compile(r"\b(?:from|into|to|onto) (?:score pile|hand|board)\b")
# Each game word the log uses, with what says what it did.
SAYS = {"splayed": "icons now count", "tucked": "under", "scored": "score pile", "returned": "supply pile",
        "melded": "board", "transferred": "'s ", "carried out the dogma of": "dogma of "}


def test_every_log_line_a_player_reads_along_random_games_is_plain_words():
    """Issue 39: the log as each seat reads it (its cards hidden or named, the seats by name), never an internal id
    or an unexplained token; each game word with what it did and to whom."""
    names = ["Ada", "Bea", "Cy", "Dee"]
    card_names = set(CARDS)
    for seed in range(8):
        players = 2 + seed % 3
        rnd, state = random.Random(seed), RULES.setup(players, seed)
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            state = RULES.apply(state, seat, rnd.choice(RULES.legal_moves(state, seat)))
        for viewer in range(players):
            for line in RULES.view(state, viewer)["log"]:
                read = name_seats(line, names[:players])
                assert not LEAKS.search(read), read
                assert not WHOSE.search(read), read
                source, _, rest = read.partition(": ")
                if rest and source not in card_names:  # else the card whose dogma did it
                    assert " " in source, f"{read!r}: a line starts with a card's name or a sentence, no label"
                for word, what in SAYS.items():
                    if word in read:
                        assert what in read, read
