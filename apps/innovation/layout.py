"""Where each legal move appears on the board: the one place a player taps for it.

``board_layout(view, legal, seat, names)`` turns a view and the list of legal entries
(``{"move", "json", "label"}``) into what board.html draws. Every entry is placed exactly once: a
meld on the hand card, a dogma on the top card, an achievement on its tile, a card choice on that
card wherever the chooser sees it, a color choice on the pile; the rest (draw, yes, decline,
values, players) in the action strip. Each tappable card also says what a tap does ("Meld", "Dogma:
shared by ..., demands of ..." from the icon counts now). Piles carry the icons their splay shows, and
every place the last move changed (``view["marks"]``, see ``changes``) carries ``changed``. Pure Python,
so it is tested without Django.
"""

from __future__ import annotations

from .cards import CARDS, THIRD
from .core import COLORS, SHOWN_BY_SPLAY

ICON_LABELS = {
    "castle": "Castle", "crown": "Crown", "leaf": "Leaf", "lightbulb": "Lightbulb", "factory": "Factory",
    "clock": "Clock", "hex": "Hexagon",
}
ICON_ORDER = ["castle", "crown", "leaf", "lightbulb", "factory", "clock"]


def card_info(name: str, edition: str = "first") -> dict:
    age, color, icons, dogma_icon, effects = CARDS[name]
    if edition == "third" and name in THIRD:
        effects = THIRD[name]
    return {
        "name": name,
        "age": age,
        "color": color,
        "icons": [{"icon": i, "label": ICON_LABELS[i]} for i in icons],
        "dogma_icon": dogma_icon,
        "dogma_label": ICON_LABELS[dogma_icon],
        "effects": [{"demand": d, "text": t} for d, t in effects],
    }


def _words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def dogma_tap(card: dict, seat: int, view: dict, names: list[str]) -> str:
    """What tapping one of ``seat``'s top cards does, from the featured icon counts now: who shares its
    effects and who must obey its demands (the rules: at least as many icons share, fewer obey)."""
    icon = card["dogma_icon"]
    mine = view["seats"][seat]["icons"][icon]
    others = [s for s in range(view["players"]) if s != seat]
    name = [names[s] if s < len(names) else f"Seat {s + 1}" for s in range(view["players"])]
    share = [name[s] for s in others if view["seats"][s]["icons"][icon] >= mine]
    obey = [name[s] for s in others if view["seats"][s]["icons"][icon] < mine]
    demands = any(e["demand"] for e in card["effects"])
    shared = any(not e["demand"] for e in card["effects"])
    parts = []
    if shared and share:
        parts.append(f"shared by {_words(share)}")
    if demands:
        parts.append(f"demands of {_words(obey)}" if obey else "no one must obey")
    return "Dogma: " + ("; ".join(parts) if parts else "just you")


def fan(pile: dict, edition: str) -> dict | None:
    """The icons a splayed pile shows under its top card, card by card, and a sentence saying so."""
    shown = SHOWN_BY_SPLAY[pile["splay"]]
    if not shown or pile["count"] < 2:
        return None
    cards = []
    for name in pile["cards"][1:]:
        info = card_info(name, edition)
        cards.append({"age": info["age"], "icons": [info["icons"][i] for i in shown]})
    counts: dict[str, int] = {}
    for c in cards:
        for i in c["icons"]:
            if i["icon"] != "hex":
                counts[i["label"]] = counts.get(i["label"], 0) + 1
    seen = ", ".join(f"{n} {label}{'s' if n != 1 else ''}" for label, n in counts.items()) or "no icons"
    below = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    return {"splay": pile["splay"], "cards": cards, "label": f"Splayed {pile['splay']}: the {below} below show {seen}"}


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

    marks = view.get("marks") or {}
    changed_piles = set(marks.get("piles", []))
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
            tap = ""
            top_card = card_info(top, edition) if top else None
            if top is not None and color_entry is None:
                top_entry = claim({"type": "dogma", "card": top}) if mine else None
                if top_entry:
                    tap = dogma_tap(top_card, s, view, names)
                else:
                    top_entry = card_choice(top)
                    tap = "Choose" if top_entry else ""
            piles.append({
                "color": p["color"],
                "splay": p["splay"],
                "count": p["count"],
                "top": top_card,
                "entry": color_entry,
                "top_entry": top_entry,
                "tap": tap,
                "aria": (f"{top_entry['label']}: {tap[7:]}" if tap.startswith("Dogma:") else
                         top_entry["label"] if top_entry else ""),
                "fan": fan(p, edition),
                "changed": f"{s}-{p['color']}" in changed_piles,
            })
        hand = []
        if mine and record["hand"] is not None:
            for c in record["hand"]:
                entry = claim({"type": "meld", "card": c})
                tap = "Meld" if entry else ""
                if entry is None:
                    entry = card_choice(c)
                    tap = "Choose" if entry else ""
                hand.append({"card": card_info(c, edition), "entry": entry, "tap": tap})
        score = []
        if mine and record["score"] is not None:
            for c in record["score"]:
                entry = card_choice(c)
                score.append({"card": card_info(c, edition), "entry": entry, "tap": "Choose" if entry else ""})
        icons = [{"icon": i, "label": ICON_LABELS[i], "count": record["icons"][i]} for i in ICON_ORDER]
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
            "hand_changed": s in marks.get("hands", []),
            "score_changed": s in marks.get("scores", []),
            "achieved_changed": s in marks.get("achieved", []),
            "moved": marks.get("seat") == s,
        })

    revealed = [{"card": card_info(r["card"], edition), "seat": r["seat"],
                 "name": names[r["seat"]] if r["seat"] < len(names) else "",
                 "entry": card_choice(r["card"])} for r in view.get("revealed", [])]
    achievements = [{"age": a, "entry": claim({"type": "achieve", "age": a})} for a in view["achievements"]]
    drawn = set(marks.get("supply", []))
    supply = [{**pile, "changed": pile["age"] in drawn} for pile in view["supply"]]

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

    return {
        "players": players,
        "revealed": revealed,
        "achievements": achievements,
        "specials": view["specials"],
        "supply": supply,
        "table_changed": bool(marks.get("table")),
        "actions": actions,
        "colors": COLORS,
    }
