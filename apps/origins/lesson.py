"""Origins' guided first game (``apps/matches/engine/lesson.py``): two players, the learner against the bot.

Two turns of the core loop: evolve a taller pawn out of the Cradle and settle Rift Valley, claim a level 1 tile as
the reward, play the orange card that tile allows (Dugout Canoes) and end the turn; after the bot's turn, migrate
the founder two spaces (thanks to the canoes) and claim a level 2 tile on top of the first. The seed deals the
learner Dugout Canoes. Every ``rule`` is quoted from the rules page (origins/rules.html; a test holds it to the
page).
"""

from apps.matches.engine.lesson import Lesson, Step

BOT = 1
FOUNDER = 0  # the learner's white 1x1 pawn on the Cradle
END_TURN = {"type": "end_turn"}


def _select(pawn: int) -> dict:
    return {"type": "select", "pawn": pawn}


def _tile(tile: str) -> dict:
    return {"type": "tile", "tile": tile}


LESSON = Lesson(
    game="origins",
    players=2,
    seed=3,
    steps=(
        Step(_select(FOUNDER), "Tap your white 1x1 pawn on the Cradle.",
             "On screen: tap a pawn, then tap a territory (or choose the pawn to evolve)."),
        Step({"type": "evolve", "form": "white-2-1"}, "Evolve a white 2x1 from it: one step taller.",
             "A pawn has a colour (white, brown or black), a height from 1 to 4 (how far it can travel) and a width "
             "(its strength) from 1 to 4."),
        Step({"type": "place", "to": "rift"}, "Tap Rift Valley: the new pawn settles there.",
             "The new pawn, with your village marker, settles an empty territory adjacent to the space of the pawn "
             "it evolved from."),
        Step(_tile("yellow-1"), "Rift Valley is yellow: take the yellow level 1 tile.",
             "Yellow, orange or purple: take any innovation tile from the column of that colour and a card from the "
             "deck of that colour"),
        Step({"type": "play", "card": "canoes"}, "Your tile lets you play Dugout Canoes: play it.",
             "An orange card can be played only if your highest tile is at least the level it needs."),
        Step(END_TURN, "End your turn: the bot plays next.",
             "On your turn you may take one action, and before, during (between the action and its reward) or after "
             "it you may play up to three cards, one of each colour. Then you end your turn.",
             replies=((BOT, _select(1)), (BOT, {"type": "evolve", "form": "white-2-1"}),
                      (BOT, {"type": "place", "to": "highlands"}), (BOT, _tile("purple-1")),
                      (BOT, {"type": "return", "card": "o_tiles3"}), (BOT, END_TURN))),
        Step(_select(FOUNDER), "Your turn again: tap your founder on the Cradle.",
             "Migrate. Move one of your pawns at most its height in distance to an empty territory."),
        Step({"type": "migrate", "to": "kalahari"}, "Migrate it to Kalahari: 2 spaces, with the canoes.",
             "Distances are counted in steps from one space to an adjacent one, over land borders and straits "
             "alike, whoever occupies the spaces in between."),
        Step(_tile("orange-2"), "Take the orange level 2 tile: it goes on top of your level 1.",
             "You may always claim a level 1 tile, but every other tile must go on top of a tile one level lower, of "
             "any colour"),
    ),
    done="You evolved and migrated pawns, settled territories for tiles and played a card. Objectives and the "
         "most victory points after the final turns decide the game.",
)
