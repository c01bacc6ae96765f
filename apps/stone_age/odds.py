"""Exact chances of Stone Age's dice, computed from the rules rather than estimated.

A gathering roll is ``dice`` six-sided dice plus a fixed bonus from tools; the player takes
``(total) // divisor`` of the place's good (food 2, wood 3, clay 4, stone 5, gold 6). The number of
ways ``n`` dice make each total comes from convolving one die with itself ``n`` times, so every chance
here is an exact fraction of the ``6 ** n`` equally likely outcomes.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

FACES = 6


@cache
def ways_to_total(dice: int) -> tuple[int, ...]:
    """``ways[t]``: in how many of the ``6 ** dice`` outcomes the dice total ``t`` (index = total)."""
    ways = [1]
    for _ in range(dice):
        more = [0] * (len(ways) + FACES)
        for total, count in enumerate(ways):
            if count:
                for face in range(1, FACES + 1):
                    more[total + face] += count
        ways = more
    return tuple(ways)


def chance_total_at_least(dice: int, bonus: int, target: int) -> Fraction:
    """The chance that ``dice`` dice plus ``bonus`` reach ``target`` or more."""
    ways = ways_to_total(dice)
    good = sum(count for total, count in enumerate(ways) if total + bonus >= target)
    return Fraction(good, FACES ** dice)


def chance_to_gather(dice: int, bonus: int, divisor: int, amount: int) -> Fraction:
    """The chance of taking ``amount`` or more goods: the total must reach ``amount * divisor``."""
    return chance_total_at_least(dice, bonus, amount * divisor)


def expected_gather(dice: int, bonus: int, divisor: int) -> Fraction:
    """The average number of goods taken (each outcome's ``(total + bonus) // divisor``, weighted)."""
    ways = ways_to_total(dice)
    return Fraction(sum(count * ((total + bonus) // divisor) for total, count in enumerate(ways)), FACES ** dice)


def percent(chance: Fraction) -> str:
    """A chance as a player reads it: "83.3%", never rounded up to a certainty or down to none."""
    if chance >= 1:
        return "100%"
    if chance <= 0:
        return "0%"
    shown = round(float(chance) * 100, 1)
    if shown >= 100:
        return "over 99.9%"
    if shown <= 0:
        return "under 0.1%"
    return f"{shown:.1f}%"


def decimal(number: Fraction) -> str:
    """An average with one decimal, without a trailing ".0"."""
    shown = f"{float(number):.1f}"
    return shown[:-2] if shown.endswith(".0") else shown
