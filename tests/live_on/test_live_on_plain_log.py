"""Issue 39 (a newcomer's review): every line of Live On's log says in plain words what was rolled, against what, and
what it means. Random and bot-played games are walked and each line is checked against the internal terms a
newcomer met unexplained: the "presence die" (a die the table never shows), dice in brackets, a bare "(4 or less)",
a die reading with no meaning ("The time die shows 3."), an event "settles over" or "passes", "(occurrence, group
event)", "token(s)", and a bare "fails."."""

import functools
import random
import re

from test_live_on_helpers import random_game

from apps.live_on import bots

JARGON = {
    "presence die": re.compile(r"presence die"),
    "dice in brackets": re.compile(r"\[\d"),
    "a count word with (s)": re.compile(r"\(s\)"),
    "a bare target in brackets": re.compile(r"\(\d or less\)"),
    "a die reading with no meaning": re.compile(r"die shows \w+\.$"),
    "an event settling or passing": re.compile(r"\bsettles over\b|\bpasses\.$"),
    "a deck and kind in brackets": re.compile(r"\(\w+, (group|individual) event\)"),
    "an outcome with no reason": re.compile(r"^\{p\d\} (succeeds|fails)\.$"),
    "a roll with no result": re.compile(r"explores: rolls [\d, and]+, needing \d or less\.$"),
}


def bot(rules, state, seat, rnd):
    return bots.choose(rules, state, seat, rnd)


@functools.cache
def log_lines():
    lines: set[str] = set()
    for seed in range(12):
        for chooser in (None, bot):
            for state, _, move in random_game(2 + seed % 3, seed, random.Random(seed), chooser):
                if move is None:
                    lines.update(line["text"] for line in state["log"])
    return frozenset(lines)


def test_no_log_line_uses_an_internal_term_a_newcomer_cannot_read():
    lines = log_lines()
    assert len(lines) > 300  # the walk reaches rolls, event checks, draws, outcomes, the time die and losses
    for needed in ("Event check at", "The time die shows", "The event die picks", "succeeds (", "fails (",
                   "loses 1 health: 1 "):
        assert any(needed in line for line in lines), needed
    found = {name: sorted(line for line in lines if pattern.search(line))[:3] for name, pattern in JARGON.items()}
    assert not any(found.values()), {name: hits for name, hits in found.items() if hits}


def test_an_event_check_says_the_roll_the_tokens_and_what_it_means():
    lines = log_lines()
    check = re.compile(r"^Event check at .+: (rolled|scouted roll) (\d), (over|not over) its (\d+) presence tokens?: "
                       r"(no event|an event comes)\.$")
    checks = [check.match(line) for line in lines if line.startswith("Event check")]
    assert checks and all(checks), [line for line in lines if line.startswith("Event check")][:3]
    for m in checks:
        roll, over, tokens, comes = int(m[2]), m[3] == "over", int(m[4]), m[5] == "an event comes"
        assert over == (roll > tokens) and comes == (roll <= tokens)
