"""A game's glossary: the words and icons its table shows, each with its meaning quoted from the game's rules page.

Each game keeps its entries as data in ``apps/<game>/glossary.py`` (``GLOSSARY``, a tuple of ``Term``). That one
list feeds both the glossary section of the rules page (``matches/_glossary.html``) and the table, where
``static/civitas/glossary.js`` finds the terms on the board and shows their meaning on hover, focus or tap.

A term is found in a label (an icon's aria-label, title or alt, a heading's text) when one of its ``words`` occurs
there as a whole word, in any case, singular or plural; ``terms_in`` is that rule, the one glossary.js follows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import import_module

from apps.matches.engine.registry import game_entry


@dataclass(frozen=True)
class Term:
    name: str  # as the table shows it: "Castle", "Score pile"
    passages: tuple[str, ...]  # the rules page's own words, each quoted exactly; together they are the meaning
    anchor: str  # the id of the rules page's section that says more
    words: tuple[str, ...] = field(default=())  # other names the table uses for it ("Lightbulb" for "Bulb")

    def __post_init__(self):
        if isinstance(self.passages, str):  # ("one passage") is a string, not a tuple of one
            raise TypeError(f"{self.name}: passages must be a tuple of strings")

    @property
    def meaning(self) -> str:
        sentences = (p[0].upper() + p[1:] for p in self.passages)  # a passage may be quoted from mid-sentence
        return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in sentences)

    @property
    def key(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    def all_words(self) -> tuple[str, ...]:
        return (self.name, *self.words)

    def as_data(self) -> dict:
        return {"key": self.key, "name": self.name, "meaning": self.meaning, "anchor": self.anchor,
                "words": list(self.all_words())}


def glossary_of(slug: str) -> tuple[Term, ...]:
    """The game's glossary, or () for a game without one."""
    entry = game_entry(slug)
    try:
        module = import_module(f"{entry.app}.glossary")
    except ModuleNotFoundError:
        return ()
    return module.GLOSSARY


@dataclass(frozen=True)
class Entry:
    """Terms that share one meaning (the six icons of Innovation), listed together on the rules page."""

    terms: tuple[Term, ...]
    meaning: str
    anchor: str


def rules_entries(slug: str) -> list[Entry]:
    """The game's glossary as the rules page lists it: terms of the same meaning and section in one entry."""
    entries: dict[tuple[str, str], list[Term]] = {}
    for term in glossary_of(slug):
        entries.setdefault((term.meaning, term.anchor), []).append(term)
    return [Entry(tuple(terms), meaning, anchor) for (meaning, anchor), terms in entries.items()]


def table_data(slug: str) -> dict:
    """What the match page sends once for glossary.js: the terms and where the rules page is."""
    return {"rules": f"/games/{slug}/", "terms": [term.as_data() for term in glossary_of(slug)]}


def word_pattern(word: str) -> str:
    """A whole-word, any-case match of ``word`` and its plural (the same expression glossary.js builds)."""
    return r"(?<![\w-])" + re.escape(word) + r"(?:s|es)?(?![\w-])"


def terms_in(label: str, glossary: tuple[Term, ...]) -> list[Term]:
    """The terms of ``glossary`` that ``label`` names, in glossary order."""
    return [term for term in glossary
            if any(re.search(word_pattern(word), label, re.IGNORECASE) for word in term.all_words())]
