"""Chronicle's tie-break: which of the tellings tied on votes wins, read from the table, so a game always has one
winner.

With two players each vote can only go to the other telling, so the votes always tie one to one; with three or four
they may. Tied tellings are told apart, in this order (the rules page says the same, with the reasons):

1. fewer blanks filled by fate: a word fate chose is one the civilization did not pay for;
2. the larger civilization: the people that took more character cards as rewards (a choice with a cost, since
   every extra card thins the hand of three that has to pay);
3. the civilization with more different aspects;
4. the later seat: it built its deck and took its rewards after the others, from the same shared piles.

The last one always decides, so there is always one winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from .content import CHARACTER_BY_ID
from .state import ChronicleState

FATE, CIVILIZATION, ASPECTS, SEAT = "fate", "civilization", "aspects", "seat"
CRITERIA = (FATE, CIVILIZATION, ASPECTS, SEAT)


def measure(state: ChronicleState, seat: int, criterion: str) -> int:
    """The seat's standing by one criterion: higher is better."""
    player = state["seats"][seat]
    if criterion == FATE:
        return -sum(told["fate"] for told in player["told"])
    if criterion == CIVILIZATION:
        return len(player["civ"])
    if criterion == ASPECTS:
        return len({CHARACTER_BY_ID[card].aspect for card in player["civ"]})
    return seat


def break_tie(state: ChronicleState, tied: Sequence[int]) -> tuple[int, str]:
    """The one winner among the ``tied`` seats (two or more), and the criterion that decided."""
    left = list(tied)
    for criterion in CRITERIA:
        best = max(measure(state, seat, criterion) for seat in left)
        left = [seat for seat in left if measure(state, seat, criterion) == best]
        if len(left) == 1:
            return left[0], criterion
    raise AssertionError("seats are never equal by seat number")


def numbers(state: ChronicleState, tied: Sequence[int]) -> list[tuple[str, list[tuple[int, int]]]]:
    """What the result says the tie-break looked at: for each criterion it weighed before the one that decided
    (or the seat, which needs no number), the seats still tied then and their count (blanks filled by fate, character
    cards, different aspects)."""
    left, said = list(tied), []
    for criterion in CRITERIA[:-1]:
        said.append((criterion, [(seat, abs(measure(state, seat, criterion))) for seat in left]))
        best = max(measure(state, seat, criterion) for seat in left)
        left = [seat for seat in left if measure(state, seat, criterion) == best]
        if len(left) == 1:
            break
    return said
