"""The exact chances of Stone Age's rolls (``odds``), checked against brute force: every outcome of the dice
enumerated in the test, counted, and compared as exact fractions; and the chances the explanations print are
those same fractions."""

import itertools
from fractions import Fraction

import pytest
from stone_age_helpers import fresh, in_actions, set_tools

from apps.stone_age import odds
from apps.stone_age.engine import RULES


def every_roll(dice):
    return list(itertools.product(range(1, 7), repeat=dice))


@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5])
def test_the_chance_of_a_total_is_the_share_of_all_outcomes_that_reach_it(dice):
    rolls = every_roll(dice)
    for bonus in (0, 1, 3, 7):
        for target in range(0, 6 * dice + bonus + 2):
            brute = Fraction(sum(1 for r in rolls if sum(r) + bonus >= target), len(rolls))
            assert odds.chance_total_at_least(dice, bonus, target) == brute, (dice, bonus, target)


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_the_chance_and_the_average_of_a_gathering_match_enumeration(dice):
    rolls = every_roll(dice)
    for divisor in (2, 3, 4, 5, 6):
        for bonus in (0, 2, 5):
            brute_average = Fraction(sum((sum(r) + bonus) // divisor for r in rolls), len(rolls))
            assert odds.expected_gather(dice, bonus, divisor) == brute_average
            for amount in range(0, dice * 3 + 2):
                brute = Fraction(sum(1 for r in rolls if (sum(r) + bonus) // divisor >= amount), len(rolls))
                assert odds.chance_to_gather(dice, bonus, divisor, amount) == brute


def test_a_chance_is_printed_exactly_never_rounded_to_a_certainty():
    assert odds.percent(Fraction(5, 6)) == "83.3%"
    assert odds.percent(Fraction(1)) == "100%" and odds.percent(Fraction(0)) == "0%"
    assert odds.percent(Fraction(7775, 7776)) == "over 99.9%"
    assert odds.percent(Fraction(1, 7776)) == "under 0.1%"


def test_the_sentence_of_a_roll_prints_the_enumerated_chance_with_and_without_tools():
    """Three people at the forest with tools 2 and 1: the target is 3 wood (the average wood, rounded down)."""
    state = set_tools(fresh(2, 1), 0, [2, 1])
    state = in_actions(state, {0: {"forest": 3}, 1: {"field": 1}})
    rolls = every_roll(3)
    bare = Fraction(sum(1 for r in rolls if sum(r) // 3 >= 3), len(rolls))
    tooled = Fraction(sum(1 for r in rolls if (sum(r) + 3) // 3 >= 3), len(rolls))
    average = Fraction(sum(sum(r) // 3 for r in rolls), len(rolls))
    assert int(average) == 3
    said = RULES.explain_move(state, 0, {"type": "resolve", "where": "forest"})
    assert said == (f"Roll your 3 dice (1 wood per 3 on the dice): 3 wood or more {odds.percent(bare)}, "
                    f"{odds.percent(tooled)} adding all your tools (+3); {float(average):.1f} on average.")
    assert odds.percent(bare) == "74.1%"
