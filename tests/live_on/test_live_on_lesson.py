"""Issue 39 (a newcomer's review): the lesson's counts disagreed (step 4's choice said "5 dice", step 5 "two dice").
Each step's numbers are now read from the engine at that step's position: these tests hold every number a callout
says to the state it is shown in, and keep numbers out of the hand-written text."""

import re

from apps.live_on.engine import RULES
from apps.live_on.explain import roll_for
from apps.live_on.flow import board
from apps.live_on.lesson import DRAFT, LESSON
from apps.matches.engine.lesson import compile_script, replay

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUMBER = re.compile(r"\b(\d+|" + "|".join(WORDS) + r")\b", re.IGNORECASE)


def positions():
    states = replay(RULES, LESSON)
    return [(step, states[at]) for step, at in zip(LESSON.steps, compile_script(LESSON).step_versions, strict=True)]


def test_a_spend_step_says_the_dice_the_engine_rolls_and_its_explanation_agrees():
    spends = [(step, state) for step, state in positions() if step.move["type"] == "spend"]
    assert len(spends) == 3
    for step, state in spends:
        ask = state["ask"]
        roll = roll_for(state, ask["seat"], ask["purpose"])
        n = roll.fixed + step.move["count"]
        assert f"roll {n} dice" in step.do, step.do
        assert RULES.explain_move(state, 0, step.move).startswith(f"Roll {n} dice"), step.do


def test_the_option_step_says_the_successes_its_card_needs_and_the_most_dice_read_as_a_most():
    (step, state), = [(s, st) for s, st in positions() if s.move["type"] == "option"]
    option = board.enc_options(board.encounter(state))[step.move["index"]]
    said = {1: "one success"}.get(option.diamonds, f"{option.diamonds} successes")
    assert f"it needs {said}" in step.do
    assert "; up to " in RULES.explain_move(state, 0, step.move)  # the most dice, not the dice about to be rolled


def test_eating_and_giving_say_the_counts_of_their_position():
    for step, state in positions():
        if step.move["type"] == "eat":
            need = board.food_need(state)
            assert f"eat {step.move['count']} resource" in step.do
            assert f"needs {need} resource{'s' if need != 1 else ''}." in step.do
        if step.move["type"] == "contribute":
            settle = next(line["text"] for line in reversed(state["log"]) if line["text"].startswith("{p0} settles"))
            won = int(re.search(r": (\d+) success", settle)[1])
            assert step.do.startswith(f"{'One success' if won == 1 else f'{won} successes'}: ")


def test_no_count_is_written_by_hand_in_a_step():
    """Every number left in the written text is the taught move's own ("Spend 1 ... token") or the round's."""
    states = replay(RULES, DRAFT)
    for step, at in zip(DRAFT.steps, compile_script(DRAFT).step_versions, strict=True):
        for found in NUMBER.findall(step.do):
            n = WORDS.get(found.lower()) or int(found)
            assert n in (step.move.get("count"), states[at]["round"]), (found, step.do)
