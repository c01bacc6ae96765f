"""What each of a seat's legal Chronicle moves will do, said before it is chosen (``RULES.explain_move``), and
why a drawn fill card cannot be chosen.

The cost grammar is said in words: a cost is alternatives separated by "or"; a single icon is paid by any
drawn civilization card showing it, a group ("Cold + Water together") only when the drawn cards show every one
of its icons between them. So a fill card says which drawn cards pay for it ("paid by the Cold of Ice Hunter
and the Water of River Wife"), and an unpayable one what is missing. Everything read is public: drawn cards
lie face up, pile sizes and the cards' costs and rewards are printed. Seats are ``{pN}`` placeholders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from apps.matches.engine import Move

from . import flow
from .content import ASPECTS, BUILD_STEPS, CHARACTER_BY_ID, FILL_BY_ID, FILLS, STORIES
from .state import ChronicleState
from .wording import ORDINALS, aspect_label, fill_name, join_words, seat_token, with_article

Alternative = Sequence[str]


def alternative_phrase(alternative: Alternative) -> str:
    """'Cold', or 'Cold + Water together' for an overlapping group."""
    if len(alternative) == 1:
        return aspect_label(alternative[0])
    return " + ".join(aspect_label(a) for a in alternative) + " together"


def cost_phrase(cost: Sequence[Alternative]) -> str:
    return " or ".join(alternative_phrase(a) for a in cost)


def payers(alternative: Alternative, civ: Sequence[str]) -> list[tuple[str, str]] | None:
    """For each icon of the alternative, the first drawn civilization card showing it; None if one is missing."""
    found = []
    for aspect in alternative:
        card = next((c for c in civ if aspect in CHARACTER_BY_ID[c].icons), None)
        if card is None:
            return None
        found.append((aspect, card))
    return found


def paid_by(card: str, civ: Sequence[str]) -> str:
    """'the Cold of Ice Hunter and the Water of River Wife (Cold + Water together)': who pays, or ''."""
    for alternative in FILL_BY_ID[card].cost:
        found = payers(alternative, civ)
        if found:
            said = join_words([f"the {aspect_label(a)} of {CHARACTER_BY_ID[c].name}" for a, c in found])
            return said + (f" ({alternative_phrase(alternative)})" if len(alternative) > 1 else "")
    return ""


def why_unpayable(card: str, civ: Sequence[str], named: bool = False) -> str:
    """What a drawn fill card's cost asks that the drawn civilization cards do not show, in a sentence
    (``named``: saying the card's name, for a refusal read away from the card)."""
    cost = FILL_BY_ID[card].cost
    shown = sorted({a for c in civ for a in CHARACTER_BY_ID[c].icons})
    gaps = []
    for alternative in cost:
        missing = [a for a in alternative if a not in shown]
        if len(alternative) > 1 and len(missing) < len(alternative):
            have = [aspect_label(a) for a in alternative if a not in missing]
            gaps.append(f"the group has {join_words(have)} but not {join_words([aspect_label(a) for a in missing])}")
    drawn = join_words([aspect_label(a) for a in shown]) or "no icon"
    said = (f"You cannot pay for {fill_name(card)}" if named else "Cannot pay") + (
        f": it needs {cost_phrase(cost)}; your drawn cards show {drawn}")
    return said + (f" ({'; '.join(gaps)})" if gaps else "") + "."


def why_payable(card: str, civ: Sequence[str]) -> str:
    """What a payable drawn fill card says where it is no move of the viewer's (another seat's draw, or a lesson
    step that asks for another card): who pays for it and what it will reward."""
    return f"Can pay: {paid_by(card, civ)}. Reward: {reward_phrase(FILL_BY_ID[card].reward)}."


def fills_with_aspect(aspect: str) -> tuple[int, int]:
    """Of all fill cards, how many have the aspect in their cost, and how many it pays for alone."""
    costs = [f.cost for f in FILLS]
    within = sum(any(aspect in alt for alt in cost) for cost in costs)
    alone = sum(any(tuple(alt) == (aspect,) for alt in cost) for cost in costs)
    return within, alone


# --- One explanation per move type ------------------------------------------------------------------------


def fills_rewarding(aspect: str) -> int:
    """How many fill cards have the aspect in their reward: how often a later card of it can be won."""
    return sum(any(aspect in alt for alt in f.reward) for f in FILLS)


def pile_holds(state: ChronicleState, aspect: str) -> str:
    """What the cards left in a pile carry besides their top icon (public: the rules page lists every card, and
    every card taken from a pile lies open), e.g. '5 carry a further icon: Heat, Benevolent and Cold'."""
    extra = [CHARACTER_BY_ID[card].extra for card in state["piles"][aspect]]
    further = sum(bool(icons) for icons in extra)
    if not further:
        return "none carries a further icon"
    seen = [a for a in ASPECTS if any(a in icons for icons in extra)]
    return f"{further} carr{'y' if further > 1 else 'ies'} a further icon: {join_words(aspect_labels(seen))}"


def aspect_labels(aspects: Sequence[str]) -> list[str]:
    return [aspect_label(a) for a in aspects]


def after_pick(state: ChronicleState, seat: int, mine: bool = True) -> str:
    """What follows a building choice, in the rules page's order (``mine``: said to the seat building, else to the
    others at the table)."""
    step = len(state["seats"][seat]["civ"]) + 1
    who, whose = ("you", "your") if mine else (seat_token(seat), "their")
    if step < len(BUILD_STEPS):
        nxt = BUILD_STEPS[step]
        what = "any aspect whose pile still has cards" if len(nxt) == len(ASPECTS) else " or ".join(aspect_labels(nxt))
        return f"Next {who} choose{'' if mine else 's'} {whose} {ORDINALS[step]} card: {what}."
    if seat + 1 < state["players"]:
        return f"That completes {whose} deck; then {seat_token(seat + 1)} builds theirs."
    return (f"That completes {whose} deck; then each Civilization Deck is shuffled and the first story card is "
            "revealed.")


def explain_pick_aspect(state: ChronicleState, seat: int, move: Move, mine: bool = True) -> str:
    """What taking the top card of a pile does; ``mine`` as ``after_pick``."""
    aspect = move["aspect"]
    label = aspect_label(aspect)
    left = len(state["piles"][aspect])
    within, alone = fills_with_aspect(aspect)
    deck = "your" if mine else f"{seat_token(seat)}'s"
    return (f"Add the top {label} card ({left} left) to {deck} Civilization Deck. Of the {left}, "
            f"{pile_holds(state, aspect)}. Its {label} icon alone pays for {alone} of the {len(FILLS)} fill cards "
            f"and is part of the cost of {within}; {fills_rewarding(aspect)} fill cards reward "
            f"{with_article(label)} card. {after_pick(state, seat, mine)}")


def explain_choose_fill(state: ChronicleState, seat: int, move: Move) -> str:
    card = move["card"]
    draw = flow.drawn(state)
    title = STORIES[state["story"]].title
    _, fate = flow.choosable_fills(state)
    if fate:
        return f"Fate: fill the blank of {title} with {fill_name(card)} at no cost, and take no reward."
    reward = FILL_BY_ID[card].reward
    return (f"Fill the blank of {title} with {fill_name(card)}, paid by {paid_by(card, draw['civ'])}. "
            f"Then you may take {reward_phrase(reward)} as a reward.")


def explain_redraw(state: ChronicleState, seat: int, move: Move) -> str:
    draw = flow.drawn(state)
    failed = draw["redraws"] + 1
    until = flow.FAILED_DRAWS_BEFORE_FATE - failed
    then = ("if that draw fails too, fate lets you choose any card (without a reward)" if until == 1
            else f"after {until} more failed draws fate lets you choose any card")
    return (f"No drawn fill card can be paid for: they go back into the deck, your civilization cards are "
            f"shuffled back, and you draw three of each again (failed draw {failed}); {then}.")


def explain_take_reward(state: ChronicleState, seat: int, move: Move) -> str:
    alternative = flow.reward_alternatives(state)[move["option"]]
    taken = [a for a in alternative if state["piles"][a]]
    empty = [a for a in alternative if not state["piles"][a]]
    size = len(state["seats"][seat]["civ"]) + len(taken)
    cards = join_words([f"the top {aspect_label(a)} card" for a in taken])
    said = f"Add {cards} to your Civilization Deck ({size} cards after)"
    if empty:
        said += f"; the {join_words([aspect_label(a) for a in empty])} pile is empty, so nothing from it"
    return said + "."


def explain_skip_reward(state: ChronicleState, seat: int, move: Move) -> str:
    size = len(state["seats"][seat]["civ"])
    return f"Take no card: your Civilization Deck stays at {size} cards and the turn passes on."


def explain_vote(state: ChronicleState, seat: int, move: Move) -> str:
    chosen = move["for"]
    fate = sum(told["fate"] for told in state["seats"][chosen]["told"])
    said = (f"Your vote goes to {seat_token(chosen)}'s telling ({fate} blank{'s' if fate != 1 else ''} filled by "
            "fate); the telling with the most votes wins")
    if state["players"] == 2:
        said += ": with two players the votes always tie, and the tie-break decides"
    return said + "."


EXPLAINERS: dict[str, Callable[[ChronicleState, int, Move], str]] = {
    "pick_aspect": explain_pick_aspect,
    "choose_fill": explain_choose_fill,
    "redraw": explain_redraw,
    "take_reward": explain_take_reward,
    "skip_reward": explain_skip_reward,
    "vote": explain_vote,
}


def explain(state: ChronicleState, seat: int, move: Move) -> str:
    """What one of ``seat``'s legal moves will do, in a sentence; ``{pN}`` names seats."""
    return EXPLAINERS[move["type"]](state, seat, move)


def reward_phrase(reward: Sequence[Alternative]) -> str:
    """'a Cold card, or a Martial and a Diplomatic card'."""
    return ", or ".join(with_article(aspect_label(a[0])) + " card" if len(a) == 1 else
                        " and ".join(with_article(aspect_label(x)) for x in a) + " card" for a in reward)
