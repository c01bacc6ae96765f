"""The English of Chronicle: move labels, log lines and seat placeholders.

Log lines, prompts and labels never hold a player's name: they say ``{p0}``,
``{p1}``, ... for seats 0, 1, ..., and ``name_seats`` (or the ``seat_names``
template filter) puts the display names in.
"""

from __future__ import annotations

from collections.abc import Sequence

from apps.matches.seating import name_seats, seat_token  # noqa: F401  (re-exported for the game)

from .content import ASPECT_LABELS, CHARACTER_BY_ID, FILL_BY_ID, KIND_LABELS

ORDINALS = ("first", "second", "third", "fourth")


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


def describe(move: dict, *, reward: Sequence[Sequence[str]] = (), fate: bool = False) -> str:
    """A short label for a well-formed move; ``reward`` lists the pending reward's alternatives."""
    kind = move["type"]
    if kind == "pick_aspect":
        return f"Take {with_article(aspect_label(move['aspect']))} card"
    if kind == "choose_fill":
        label = f"Choose \u201c{fill_name(move['card'])}\u201d"
        return label + " (fate: no reward)" if fate else label
    if kind == "redraw":
        return "Draw three new fill cards"
    if kind == "take_reward":
        option = move["option"]
        if 0 <= option < len(reward):
            return "Take " + aspects_phrase(reward[option])
        return "Take a reward"
    if kind == "skip_reward":
        return "Take no character card"
    if kind == "vote":
        return f"Vote for {seat_token(move['for'])}'s telling"
    return kind
