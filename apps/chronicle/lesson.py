"""Chronicle's guided first game (``apps/matches/engine/lesson.py``): two players, the learner against the bot.

The learner builds a Civilization Deck of four cards, then fills three story cards, taking a reward each time; the
bot builds its deck and fills the same story cards in between. Every ``rule`` is quoted from the rules page
(chronicle/rules.html; a test holds it to the page). The seed deals a first three draws the learner can pay for, so
the lesson shows the core loop without a redraw.
"""

from apps.matches.engine.lesson import Lesson, Step


def _pick(aspect: str) -> dict:
    return {"type": "pick_aspect", "aspect": aspect}


def _fill(card: str) -> dict:
    return {"type": "choose_fill", "card": card}


def _reward(option: int) -> dict:
    return {"type": "take_reward", "option": option}


BOT = 1
SKIP = {"type": "skip_reward"}

LESSON = Lesson(
    game="chronicle",
    players=2,
    seed=6,
    steps=(
        Step(_pick("hierarchical"), "Take a Hierarchical card: the first card of your Civilization Deck.",
             "Each player builds a Civilization Deck of 4 cards, one choice at a time, seat after seat"),
        Step(_pick("diplomatic"), "Take a Diplomatic card, your second.",
             "Choosing an aspect takes the top card of that pile"),
        Step(_pick("heat"), "Take a Heat card, your third.",
             "Many carry one or two further icons: every icon on a card counts when you pay."),
        Step(_pick("martial"), "Take a Martial card to finish your deck.",
             "fourth card: any aspect whose pile still has cards.",
             replies=((BOT, _pick("hierarchical")), (BOT, _pick("martial")), (BOT, _pick("water")),
                      (BOT, _pick("water")))),
        Step(_fill("animal-salt-white-heron"), "Choose “a salt-white heron” to fill the blank.",
             "You may choose a drawn fill card if you can pay its cost with the icons on the civilization cards you "
             "drew, taken together (top icons and further icons alike)."),
        Step(_reward(0), "Take its reward: a Diplomatic card.",
             "Then you may take the reward of the card you chose: pick one of its alternatives.",
             replies=((BOT, _fill("animal-spotted-jaguar")), (BOT, SKIP))),
        Step(_fill("place-reed-marshes"), "Choose “the reed marshes” for the second story card.",
             "The chosen card fills the blank. The other drawn fill cards go to your discard pile of that type."),
        Step(_reward(1), "Take an Egalitarian card as the reward.",
             "A single icon gives you the top character card of that aspect's pile; an overlapping group gives you "
             "the top card of each of its aspects' piles.",
             replies=((BOT, _fill("place-standing-stones")), (BOT, SKIP))),
        Step(_fill("action-broke-a-spear"), "Choose “broke a spear across one knee” for the third story card.",
             "Each story card is revealed once; then each player in seat order fills it for their own civilization"),
        Step(_reward(1), "Take a Benevolent card as the reward.",
             "The character piles are shared: a card one player takes as a reward is gone for everyone.",
             replies=((BOT, _fill("action-wept-into-the-ashes")), (BOT, SKIP))),
    ),
    done="You built a civilization and filled three story cards with it. The game goes on the same way through all "
         "nine; then each of you votes for the telling you like best, other than your own.",
)
