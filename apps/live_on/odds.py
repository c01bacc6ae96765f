"""Exact chances of Live On's dice, worked out from the rules (binomial sums and the mage's per-die outcomes,
in exact fractions), for the explanations a decision shows before it is chosen.

Every roll in Live On is a number of six-sided dice, each a success on a value or less (a zone's value, or 4 for
events and communing); what a decision needs is "at least so many successes". The mage's communing changes how
many dice another player rolls: each of the mage's dice showing 4 or less adds a die, each showing 2 or less also
takes one away (a priest mage forgives one such failure).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .content import EVENT_SUCCESS, MAGE_FAILURE

SIDES = 6


def chance(dice: int, value: int, need: int = 1) -> Fraction:
    """The chance that at least ``need`` of ``dice`` six-sided dice show ``value`` or less."""
    if need <= 0:
        return Fraction(1)
    if dice < need:
        return Fraction(0)
    hit = Fraction(max(0, min(SIDES, value)), SIDES)
    return sum((comb(dice, k) * hit ** k * (1 - hit) ** (dice - k) for k in range(need, dice + 1)), Fraction(0))


def mage_shift(dice: int, priest: bool = False) -> dict[int, Fraction]:
    """How many dice the mage's communing with ``dice`` communing dice adds to the player helped (before the
    floor at no dice), with its chance: a roll of 4 or less adds one, a roll of 2 or less also takes one away,
    and a priest has one such failure forgiven."""
    both = Fraction(MAGE_FAILURE, SIDES)  # a success and a failure at once
    win = Fraction(EVENT_SUCCESS - MAGE_FAILURE, SIDES)  # a success only
    neither = 1 - both - win
    shifts: dict[int, Fraction] = {}
    for fails in range(dice + 1):
        for wins_only in range(dice - fails + 1):
            rest = dice - fails - wins_only
            ways = comb(dice, fails) * comb(dice - fails, wins_only)
            p = ways * both ** fails * win ** wins_only * neither ** rest
            shift = wins_only + (1 if priest and fails else 0)  # each failure's own success cancels it
            shifts[shift] = shifts.get(shift, Fraction(0)) + p
    return shifts


def chance_after_mage(fixed: int, extra: int, communing: int, value: int, need: int,
                      priest: bool = False) -> Fraction:
    """The helped player's chance of at least ``need`` successes on ``value`` or less, rolling ``fixed`` dice
    plus ``extra`` dice from the tokens they spent, changed by the mage's ``communing`` dice."""
    return sum((p * chance(fixed + max(0, extra + shift), value, need)
                for shift, p in mage_shift(communing, priest).items()), Fraction(0))


def percent(p: Fraction) -> str:
    """A chance as a player reads it: '83.3%', and exactly '0%' or '100%' only when it is certain."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    shown = f"{float(p) * 100:.1f}"
    if shown == "0.0":
        return "under 0.1%"
    if shown == "100.0":
        return "over 99.9%"
    return f"{shown}%"
