"""What one move changed on the table, so the board can mark it for a player who looked away.

``between(before, after, seat)`` compares the state before a move with the state after it and names the
changed places: board piles (seat and color), hands and score piles (whose: only their size is public),
claimed achievements, the supply ages drawn from and the achievements left on the table. Only public facts,
never a card in a hand or score pile, so it may go into every view. Pure Python; ``RULES.apply`` stores
``after_move``'s answer in the state as ``marks``.
"""

from __future__ import annotations

from .core import InnovationState


def after_move(before: InnovationState, after: InnovationState, seat: int) -> dict | None:
    """The marks to show after a move, or, when it changed nothing on the table (a decision whose effect
    is still to come), the marks of the move before, so they stay until something new happens."""
    marks = between(before, after, seat)
    if any(value for key, value in marks.items() if key != "seat"):
        return marks
    return before.get("marks")


def between(before: InnovationState, after: InnovationState, seat: int) -> dict:
    piles, hands, scores, achieved = [], [], [], []
    for s, (was, now) in enumerate(zip(before["seats"], after["seats"], strict=True)):
        for color in sorted(now["board"]):  # not the dict's order, which a state read back from PostgreSQL changes
            if now["board"][color] != was["board"][color]:
                piles.append(f"{s}-{color}")
        if sorted(was["hand"]) != sorted(now["hand"]):
            hands.append(s)
        if sorted(was["score"]) != sorted(now["score"]):
            scores.append(s)
        if was["achievements"] != now["achievements"]:
            achieved.append(s)
    return {
        "seat": seat,
        "piles": piles,
        "hands": hands,
        "scores": scores,
        "achieved": achieved,
        "supply": sorted(int(age) for age, cards in after["decks"].items() if len(cards) != len(before["decks"][age])),
        "table": sorted(before["achievements"]) != sorted(after["achievements"])
        or before["specials"] != after["specials"],
    }
