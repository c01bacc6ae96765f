"""What paying for a building or a card with resources takes: whether a payment can be completed, whether a player can
pay for a building, and what they lack, in words (for the log, the explanations and the refusals)."""

from __future__ import annotations

from . import wording as w
from .content import ANY_MIN, BUILDING_BY_ID, RESOURCES


def kinds_feasible(paid: dict[str, int], res: dict[str, int], count: int, kinds: int) -> bool:
    """Can a payment started with ``paid`` end at exactly ``count`` resources of exactly ``kinds`` kinds?"""
    left = count - sum(paid.values())
    used = [r for r in RESOURCES if paid.get(r)]
    if left < 0 or len(used) > kinds:
        return False
    need_new = kinds - len(used)
    fresh = sorted((res[r] for r in RESOURCES if not paid.get(r) and res[r] > 0), reverse=True)
    if len(fresh) < need_new or left < need_new:
        return False
    return sum(res[r] for r in used) + sum(fresh[:need_new]) >= left


def building_affordable(building_id: str, res: dict[str, int]) -> bool:
    b = BUILDING_BY_ID[building_id]
    if b.kind == "fixed":
        return all(res[r] >= n for r, n in b.cost)
    if b.kind == "kinds":
        return kinds_feasible({}, res, b.count, b.kinds)
    return sum(res.values()) >= ANY_MIN


def building_shortfall(building_id: str, res: dict[str, int]) -> str:
    """What a player lacks to pay for a building, as a player reads it ("" if they can pay)."""
    if building_affordable(building_id, res):
        return ""
    b = BUILDING_BY_ID[building_id]
    if b.kind == "fixed":
        return f"needs {w.resources_phrase({r: n - res[r] for r, n in b.cost if res[r] < n})} more"
    if b.kind == "kinds":
        amounts = sorted((n for n in res.values() if n > 0), reverse=True)
        kinds = "1 kind" if b.kinds == 1 else f"{b.kinds} different kinds"
        if len(amounts) < b.kinds:
            return f"needs {kinds} of resource ({len(amounts)} now)"
        more = b.count - sum(amounts[:b.kinds])
        return f"needs {more} more resource{'s' if more > 1 else ''} of {kinds}"
    return "needs at least 1 resource"
