"""Live On's guided first game (``apps/matches/engine/lesson.py``): two players, the learner and the co-operative bot.

Two rounds of the core loop: choose a past, gather with a token spent for an extra die, meet the event that comes
(choose an option, spend tokens on its roll), eat in the keeping phase; then settle and give a resource to a
building, and eat again. The bot settles first and builds the Plans. The seed brings an event to the learner's
group in the first round and dice that let every taught roll succeed. Every ``rule`` is quoted from the rules page
(live_on/rules.html; a test holds it to the page). The numbers a step says (dice rolled, successes needed) are
read from the engine at that step's position (``_counted``), never written by hand.
"""

from dataclasses import replace

from apps.matches.engine.lesson import Lesson, Step, compile_script, replay

from .engine import RULES
from .explain import dice, roll_for
from .flow import board

BOT = 1


def _spend(trait: str, count: int = 1) -> dict:
    return {"type": "spend", "trait": trait, "count": count}


def _go(zone: str) -> dict:
    return {"type": "go", "zone": zone}


def _eat(count: int) -> dict:
    return {"type": "eat", "count": count}


def _contribute(building: str) -> dict:
    return {"type": "contribute", "building": building}


DRAFT = Lesson(
    game="live_on",
    players=2,
    seed=6,
    steps=(
        Step({"type": "role", "role": "farmer"}, "Choose the Farmer past: your gift is then dealt at random.",
             "Each player chooses a past or a gift (each piece exists once). Then every player is dealt the missing "
             "half at random, so everyone has a past and a gift",
             replies=((BOT, {"type": "role", "role": "forester"}),)),
        Step(_go("gather"), "Round 1: tap Go to gather, to find resources for the band.",
             "Everyone chooses a zone at the same time and sees the others' choices as they are made.",
             replies=((BOT, _go("settle")),)),
        Step(_spend("active"), "Spend 1 active token: roll {dice} instead of {base}.",
             "each player rolls a die and succeeds on the zone's value or less",
             replies=((BOT, _spend("active")), (BOT, _contribute("plans")), (BOT, {"type": "fund", "seat": 1}),
                      (BOT, _contribute("plans")))),
        Step({"type": "option", "index": 0}, "Choose the event's caring option: it needs {need}.",
             "Each encountering player chooses one of three options, rolls one die plus one per token spent of the "
             "option's trait, and counts rolls of 4 or less."),
        Step(_spend("caring"), "Spend 1 caring token: roll {dice}; {need} is enough.",
             "When everyone has rolled, the card is flipped: a player with at least as many successes as the "
             "option's diamonds succeeded."),
        Step(_eat(1), "Keeping phase: eat {eat}; the band needs {food}.",
             "The band eats half its number of resource tokens, rounded down, and each group must eat at least one",
             replies=((BOT, _eat(1)),)),
        Step(_go("settle"), "Round 2: tap Go to settle, to build the settlement.",
             "The band wins the moment all six buildings stand.",
             replies=((BOT, _go("gather")), (BOT, {**_spend("active"), "plans": True}))),
        Step(_spend("active"), "Spend 1 active token: roll {dice} to settle, not {base}.",
             "Each of them may spend active tokens for extra settling dice too, and the extra successes may be paid "
             "from the resources of any player at camp."),
        Step(_contribute("altar"), "{won}: give its resource to the Altar.",
             "When two resource tokens are contributed to the altar, it is built."),
        Step(_eat(1), "Keeping again: eat {eat}; the band needs {food}.",
             "each player of a group that ate nothing loses 1 health and 1 morale, and if the band ate less than its "
             "total, every player does.",
             replies=((BOT, _eat(1)),)),
    ),
    done="You chose a past, gathered, met an event, settled and fed the band. Round after round the band goes on "
         "this way until the six buildings stand, or winter comes.",
)


def numbers(state, move: dict) -> dict:
    """What a step's words may count, read from the position where the learner is asked for ``move``: for a spend,
    the dice rolled without it (``base``) and with it (``dice``), each a success on ``value`` or less; for a spend or
    an option, the successes it needs (``need``); for eating, what is eaten and the band's need (``eat``, ``food``);
    for a contribution, the settling successes that give it (``won``)."""
    ask = state["ask"] or {}
    if move["type"] == "spend":
        roll = roll_for(state, ask["seat"], ask["purpose"])
        return {"base": dice(roll.fixed), "dice": dice(roll.fixed + move["count"]), "value": roll.value,
                "need": _successes(roll.need)}
    if move["type"] == "eat":
        return {"eat": _resources(move["count"]), "food": _resources(board.food_need(state))}
    if move["type"] == "contribute":  # one resource to give for each settling success: this one and those queued
        queued = [t for t in state["tasks"] if t.get("t") == "ask" and t["ask"] == {"kind": "contribute", **ask}]
        return {"won": _successes(1 + len(queued)).capitalize()}
    if move["type"] == "option":
        option = board.enc_options(board.encounter(state))[move["index"]]
        return {"need": _successes(option.diamonds)}
    return {}


def _resources(n: int) -> str:
    return f"{n} resource{'s' if n != 1 else ''}"


def _successes(n: int) -> str:
    return "one success" if n == 1 else f"{n} successes"


def _counted(lesson: Lesson) -> Lesson:
    """The lesson with each step's numbers filled in from the engine's state where that step is taught."""
    states = replay(RULES, lesson)
    at = compile_script(lesson).step_versions
    return replace(lesson, steps=tuple(replace(step, do=step.do.format(**numbers(states[v], step.move)))
                                       for step, v in zip(lesson.steps, at, strict=True)))


LESSON = _counted(DRAFT)
