"""The English of Chronicle: move labels, log lines and seat placeholders.

Log lines, prompts and labels never hold a player's name: they say ``{p0}``,
``{p1}``, ... for seats 0, 1, ..., and ``name_seats`` (or the ``seat_names``
template filter) puts the display names in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from apps.matches.engine import name_seats, seat_token  # noqa: F401  (re-exported for the game)

from .content import ASPECT_LABELS, ASPECTS, CHARACTER_BY_ID, FILL_BY_ID, KIND_LABELS

# What the heuristic bot (bots.py) goes by, for a hint whose playouts cannot tell the moves apart.
BOT_RULE = ("it keeps your civilization deck able to pay: the move that makes it likeliest that the three cards you "
            "draw pay for one of the fill cards, so you have to draw again less often")

ORDINALS = ("first", "second", "third", "fourth")

Alternatives = Sequence[Sequence[str]]


def aspect_label(aspect: str) -> str:
    return ASPECT_LABELS.get(aspect, aspect)


def with_article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def kind_label(kind: str) -> str:
    return KIND_LABELS[kind]


def join_words(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def character_phrase(card_id: str) -> str:
    card = CHARACTER_BY_ID[card_id]
    return f"{card.name} ({aspect_label(card.aspect)})"


def fill_name(card_id: str) -> str:
    card = FILL_BY_ID.get(card_id)
    return card.name if card else card_id


def aspects_phrase(aspects: Sequence[str], joiner: str = " and ") -> str:
    """'a Martial card', or 'a Cold and a Water card' for a group."""
    labels = [with_article(aspect_label(a)) for a in aspects]
    return joiner.join(labels) + " card"


def choices_phrase(aspects: Sequence[str]) -> str:
    """'Hierarchical or Egalitarian'."""
    labels = [aspect_label(a) for a in aspects]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " or " + labels[-1]


# --- Log lines: what happened, told to the whole table ---------------------------------------------

DECKS_SHUFFLED = "Every Civilization Deck is shuffled. The story begins."
FATE_INTERVENES = "Fate intervenes: after three failed draws any of these cards may be chosen, without a reward."
CHRONICLE_COMPLETE = "The ninth story card is filled: the chronicle is complete."
VOTING_BEGINS = ("Every telling is complete. Each player now votes for the telling they like best, "
                 "other than their own.")
VOTING_BEGINS_TWO = ("Every telling is complete. Each player now gives their vote to the other's telling; "
                     "with two players the votes always tie, and the tie-break decides.")


def begins_building(seat: int) -> str:
    return f"{seat_token(seat)} begins building a civilization."


def took_for_civilization(seat: int, card: str, position: int) -> str:
    """``position``: the card's place in the deck being built, from 0."""
    return f"{seat_token(seat)} took {character_phrase(card)} as the {ORDINALS[position]} card of their civilization."


def story_revealed(number: int, title: str, blank: str) -> str:
    return f"Story card {number}, {title}, is revealed: its blank needs {with_article(kind_label(blank).lower())}."


def discard_shuffled_back(seat: int, kind: str) -> str:
    return f"{seat_token(seat)}'s {kind_label(kind)} discard pile is shuffled back into their {kind_label(kind)} deck."


def drew(seat: int, fill: Sequence[str], civ: Sequence[str]) -> str:
    return (f"{seat_token(seat)} draws the fill cards {join_words([fill_name(c) for c in fill])}, and "
            f"{join_words([character_phrase(c) for c in civ])} from their Civilization Deck to pay with.")


def draws_again(seat: int) -> str:
    return (f"{seat_token(seat)} can pay for none of the fill cards, shuffles them and the civilization cards "
            "back, and draws again.")


def filled_blank(seat: int, title: str, card: str, *, fate: bool) -> str:
    how = " by fate, without a reward" if fate else ""
    return f"{seat_token(seat)} fills the blank of {title} with {fill_name(card)}{how}."


def reward_piles_empty(seat: int) -> str:
    return f"No reward for {seat_token(seat)}: the character piles this card rewards from are empty."


def reward_taken(seat: int, cards: Sequence[str]) -> str:
    return (f"{seat_token(seat)} adds {join_words([character_phrase(c) for c in cards])} to their Civilization "
            "Deck as a reward.")


def reward_refused(seat: int) -> str:
    return f"{seat_token(seat)} takes no reward card."


def has_voted(seat: int) -> str:
    return f"{seat_token(seat)} has voted."


def voted_for(voter: int, chosen: int) -> str:
    return f"{seat_token(voter)} voted for {seat_token(chosen)}'s telling."


def favourite_telling(winners: Sequence[int], votes: int) -> str:
    names = join_words([seat_token(s) for s in winners])
    return f"The favourite telling: {names}, with {votes} vote{'s' if votes != 1 else ''}."


# Why a telling won a tie (``tie_break``), finishing "{winner}'s telling wins, ...".
TIE_BREAK_REASONS = {
    "fate": "with fewer blanks filled by fate",
    "civilization": "its civilization being the larger",
    "aspects": "its civilization holding more different aspects",
    "seat": "told from the later seat (all else being equal)",
}


# The counts the tie-break weighed (``tie_break.numbers``), named in the result.
TIE_BREAK_COUNTS = {"fate": "blanks filled by fate", "civilization": "character cards",
                    "aspects": "different aspects"}


def tie_broken(tied: Sequence[int], winner: int, criterion: str, votes: int = 0,
               counts: Sequence[tuple[str, Sequence[tuple[int, int]]]] = ()) -> str:
    names = join_words([seat_token(s) for s in tied])
    weighed = "; ".join(
        f"{TIE_BREAK_COUNTS[c].capitalize() if not i else TIE_BREAK_COUNTS[c]}: "
        + ", ".join(f"{seat_token(s)} {n}" for s, n in by_seat)
        for i, (c, by_seat) in enumerate(counts))
    return (f"The votes are tied between {names}, {votes} vote{'s' if votes != 1 else ''} each. "
            + (f"{weighed}. " if weighed else "")
            + f"So {seat_token(winner)}'s telling wins, {TIE_BREAK_REASONS[criterion]}.")


def round_label(phase: str, story: int) -> str:
    """Where the game stands, for the replay's move list (``story``: the index of the story card at play)."""
    if phase == "build":
        return "Building"
    if phase == "story":
        return f"Story card {story + 1}"
    return "The vote" if phase == "vote" else ""


# --- Refusals: why a move is not legal now, said to the seat that tried it ---------------------------

NOT_YOUR_TURN = "It is not your turn."
ALREADY_VOTED = "You have already voted; waiting for the others."
PICK_AN_ASPECT_FIRST = "Choose an aspect for your Civilization Deck first."
VOTE_NOW = "Everyone is voting now: vote for a telling."
OWN_TELLING = "You cannot vote for your own telling."
REWARD_NOT_OFFERED = "That reward is not offered, or its piles are empty."
REWARD_FIRST = "Take a reward or take none first."
FILL_NOT_DRAWN = "That fill card is not among the cards you drew."
NO_NEED_TO_REDRAW = "You can pay for at least one drawn fill card: choose one instead of drawing again."
FILL_THE_BLANK = "That move is not possible now: fill the blank of the story card."


def no_such_aspect(aspect: str) -> str:
    return f"There is no aspect called {aspect!r}."


def aspect_not_allowed(choices: Sequence[str]) -> str:
    return f"This card of your Civilization Deck must be {choices_phrase(choices)}."


def pile_empty(aspect: str) -> str:
    return f"The {aspect_label(aspect)} pile is empty."


def no_seat_to_vote_for(seat: int) -> str:
    return f"There is no seat {seat} to vote for."


# --- Prompts: the decision awaited, said to the seat that makes it (``mine``) or to everyone else ------

def build_prompt(seat: int, step: int, choices: Sequence[str], *, mine: bool) -> str:
    """Building: ``step`` cards already in the deck, ``choices`` the aspects allowed for the next."""
    what = "any aspect" if len(choices) == len(ASPECTS) else choices_phrase(choices)
    if mine:
        return f"Choose the {ORDINALS[step]} card of your Civilization Deck: {what}."
    return f"{seat_token(seat)} is choosing the {ORDINALS[step]} card of their Civilization Deck ({what})."


def fill_prompt(seat: int, story_number: int, *, mine: bool, fate: bool, choosable: bool) -> str:
    if not mine:
        return f"{seat_token(seat)} is filling the blank of story card {story_number}."
    if fate:
        return "Fate intervenes: choose any of the drawn fill cards to fill the blank (no reward)."
    if choosable:
        return "Choose a fill card you can pay for to fill the blank."
    return "You cannot pay for any of these fill cards: draw again."


def reward_prompt(seat: int, *, mine: bool) -> str:
    if mine:
        return "Take a character card as your reward, or take none."
    return f"{seat_token(seat)} is choosing a reward."


def vote_prompt(cast: int, players: int, *, mine: bool) -> str:
    if mine:
        return "Vote for the telling you like best, other than your own."
    return f"The players are voting: {cast} of {players} votes cast."


def over_prompt(winners: Sequence[int] | None) -> str:
    """The last word; ``winners`` is None in a solo game, which has no vote."""
    if winners is None:
        return "The chronicle is complete."
    return f"The chronicle is complete. Favourite telling: {join_words([seat_token(s) for s in winners])}."


def _choose_fill_label(move: Mapping[str, Any], reward: Alternatives, fate: bool) -> str:
    label = f"Choose \u201c{fill_name(move['card'])}\u201d"
    return label + " (fate: no reward)" if fate else label


def _take_reward_label(move: Mapping[str, Any], reward: Alternatives, fate: bool) -> str:
    option = move["option"]
    if 0 <= option < len(reward):
        return "Take " + aspects_phrase(reward[option])
    return "Take a reward"


# A move's label by its type: (move, the pending reward's alternatives, whether fate chose the fill) -> words.
MOVE_LABELS: dict[str, Callable[[Mapping[str, Any], Alternatives, bool], str]] = {
    "pick_aspect": lambda move, reward, fate: f"Take {with_article(aspect_label(move['aspect']))} card",
    "choose_fill": _choose_fill_label,
    "redraw": lambda move, reward, fate: "Draw three new fill cards",
    "take_reward": _take_reward_label,
    "skip_reward": lambda move, reward, fate: "Take no character card",
    "vote": lambda move, reward, fate: f"Vote for {seat_token(move['for'])}'s telling",
}


def describe(move: Mapping[str, Any], *, reward: Alternatives = (), fate: bool = False) -> str:
    """A short label for a well-formed move; ``reward`` lists the pending reward's alternatives."""
    label = MOVE_LABELS.get(move["type"])
    return label(move, reward, fate) if label else move["type"]
