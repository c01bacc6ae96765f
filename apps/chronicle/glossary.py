"""Chronicle's glossary: the aspects' icons and the words of its table, each explained in passages quoted from its
rules page (chronicle/rules.html); the words the board already explains on tap (``pages.TERMS``) are taken from
there. ``apps.matches.glossary`` says how the table and the rules page use it."""

from apps.matches.glossary import Term

from .content import ASPECT_LABELS, ASPECTS
from .pages import TERMS

ASPECT = ("sorted into nine piles by their top icon, the aspect of your civilization they stand for",
          "every icon on a card counts when you pay",
          "A single icon gives you the top character card of that aspect's pile")
# Where the board's explained words are told on the rules page, and the other words the table says them with.
TERM_PLACES = {"piles": ("ch-setup", ("pile",)), "pay": ("ch-filling", ("cost", "pay")),
               "fate": ("ch-cannot-pay", ("fate",)), "reward": ("ch-filling", ()),
               "deck": ("ch-setup", ("Civilization",))}

GLOSSARY = (
    *(Term(ASPECT_LABELS[a], ASPECT, "ch-cards") for a in ASPECTS),
    *(Term(title, passages, *TERM_PLACES[key]) for key, title, passages in TERMS),
    Term("Story card", ("each a paragraph of the story with one blank for an animal, an object, an action or a place",
                        "The next story card is revealed. Its blank asks for an animal, an object, an action or a "
                        "place."), "ch-filling", ("story", "blank")),
    Term("Fill card", ("ten each of animals, objects, actions and places. Each has a cost (top left on the card) and "
                       "a reward (bottom right).",), "ch-cards", ("fill",)),
    Term("Overlapping group", ("An overlapping group, shown as icons in one frame, needs all its icons among the "
                               "cards you drew.",), "ch-filling", ("group",)),
    Term("Votes", ("everyone votes at once for the telling they like best, other than their own. Votes stay secret "
                   "until the last one is cast.",), "ch-players", ("vote", "telling")),
)
