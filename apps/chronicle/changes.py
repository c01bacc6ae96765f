"""What the last move changed on the table, so the board can mark it for a player who looked away.

``between(before, after, seat)`` compares the two states a move joined and names the changed pieces: the
character piles whose count changed, per seat the character cards that joined its civilization and the
story cards it filled, whether a new story card was revealed, whether fresh fill cards were drawn and
whether a vote was cast. Only public facts are compared: which cards lie face up or sit in a civilization
(held openly), never a deck's order, an undrawn card or whom a vote went to.
"""

from __future__ import annotations

from collections import Counter

from .content import ASPECTS
from .state import Changes, ChronicleState


def between(before: ChronicleState, after: ChronicleState, seat: int) -> Changes:
    players = after["players"]
    joined = {str(s): _joined(_owned(before, s), _owned(after, s)) for s in range(players)}
    return {
        "by": seat,
        "piles": [a for a in ASPECTS if len(before["piles"][a]) != len(after["piles"][a])],
        "joined": {s: cards for s, cards in joined.items() if cards},
        "told": [s for s in range(players)
                 if len(after["seats"][s]["told"]) > len(before["seats"][s]["told"])],
        "story": after["phase"] == "story" and (before["phase"] != "story" or before["story"] != after["story"]),
        "drawn": after["draw"] is not None and (before["draw"] is None
                                               or before["draw"]["fill"] != after["draw"]["fill"]),
        "voted": [s for s in range(players) if before["votes"][s] is None and after["votes"][s] is not None],
    }


def _owned(state: ChronicleState, seat: int) -> list[str]:
    """A civilization's cards as the board shows them: its deck, with the cards it has drawn."""
    owned = list(state["seats"][seat]["civ"])
    if state["draw"] is not None and state["turn"] == seat:
        owned += state["draw"]["civ"]
    return owned


def _joined(old: list[str], new: list[str]) -> list[str]:
    if old == new:  # most seats, most moves: counting every civilization's cards was a fifth of applying a move
        return []
    return sorted((Counter(new) - Counter(old)).elements())
