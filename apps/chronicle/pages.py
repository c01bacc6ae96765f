"""Data for Chronicle's pages: ``rules_context()`` feeds chronicle/rules.html; ``TERMS`` are the board's words
explained on tap, in passages quoted from that rules page."""

from __future__ import annotations

from .content import (
    ASPECT_LABELS,
    ASPECTS,
    BUILD_STEPS,
    CHARACTERS,
    FILLS,
    KIND_LABELS,
    KINDS,
    STORIES,
)
from .flow import FAILED_DRAWS_BEFORE_FATE, HAND_SIZE
from .visibility import character_record, fill_record


def rules_context() -> dict:
    """Everything rules.html shows: the card tables, the story order and the numbers in the rules."""
    return {
        "aspects": [
            {"slug": a, "label": ASPECT_LABELS[a], "count": sum(c.aspect == a for c in CHARACTERS)}
            for a in ASPECTS
        ],
        "characters": [
            {
                "aspect": a,
                "label": ASPECT_LABELS[a],
                "cards": [character_record(c.id) for c in CHARACTERS if c.aspect == a],
            }
            for a in ASPECTS
        ],
        "fills": [
            {"kind": k, "label": KIND_LABELS[k], "cards": [fill_record(c.id) for c in FILLS if c.kind == k]}
            for k in KINDS
        ],
        "stories": [{"number": s.number, "title": s.title, "blank": s.blank} for s in STORIES],
        "build_steps": [[ASPECT_LABELS[a] for a in step] for step in BUILD_STEPS[:-1]],
        "character_count": len(CHARACTERS),
        "fill_count": len(FILLS),
        "hand_size": HAND_SIZE,
        "fate_after": FAILED_DRAWS_BEFORE_FATE,
    }


# The board's words explained on tap, each in passages quoted from rules.html (a test holds them to it).
TERMS = (
    ("piles", "Character piles", (
        "The character cards are sorted into their nine aspect piles and each pile is shuffled. These piles are "
        "shared by all players: rewards compete for them.",)),
    ("pay", "Paying a cost", (
        "You may choose a drawn fill card if you can pay its cost with the icons on the civilization cards you "
        "drew, taken together (top icons and further icons alike).",
        "An overlapping group, shown as icons in one frame, needs all its icons among the cards you drew.")),
    ("fate", "Fate intervenes", (
        "Instead every one of the three drawn fill cards may be chosen without paying, but a card chosen this "
        "way brings no reward.",)),
    ("reward", "Reward", (
        "Then you may take the reward of the card you chose: pick one of its alternatives.",
        "A single icon gives you the top character card of that aspect's pile; an overlapping group gives you "
        "the top card of each of its aspects' piles.",
        "You may always take nothing.")),
    ("deck", "Civilization Deck", (
        "Decks are taken openly: everyone can see which cards a civilization holds, but not their order.",)),
)


# How the game is won, said once at the top of the table: glue and quotes of rules.html taken in turns (every odd
# piece is the rules page's own words, a test holds them to it), by the number of players.
GOAL_ALONE = ("Goal: fill all nine story cards with words your civilization pays for. ",
              "When the ninth blank is filled the chronicle is complete and the game ends: read your story aloud.", "")
GOAL_VOTED = ("Goal: fill all nine story cards with words your civilization pays for; then ",
              "the tellings are read side by side and everyone votes at once for the telling they like best, other "
              "than their own", ". ", "The telling with the most votes wins.", "")
GOAL_TWO = ("Goal: fill all nine story cards with words your civilization pays for. With two players ",
            "the votes always tie one to one", ", so the winner is the telling with ", "fewer blanks filled by fate",
            " (", "a word fate chose is one your civilization did not pay for", "), then ",
            "the larger civilization", " (more character cards).")


def goal(players: int) -> tuple[str, ...]:
    """The goal line's pieces for a game of ``players`` (joined, the line; ``[1::2]``, the quotes)."""
    return GOAL_ALONE if players == 1 else GOAL_TWO if players == 2 else GOAL_VOTED


# How a game goes, said above the choices while the decks are built (the first screen, before any fill card is
# seen): glue and quotes of rules.html in turns, as ``goal``; the last quote says how the game ends.
HOW = ("How Chronicle goes: ", "You grow a civilization out of character cards and use it to fill the blanks of nine "
       "story cards", ". The cards you choose now start your Civilization Deck. For each story card you then draw "
       "three fill cards and three civilization cards. ", "You may choose a drawn fill card if you can pay its cost "
       "with the icons on the civilization cards you drew", ". ", "The chosen card fills the blank.", " ")
HOW_ENDS_ALONE = ("When the ninth blank is filled the chronicle is complete and the game ends: read your story "
                  "aloud.", "")
HOW_ENDS_VOTED = ("The telling with the most votes wins.", "")


def how(players: int) -> tuple[str, ...]:
    """The "How Chronicle goes" note's pieces for a game of ``players`` (joined, the note; ``[1::2]``, the quotes)."""
    return HOW + (HOW_ENDS_ALONE if players == 1 else HOW_ENDS_VOTED)
