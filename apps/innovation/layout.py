"""Where each legal move appears on the board: the one place a player taps for it.

``board_layout(view, legal, seat, names)`` turns a view and the list of legal entries
(``{"move", "json", "label"}``) into what board.html draws. Every entry is placed exactly once: a
meld on the hand card, a dogma on the top card, an achievement on its tile, a card choice on that
card wherever the chooser sees it, a color choice on the pile; the rest (draw, yes, decline,
values, players) in the action strip. Pure Python, so it is tested without Django.
"""

from __future__ import annotations

from .cards import CARDS, THIRD
from .core import COLORS

ICON_LABELS = {
    "castle": "Castle", "crown": "Crown", "leaf": "Leaf", "lightbulb": "Lightbulb", "factory": "Factory",
    "clock": "Clock", "hex": "Hexagon",
}
ICON_SHORT = {"castle": "Ca", "crown": "Cr", "leaf": "Le", "lightbulb": "Li", "factory": "Fa", "clock": "Cl",
              "hex": ""}
ICON_ORDER = ["castle", "crown", "leaf", "lightbulb", "factory", "clock"]


def card_info(name: str, edition: str = "first") -> dict:
    age, color, icons, dogma_icon, effects = CARDS[name]
    if edition == "third" and name in THIRD:
        effects = THIRD[name]
    return {
        "name": name,
        "age": age,
        "color": color,
        "icons": [{"icon": i, "short": ICON_SHORT[i], "label": ICON_LABELS[i]} for i in icons],
        "dogma_icon": dogma_icon,
        "dogma_label": ICON_LABELS[dogma_icon],
        "effects": [{"demand": d, "text": t} for d, t in effects],
    }


def _key(move: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in move.items()))


def board_layout(view: dict, legal: list[dict], seat: int | None, names: list[str]) -> dict:
    edition = view.get("edition", "first")
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    placed: set[tuple] = set()

    by_move = {_key(e["move"]): e for e in legal}

    def claim(move: dict) -> dict | None:
        key = _key(move)
        entry = by_move.get(key)
        if entry is None or key in placed:
            return None
        placed.add(key)
        return entry

    def card_choice(card: str) -> dict | None:
        if kind == "card":
            return claim({"type": "choose", "pick": card})
        return None

    players = []
    order = list(range(view["players"]))
    if seat is not None:
        order = order[seat:] + order[:seat]
    for s in order:
        record = view["seats"][s]
        mine = s == seat
        piles = []
        for p in record["board"]:
            color_entry = claim({"type": "choose", "pick": p["color"]}) if (mine and kind == "color") else None
            top = p["top"]
            top_entry = None
            if top is not None and color_entry is None:
                top_entry = (claim({"type": "dogma", "card": top}) if mine else None) or card_choice(top)
            piles.append({
                "color": p["color"],
                "splay": p["splay"],
                "count": p["count"],
                "top": card_info(top, edition) if top else None,
                "entry": color_entry,
                "top_entry": top_entry,
                "below": [card_info(c, edition) for c in p["cards"][1:]] if mine else [],
            })
        hand = []
        if mine and record["hand"] is not None:
            for c in record["hand"]:
                entry = claim({"type": "meld", "card": c}) or card_choice(c)
                hand.append({"card": card_info(c, edition), "entry": entry})
        score = []
        if mine and record["score"] is not None:
            for c in record["score"]:
                score.append({"card": card_info(c, edition), "entry": card_choice(c)})
        icons = [{"icon": i, "short": ICON_SHORT[i], "label": ICON_LABELS[i], "count": record["icons"][i]}
                 for i in ICON_ORDER]
        players.append({
            "seat": s,
            "name": names[s] if s < len(names) else f"Seat {s + 1}",
            "mine": mine,
            "turn": view["phase"] == "play" and view["turn"]["seat"] == s,
            "deciding": pending.get("seat") == s,
            "piles": piles,
            "hand": hand,
            "hand_ages": record["hand_ages"],
            "hand_count": record["hand_count"],
            "score": score,
            "score_ages": record["score_ages"],
            "points": record["points"],
            "achievements": record["achievements"],
            "icons": icons,
        })

    revealed = [{"card": card_info(r["card"], edition), "seat": r["seat"],
                 "name": names[r["seat"]] if r["seat"] < len(names) else "",
                 "entry": card_choice(r["card"])} for r in view.get("revealed", [])]
    achievements = [{"age": a, "entry": claim({"type": "achieve", "age": a})} for a in view["achievements"]]

    actions = []
    for entry in legal:
        key = _key(entry["move"])
        if key in placed:
            continue
        placed.add(key)
        move = entry["move"]
        label = entry["label"]
        if move["type"] == "choose" and kind == "seat" and isinstance(move["pick"], int):
            pick = move["pick"]
            label = names[pick] if pick < len(names) else label
        elif move["type"] == "choose" and kind == "target":
            target, age = (int(x) for x in str(move["pick"]).split(":"))
            if target < len(names):
                label = f"A {age} from {names[target]}'s score pile"
        actions.append({"entry": entry, "label": label})

    texts = []
    seen = set()
    for player in players:
        for item in player["hand"]:
            if item["card"]["name"] not in seen:
                seen.add(item["card"]["name"])
                texts.append(item["card"])
    for player in players:
        for p in player["piles"]:
            if p["top"] and p["top"]["name"] not in seen:
                seen.add(p["top"]["name"])
                texts.append(p["top"])
    texts.sort(key=lambda c: (c["age"], c["name"]))

    return {
        "players": players,
        "revealed": revealed,
        "achievements": achievements,
        "specials": view["specials"],
        "supply": view["supply"],
        "actions": actions,
        "texts": texts,
        "colors": COLORS,
    }
