"""Origins' glossary: the pieces, places and words of its table, each explained in passages quoted from its rules
page (origins/rules.html); ``apps.matches.glossary`` says how the table and the rules page use it."""

from apps.matches.glossary import Term

from .content import CONTINENT_NAMES, STRAITS

GLOSSARY = (
    Term("Pawn", ("A pawn has a colour (white, brown or black), a height from 1 to 4 (how far it can travel) and a "
                  "width (its strength) from 1 to 4.",
                  "A pawn on the board carries the village marker of its owner."), "og-pawns",
         ("height", "width")),
    Term("Territory", ("The map has 41 territories on six continents, each coloured yellow, orange, purple, brown or "
                       "green.", "Every territory holds at most one pawn."), "og-map",
         tuple(CONTINENT_NAMES.values())),
    Term("The Cradle", ("the starting square, lies off the coast of East Africa",
                        "it holds any number of pawns, belongs to no continent and no colour, and nobody can migrate "
                        "onto it."), "og-map", ("Cradle",)),
    Term("Hunting token", ("a hunting token lies on every green territory",
                           "Green: take the hunting token lying there.",
                           "Hunting tokens: the points printed on them."), "og-turn", ("hunting",)),
    Term("Strait", ("when a strait (a dashed line) joins them across the water",
                    "controls both sides of a strait (has a pawn on both territories), they receive its strait token, "
                    "from the supply or from whoever held it. A token stays with its holder when the pawns leave."),
         "og-turn", ("strait token", "held by", *(s.name for s in STRAITS))),
    Term("VP", ("The player with the most victory points when the final turns are over wins.",), "og-scoring",
         ("victory points", "points")),
    Term("Evolve", ("Choose any pawn on the board (yours or not, on a territory or on the Cradle) and a compatible "
                    "pawn from the reserve.",
                    "The new pawn, with your village marker, settles an empty territory adjacent to the space of the "
                    "pawn it evolved from."), "og-turn", ("evolved", "evolution", "reserve")),
    Term("Migrate", ("Move one of your pawns at most its height in distance to an empty territory.",), "og-turn",
         ("migration",)),
    Term("Swap", ("Move one of your pawns at most its height in distance onto a territory occupied by a thinner pawn "
                  "of another player.",), "og-turn"),
    Term("Innovation tiles", ("Four columns (yellow, orange, purple, brown), each with tiles of levels 1 to 5",
                              "You may always claim a level 1 tile, but every other tile must go on top of a tile one "
                              "level lower, of any colour"), "og-tiles", ("tile", "innovation", "column", "level")),
    Term("Action cards", ("Played for an immediate effect, then discarded for good.",), "og-actions",
         ("action card", "yellow deck")),
    Term("Permanent cards", ("Played in front of you, they last until the end of the game.",), "og-permanents",
         ("permanent", "orange deck")),
    Term("Objective cards", ("An objective can be played only when the board matches it; it is then completed (never "
                             "lost) and replaced at once from the purple deck, if possible.",), "og-objectives",
         ("objective", "purple deck")),
    Term("Village marker", ("Each player has 10 village markers, so at most 10 pawns of theirs on the board.",),
         "og-pawns", ("marker",)),
)
