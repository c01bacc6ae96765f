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
from .wording import TIE_BREAK_REASONS, seat_token


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


# Why one aspect over another, said beside the building choices (each choice then says its own numbers): quoted
# from rules.html ("Why one aspect over another"), a test holds it to the page.
CHOOSING = ("Your Civilization Deck is all you pay with: for each story card you draw three of its cards, and a fill "
            "card can be chosen only if their icons pay its cost. An aspect whose icon is in many costs pays often, "
            "and a card with further icons pays with each of them.")


def how(players: int) -> tuple[str, ...]:
    """The "How Chronicle goes" note's pieces for a game of ``players`` (joined, the note; ``[1::2]``, the quotes)."""
    return HOW + (HOW_ENDS_ALONE if players == 1 else HOW_ENDS_VOTED)


# What happens on a tie, said beside the tellings while everyone votes (``view.tie_break``): glue and quotes of
# rules.html in turns, as ``goal``, then the counts on the table and, with two players, whose telling wins.
TIE_TWO = ("With two players each vote can only go to the other telling, so the votes always tie one to one", ". ")
TIE_MANY = ("The telling with the most votes wins.", " ")
TIE_ORDER = ("Tied tellings are compared in this order, and the first difference decides:", " 1. ",
             "fewer blanks filled by fate", "; 2. ", "then the larger civilization", " (more character cards); 3. ",
             "then the civilization with more different aspects", "; 4. ", "and if all of that is equal, the later "
             "seat wins", ". ")


def tie_break_note(tie: dict) -> tuple[str, ...]:
    """The tie-break note's pieces (``[1::2]``: the quotes), seats as ``{pN}``."""
    counts = "; ".join(f"{seat_token(c['seat'])} {c['fate']} by fate, {c['cards']} card{'s' if c['cards'] != 1 else ''}"
                       f", {c['aspects']} aspect{'s' if c['aspects'] != 1 else ''}" for c in tie["counts"])
    now = f". Now: {counts}."
    if not tie["two"]:
        return ("", *TIE_MANY, *TIE_ORDER[:-1], now)
    return ("", *TIE_TWO, *TIE_ORDER[:-1], f"{now} So {seat_token(tie['winner'])}'s telling wins, "
            f"{TIE_BREAK_REASONS[tie['by']]}. ", "The tellings stay what the game is about: with two players, read "
            "each other's telling aloud before you vote.", "")
