"""Final scoring: culture sets, professions, resources; the winners and the tie-break.

Culture: the green cards (the extra cards included) are split into sets of different
symbols; each set scores its size squared. Professions: each profession's symbols times
its element (farmer x agriculture, toolmaker x total tool value, builder x buildings,
shaman x people). Each wood, clay, stone or gold left scores 1 point; food scores nothing.
Ties go to the highest agriculture + tool value + people; a further tie is shared.
"""

from __future__ import annotations

from .content import CARD_BY_ID, CULTURES, PROFESSIONS
from .state import SeatState, StoneAgeState

State = StoneAgeState


def culture_sets(culture_counts: dict[str, int]) -> list[int]:
    """Sizes of the sets of different symbols, largest first: {a: 2, b: 1} -> [2, 1]."""
    counts = [n for n in culture_counts.values() if n > 0]
    sets = []
    while counts:
        sets.append(len(counts))
        counts = [n - 1 for n in counts if n > 1]
    return sets


def culture_points(culture_counts: dict[str, int]) -> int:
    return sum(size * size for size in culture_sets(culture_counts))


def profession_element(player: SeatState, profession: str) -> int:
    if profession == "farmer":
        return player["agriculture"]
    if profession == "toolmaker":
        return sum(player["tools"])
    if profession == "builder":
        return len(player["buildings"])
    return player["people"]


def end_scoring(player: SeatState) -> dict:
    """What final scoring adds to a player's score for their board as it is now: culture sets, professions and
    resources left ("total"), with each part. At the game's end this is exactly what is added to the score; during
    the game it is the "final scoring so far" the table shows its owner (``seat_breakdown`` and the table both use
    it, so the two never disagree)."""
    cards = player["cards"] + player["extra"]
    cultures = {c: 0 for c in CULTURES}
    symbols = {p: 0 for p in PROFESSIONS}
    for card_id in cards:
        card = CARD_BY_ID[card_id]
        if card.culture:
            cultures[card.culture] += 1
        else:
            symbols[card.profession] += card.count
    professions = {}
    for p in PROFESSIONS:
        element = profession_element(player, p)
        professions[p] = {"symbols": symbols[p], "element": element, "points": symbols[p] * element}
    culture = culture_points(cultures)
    profession_total = sum(part["points"] for part in professions.values())
    resources = sum(player["res"].values())
    return {
        "cultures": {c: n for c, n in cultures.items() if n},
        "culture_sets": culture_sets(cultures),
        "culture": culture,
        "professions": profession_total,
        "by_profession": professions,
        "resources": resources,
        "total": culture + profession_total + resources,
    }


def seat_breakdown(player: SeatState) -> dict:
    end = end_scoring(player)
    during = player["score"]
    return {
        "during_game": during,
        "buildings": player["scored"]["buildings"],
        "card_points": player["scored"]["cards"],
        "penalties": player["scored"]["penalties"],
        "cultures": end["cultures"],
        "culture_sets": end["culture_sets"],
        "culture": end["culture"],
        "professions": end["professions"],
        "by_profession": end["by_profession"],
        "resources": end["resources"],
        "total": during + end["total"],
        "tiebreak": player["agriculture"] + sum(player["tools"]) + player["people"],
    }


def final_scores(state: State) -> list[dict]:
    return [seat_breakdown(player) for player in state["seats"]]


def result(state: State) -> dict:
    parts = final_scores(state)
    scores = [p["total"] for p in parts]
    best = max(scores)
    leaders = [s for s, score in enumerate(scores) if score == best]
    top_break = max(parts[s]["tiebreak"] for s in leaders)
    winners = [s for s in leaders if parts[s]["tiebreak"] == top_break]
    return {
        "scores": scores,
        "winners": winners,
        "breakdown": parts,
        "tiebreak": [p["tiebreak"] for p in parts],
        "reason": state["end"],
    }
