"""Data for Innovation's pages outside a match: ``rules_context()`` feeds innovation/rules.html."""

from __future__ import annotations

from .cards import CARDS, SPECIALS, THIRD
from .core import ACHIEVEMENTS_TO_WIN
from .layout import card_info


def rules_context() -> dict:
    """The card list by age (with the third-edition wording where it differs), the special
    achievements, the achievements needed to win and the edition option."""
    ages = []
    for age in range(1, 11):
        cards = []
        for name in sorted(n for n, data in CARDS.items() if data[0] == age):
            info = card_info(name, notes=True)
            if name in THIRD:
                info["third"] = [{"demand": d, "text": t} for d, t in THIRD[name]]
            cards.append(info)
        ages.append({"age": age, "cards": cards})
    return {
        "ages": ages,
        "specials": [{"name": n, "condition": c} for n, c in SPECIALS.items()],
        "to_win": [{"players": p, "achievements": a} for p, a in sorted(ACHIEVEMENTS_TO_WIN.items())],
        "revised": sorted(THIRD),
        "card_count": len(CARDS),
    }
