"""Innovation's glossary: the icons and words of its table, each explained in passages quoted from its rules page
(innovation/rules.html); ``apps.matches.glossary`` says how the table and the rules page use it."""

from apps.matches.glossary import Term

ICONS = ("Each card shows up to three of the six icons: Castle, Crown, Leaf, Lightbulb, Factory and Clock.",
         "Your visible icons are those of your top cards and those splaying shows under them: they are the icons a "
         "dogma counts.")

GLOSSARY = (
    *(Term(name, ICONS, "in-icons") for name in ("Castle", "Crown", "Leaf", "Lightbulb", "Factory", "Clock")),
    Term("Hexagon", ("Its fourth spot is a hexagon, which counts as no icon.",), "in-icons"),
    Term("Visible icons", ICONS, "in-icons"),
    Term("Featured icon", ("A card's featured icon is the one its dogma compares.",
                           "I demand effects hit each opponent with fewer of the card's featured icon than you, in "
                           "turn order."), "in-icons", ("featured",)),
    Term("Splayed", ("Splaying a pile left, right or up shows one, two or three icons of each card under the top "
                     "card.",), "in-icons", ("splay", "splaying")),
    Term("Hand", ("Your hand is hidden from the others, who see how many cards of each age it holds.",), "in-icons"),
    Term("Score pile", ("Your score pile holds the cards you score, face down; its points are the sum of their ages.",),
         "in-icons", ("score",)),
    Term("Age", ("Each age has its supply pile; drawing from an empty one draws from the next higher age.",),
         "in-icons", ("ages",)),
    Term("Achievements", ("An achievement is an age's card set aside, or a special achievement; you claim one with "
                          "the Achieve action.",
                          "Achieve an available achievement: you need at least five times its age in points (the "
                          "values of your score cards; they are not spent) and a top card of at least its age."),
         "in-icons", ("achievement", "Achieve")),
    Term("Special achievements", ("Claimed at once, without an action, when their condition holds; never lost.",),
         "in-specials", ("special",)),
    Term("Draw", ("Draw a card of the value of your highest top card (a 1 if your board is empty).",), "in-turn"),
    Term("Meld", ("Meld a card from your hand: it goes on top of the pile of its color (a splayed pile stays "
                  "splayed).",), "in-turn"),
    Term("Dogma", ("Dogma: tap one of your top cards to carry out its effects in order.",
                   "Icons are counted once, before the first effect."), "in-turn", ("I demand",)),
)
