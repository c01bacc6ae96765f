"""Live On's glossary: the traits, tokens and words of its table, each explained in passages quoted from its rules
page (live_on/rules.html); the words the board already explains on tap (``pages.TERMS``) are taken from there.
``apps.matches.glossary`` says how the table and the rules page use it."""

from apps.matches.glossary import Term

from .content import TRAITS
from .pages import TERMS

# Where each of the board's explained words is told on the rules page, and the other words the table says it with.
TERM_PLACES = {
    "prep": ("lo-round", ("Prep",)), "action": ("lo-round", ()), "event": ("lo-round", ()),
    "keeping": ("lo-round", ("Keeping",)), "value": ("lo-round", ()), "presence": ("lo-round", ("presence",)),
    "camp": ("lo-round", ("camp",)), "spots": ("lo-round", ("spot",)),
    "encounter": ("lo-encounters", ("diamond", "option", "rolled", "dice", "die")),
    "traits": ("lo-traits", ("health", "morale", "trait")), "hopeless": ("lo-traits", ()),
    "resources": ("lo-round", ("resource", "resource token")), "secrets": ("lo-secrets", ("secret",)),
    "time": ("lo-artifacts", ("time token",)), "artifacts": ("lo-artifacts", ("artifact", "tool", "spell")),
    "winter": ("lo-end", ()),
}
TRAIT = ("Health is strong + active + keen tokens; morale is wise + communing + caring tokens.",
         "rolls one die plus one per token spent of the option's trait")

GLOSSARY = (
    *(Term(title, passages, *TERM_PLACES[key]) for key, title, passages in TERMS),
    *(Term(trait.capitalize(), TRAIT, "lo-traits") for trait in TRAITS),
    Term("The band", ("The band of survivors gathers, explores, rests and settles until the six settlement buildings "
                      "stand, and everyone wins together; if anyone dies, everyone loses together.",), "lo-end",
         ("band",)),
    Term("Settlement", ("The band wins the moment all six buildings stand.",), "lo-settlement",
         ("building", "built")),
    Term("Zone", ("Everyone chooses a zone at the same time and sees the others' choices as they are made.",
                  "Groups then act zone by zone, counterclockwise from the region name"), "lo-round", ("is here",)),
)
