"""Innovation's guided first game (``apps/matches/engine/lesson.py``): two players, the learner against the bot.

Four turns of the core loop: meld a first card, carry out a dogma the bot shares (and take the free draw), meld and
use a demand the bot must obey, draw, score with a "you may" choice, then claim the age 1 achievement. The seed
deals Metalworking (shared: the bot's Mysticism shows as many castles) and Oars (its demand takes the bot's crown
cards into the learner's score pile), so the taught moves do what the callouts say. Every ``rule`` is quoted from
the rules page (innovation/rules.html, card texts included; a test holds it to the page), and none repeats the
text of the card the step points at, which the player has in front of them.
"""

from apps.matches.engine.lesson import Lesson, Step

BOT = 1
DRAW = {"type": "draw"}


def _meld(card: str) -> dict:
    return {"type": "meld", "card": card}


def _dogma(card: str) -> dict:
    return {"type": "dogma", "card": card}


def _choose(card: str) -> dict:
    return {"type": "choose", "pick": card}


LESSON = Lesson(
    game="innovation",
    players=2,
    seed=12,
    steps=(
        Step(_meld("Metalworking"), "Meld Metalworking from your hand: it starts your board.",
             "Each player gets two 1s and chooses one of them to meld; the player whose card comes first in the "
             "alphabet starts.",
             replies=((BOT, _meld("Mysticism")),)),
        Step(_dogma("Metalworking"), "You go first. Tap your Metalworking to carry out its dogma.",
             "Other effects are shared by each opponent with at least as many, in turn order, and then you. If an "
             "opponent's share changed the game, you take a free draw at the end.",
             replies=((BOT, _meld("City States")), (BOT, DRAW))),
        Step(_meld("Oars"), "Meld Oars from your hand onto your red pile.",
             "Meld a card from your hand: it goes on top of the pile of its color (a splayed pile stays splayed)."),
        Step(_dogma("Oars"), "Tap Oars: the bot shows fewer castles, so its demand hits the bot.",
             "I demand effects hit each opponent with fewer of the card's featured icon than you, in turn order.",
             replies=((BOT, _choose("Clothing")), (BOT, _meld("Sailing")), (BOT, DRAW))),
        Step(DRAW, "Use the Draw action: the 1 pile is empty, so you draw a 2.",
             "Draw a card of the value of your highest top card (a 1 if your board is empty). If that pile is "
             "empty, draw from the next higher one"),
        Step(_dogma("Oars"), "Tap Oars again: the bot still shows fewer castles, so the demand takes its crown card.",
             "A card's featured icon is the one its dogma compares.",
             replies=((BOT, _meld("Road Building")), (BOT, DRAW))),
        Step(_meld("Agriculture"), "Meld Agriculture: a new yellow pile with three leaves.",
             "Your visible icons are those of your top cards and those splaying shows under them: they are the icons "
             "a dogma counts."),
        Step(_dogma("Agriculture"), "Tap Agriculture to carry out its dogma.",
             "Your score pile holds the cards you score, face down; its points are the sum of their ages."),
        Step(_choose("Tools"), "Choose Tools in your hand: return it to draw and score a 2.",
             "Effects saying \"you may\" can be declined with the Decline button; when a card asks you to choose, "
             "tap the card, pile or option it concerns.",
             replies=((BOT, _meld("Pottery")), (BOT, DRAW))),
        Step({"type": "achieve", "age": 1}, "You have 7 points: claim the age 1 achievement.",
             "Achieve an available achievement: you need at least five times its age in points (the values of your "
             "score cards; they are not spent) and a top card of at least its age."),
    ),
    done="You melded, drew, shared a dogma, made demands, scored and claimed your first achievement. With two "
         "players the first to 6 achievements wins; the game goes on from here.",
)
