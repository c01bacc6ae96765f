"""Stone Age's guided first game (``apps/matches/engine/lesson.py``): two players, the learner against the bot.

Two rounds of the core loop: place people (the Hut, a gathering place, the Field, a civilization card), use every
place (the dice are rolled by the server), and feed the tribe, while the bot plays its own places and builds a
building. Every ``rule`` is quoted from the rules page (stone_age/rules.html; a test holds it to the page).
"""

from apps.matches.engine.lesson import Lesson, Step

BOT = 1


def _place(where: str) -> dict:
    return {"type": "place", "where": where}


def _count(n: int) -> dict:
    return {"type": "count", "n": n}


def _use(where: str) -> dict:
    return {"type": "resolve", "where": where}


LESSON = Lesson(
    game="stone_age",
    players=2,
    seed=1,
    steps=(
        Step(_place("hut"), "Put 2 people in the Hut: it makes you a new person.",
             "the Hut (exactly 2 people of one player, placed together: +1 person)",
             replies=((BOT, _place("field")),)),
        Step(_place("forest"), "Now choose the Forest, for wood.",
             "Forest (wood, dice total / 3, 7 people)"),
        Step(_count(3), "Put 3 people in the Forest.",
             "each player in turn puts one or more of their people on one place, until everybody has placed all "
             "their people",
             replies=((BOT, _place("clay_pit")), (BOT, _count(4)))),
        Step(_use("forest"), "Everyone has placed. Use the Forest first: the server rolls the dice.",
             "Hunting and gathering: roll one die per person there; the server rolls the dice."),
        Step(_use("hut"), "Then use the Hut.",
             "each player uses all their places, in any order they like",
             replies=((BOT, _use("clay_pit")), (BOT, _use("field")), (BOT, _place("stack2")))),
        Step(_place("card1"), "Your tribe was fed; a new round. Put a person on civilization card space 1.",
             "Each civilization card space and each building stack takes 1 person.",
             replies=((BOT, _place("hut")),)),
        Step(_place("field"), "Put a person on the Field.",
             "the Field (1 person, +1 agriculture)",
             replies=((BOT, _place("forest")), (BOT, _count(2)))),
        Step(_place("hunting"), "Choose the Hunting grounds, for food.",
             "Hunting grounds (food, dice total / 2, no limit)"),
        Step(_count(4), "Put your 4 other people there: you cannot come back to this place later.",
             "You never go back to a place where you already stand this round.",
             replies=((BOT, _use("forest")), (BOT, _use("hut")), (BOT, _use("stack2")),
                      *((BOT, {"type": "pay", "resource": "clay"}),) * 4, (BOT, {"type": "build"}))),
        Step(_use("hunting"), "The bot built a building. Your turn: use the Hunting grounds; see the dice.",
             "You see the dice, then may add tools: each tool tile once a round, and single-use tool cards, as "
             "many as you like."),
        Step(_use("field"), "Use the Field: +1 agriculture.",
             "Each player takes food equal to their agriculture, then pays 1 food per person."),
        Step(_use("card1"), "Use civilization card space 1.",
             "Civilization card: pay its space's cost in any resources (never food) and take it; its upper "
             "section acts at once, or is kept for later"),
        Step({"type": "pay", "resource": "wood"}, "Pay 1 wood for the card: space 1 costs 1 resource.",
             "4 are laid on the card spaces, which cost 1, 2, 3 and 4 resources (space 1 is the cheapest)"),
    ),
    done="You played two rounds: place your people, use every place, feed your tribe. The game goes on this way "
         "until the civilization cards run short or a building stack is emptied; then the final scoring decides.",
)
