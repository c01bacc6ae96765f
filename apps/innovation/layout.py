"""Where each legal move appears on the board: the one place a player taps for it.

``board_layout(view, legal, seat, names)`` turns a view and the list of legal entries
(``{"move", "json", "label"}``) into what board.html draws. Every entry is placed exactly once: a
meld on the hand card, a dogma on the top card, an achievement on its tile, a card choice on that
card wherever the chooser sees it, a color choice on the pile; the rest (draw, yes, decline,
values, players) in the action strip, and under it, on a turn, where the other actions are tapped
(``action_guide``). Each tappable card also says what a tap does ("Meld", "Dogma"), and a top card whom
its dogma reaches, opponent by opponent, from the icon counts now ("Bea shares, 3 vs your 2"). Piles carry
the icons their splay shows, and every place the last move changed (``view["marks"]``, see ``changes``)
carries ``changed``. Pure Python, so it is tested without Django.
"""

from __future__ import annotations

import hashlib
import re

from apps.matches.engine import name_seats

from . import wording
from .cards import CARDS, THIRD
from .core import ACHIEVEMENTS_TO_WIN, AGE, COLORS, SHOWN_BY_SPLAY, SPECIAL_NAMES
from .explain import PLURALS, achieve_needs

ICON_LABELS = {
    "castle": "Castle", "crown": "Crown", "leaf": "Leaf", "lightbulb": "Lightbulb", "factory": "Factory",
    "clock": "Clock", "hex": "Hexagon",
}
ICON_ORDER = ["castle", "crown", "leaf", "lightbulb", "factory", "clock"]
EDITION_NOTE = re.compile(r"\s*\[First-edition text[^\]]*\]")
CARD_NUMBER = {name: i for i, name in enumerate(CARDS)}  # a hand card's part id (board.html): short, unique on a page
LONG, LONGER = 12, 15  # letters in a title's longest word: "Metalworking", "Experimentation"
# What each special achievement needs, shortened from the rules page's conditions (cards.SPECIALS) to fit a tile's
# bubble at the table (claimed at once, with no action, by whoever meets it first); the rules page keeps the whole
# text, with the card that may award it instead.
SPECIAL_NEEDS = {
    "Monument": "tuck six cards, or score six, in one turn.",
    "Empire": "show three or more of each of the six icons on your board.",
    "World": "show twelve or more clocks on your board.",
    "Wonder": "have all five colours on your board, each splayed up or right.",
    "Universe": "have five top cards, each of age 8 or higher.",
}


def card_info(name: str, edition: str = "first", notes: bool = False) -> dict:
    """A card's face; at the table without the rules page's edition notes ("[First-edition text]"), which only
    compare wordings."""
    age, color, icons, dogma_icon, effects = CARDS[name]
    if edition == "third" and name in THIRD:
        effects = THIRD[name]
    if not notes:
        effects = [(d, EDITION_NOTE.sub("", t)) for d, t in effects]
    return {
        "name": name,
        "fit": _fit(name),
        "age": age,
        "color": color,
        "icons": [{"icon": i, "label": ICON_LABELS[i]} for i in icons],
        "dogma_icon": dogma_icon,
        "dogma_label": ICON_LABELS[dogma_icon],
        "effects": [{"demand": d, "text": t} for d, t in effects],
    }


def _fit(name: str) -> str:
    """A title's size class by its longest word, so that word fits on one line of the narrowest card (a phone's
    hand, a desk's five piles) at a smaller size rather than breaking inside ("Metalworki-ng")."""
    longest = max(len(word) for word in name.split())
    return "is-longer" if longest >= LONGER else "is-long" if longest >= LONG else ""


def dogma_reach(card: dict, seat: int, view: dict, names: list[str]) -> dict:
    """Whom tapping one of ``seat``'s top cards reaches, from the featured icon counts now, one verdict per
    opponent at a glance (the rules: at least as many icons share its effects, fewer obey its demands), and
    whether a share that changes the game gives ``seat`` a free draw."""
    icon = card["dogma_icon"]
    mine = view["seats"][seat]["icons"][icon]
    demands = any(e["demand"] for e in card["effects"])
    shared = any(not e["demand"] for e in card["effects"])
    rows = []
    for s in [(seat + i) % view["players"] for i in range(1, view["players"])]:
        count = view["seats"][s]["icons"][icon]
        verdict = ("shares" if shared and count >= mine else "obeys" if demands and count < mine else "safe")
        rows.append({"name": wording.seat_name(names, s), "count": count, "verdict": verdict,
                     "words": wording.REACH[verdict]})
    return {"icon": icon, "plural": PLURALS[icon], "mine": mine, "rows": rows,
            "free_draw": any(r["verdict"] == "shares" for r in rows)}


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
    return {"splay": pile["splay"], "cards": cards, "label": wording.fan_label(pile["splay"], len(cards), counts)}


def _splays(entry: dict | None) -> bool:
    """Whether a legal entry splays a pile (its ``why``, the engine's explain_move, says "Splay your ...")."""
    return entry is not None and entry["why"].startswith("Splay ")


def _key(move: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in move.items()))


def _why_id(key: tuple, index: int, taken: set[str]) -> str:
    """A page id for the line saying what a move does, from the move itself rather than its place in the list: a
    move legal before and after another keeps its id, so the part that shows it (a pile, a hand card) is not sent
    again (``{% part %}``)."""
    found = "iw" + hashlib.blake2b(repr(key).encode(), digest_size=3).hexdigest()
    if found in taken:
        found += f"-{index}"
    taken.add(found)
    return found


class _Placer:
    """Hands out each legal entry once: the first place that claims a move gets its entry, with its ``why``
    (what the move will do) in the players' names and ``why_id``, the page id of the line that says it."""

    def __init__(self, legal: list[dict], kind: str | None, names: list[str] | None = None,
                 picked: list[str] | None = None):
        self.by_move: dict[tuple, dict] = {}
        ids: set[str] = set()
        for i, e in enumerate(legal):
            key = _key(e["move"])
            self.by_move[key] = {**e, "why": name_seats(e.get("why", ""), names or []), "why_id": _why_id(key, i, ids)}
        self.placed: set[tuple] = set()
        self.kind = kind
        self.picked = set(picked or ())  # cards set aside by a pick of several, still where they were

    def claim(self, move: dict) -> dict | None:
        key = _key(move)
        entry = self.by_move.get(key)
        if entry is None or key in self.placed:
            return None
        self.placed.add(key)
        return entry

    def card_choice(self, card: str) -> dict | None:
        if self.kind == "card":
            return self.claim({"type": "choose", "pick": card})
        return None


def _pile(placer: _Placer, p: dict, s: int, mine: bool, view: dict, names: list[str], changed: set[str]) -> dict:
    """One color pile of seat ``s``: a color choice on the pile, else a dogma or a card choice on its top card."""
    edition = view.get("edition", "first")
    color_entry = placer.claim({"type": "choose", "pick": p["color"]}) if (mine and placer.kind == "color") else None
    top = p["top"]
    top_entry = None
    tap = ""
    reach = None
    top_card = card_info(top, edition) if top else None
    if top_card is not None and color_entry is None:
        top_entry = placer.claim({"type": "dogma", "card": top}) if mine else None
        if top_entry:
            tap = "Dogma"
            reach = dogma_reach(top_card, s, view, names)
        else:
            top_entry = placer.card_choice(top)
            tap = "Choose" if top_entry else "Picked" if top in placer.picked else ""
    return {
        "id": f"i{s}{p['color'][0]}",  # its part's (board.html): a seat and a colour's initial
        # its top card's and that card's popover's (_pile.html, _zoom.html): the card's number
        "cid": f"c{CARD_NUMBER[top]}" if top else "",
        "zp": f"z{CARD_NUMBER[top]}" if top else "",
        "color": p["color"],
        "splay": p["splay"],
        "count": p["count"],
        "top": top_card,
        "entry": color_entry,
        "splays": _splays(color_entry),
        "top_entry": top_entry,
        "tap": tap,
        "picked": top in placer.picked,
        "reach": reach,
        "fan": fan(p, edition),
        # the edges of covered cards drawn under an unsplayed top card: one for two cards, two for more
        "edges": min(p["count"] - 1, 2) if p["splay"] == "none" else 0,
        # fanned left or right over three cards or more, it takes two columns of a desk's board (innovation.css)
        "wide": p["splay"] in ("left", "right") and p["count"] > 3,
        "changed": f"{s}-{p['color']}" in changed,
    }


def _hand(placer: _Placer, cards: list[str], edition: str) -> list[dict]:
    hand = []
    for c in cards:
        entry = placer.claim({"type": "meld", "card": c})
        tap = "Meld" if entry else ""
        if entry is None:
            entry = placer.card_choice(c)
            tap = "Choose" if entry else "Picked" if c in placer.picked else ""
        hand.append({"id": f"h{CARD_NUMBER[c]}", "zp": f"z{CARD_NUMBER[c]}", "card": card_info(c, edition),
                     "entry": entry, "tap": tap, "picked": c in placer.picked})
    return hand


def _score(placer: _Placer, cards: list[str], edition: str) -> list[dict]:
    score = []
    for c in cards:
        entry = placer.card_choice(c)
        picked = c in placer.picked
        score.append({"card": card_info(c, edition), "entry": entry,
                      "tap": "Choose" if entry else "Picked" if picked else "", "picked": picked})
    return score


def _player(placer: _Placer, s: int, seat: int | None, view: dict, names: list[str]) -> dict:
    edition = view.get("edition", "first")
    pending = view.get("pending") or {}
    marks = view.get("marks") or {}
    changed_piles = set(marks.get("piles", []))
    record = view["seats"][s]
    mine = s == seat
    piles = [_pile(placer, p, s, mine, view, names, changed_piles) for p in record["board"]]
    hand = _hand(placer, record["hand"], edition) if mine and record["hand"] is not None else []
    score = _score(placer, record["score"], edition) if mine and record["score"] is not None else []
    icons = [{"icon": i, "label": ICON_LABELS[i], "count": record["icons"][i]} for i in ICON_ORDER]
    return {
        "id": f"i{s}",
        "seat": s,
        "name": wording.seat_name(names, s),
        "mine": mine,
        "turn": view["phase"] == "play" and view["turn"]["seat"] == s,
        "deciding": pending.get("seat") == s,
        "piles": piles,
        "empty_colors": [p["color"] for p in piles if not p["top"]],
        "empties": [p for p in piles if not p["top"]],
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
    }


def _action_label(entry: dict, kind: str | None, names: list[str]) -> str:
    """A strip button's label: a seat or a score pile reads with the player's name where it is known."""
    move = entry["move"]
    label = entry["label"]
    if move["type"] == "choose" and kind == "seat" and isinstance(move["pick"], int):
        pick = move["pick"]
        label = names[pick] if pick < len(names) else label
    elif move["type"] == "choose" and kind == "target":
        target, age = (int(x) for x in str(move["pick"]).split(":"))
        if target < len(names):
            label = wording.score_card_of(age, names[target])
    return label


def _actions(placer: _Placer, legal: list[dict], names: list[str]) -> list[dict]:
    """Every entry no place on the board took, in the strip; a draw or a splay with its picture
    (``apps.innovation.pictures.ACTIONS``)."""
    actions = []
    for entry in legal:
        key = _key(entry["move"])
        if key in placer.placed:
            continue
        placer.placed.add(key)
        entry = placer.by_move[key]
        picture = "draw" if entry["move"]["type"] == "draw" else "splay" if _splays(entry) else ""
        # a decline is the quiet way out, but ending a pick of several gives the picked cards their effect
        quiet = entry["move"]["type"] == "decline" and not placer.picked
        actions.append({"entry": entry, "label": _action_label(entry, placer.kind, names), "picture": picture,
                        "quiet": quiet})
    return actions


def achievement_blocked(view: dict, seat: int | None, age: int) -> str:
    """Why ``seat`` may not claim the age's achievement now, in the engine's words (``explain.achieve_needs``);
    "" for an onlooker or before play begins."""
    if seat is None or view["phase"] != "play":
        return ""
    record = view["seats"][seat]
    best = max((AGE[p["top"]] for p in record["board"] if p["top"]), default=0)
    needs = achieve_needs(age, record["points"], best)
    if needs.startswith("Needs"):
        return needs
    return "You may claim it with an action on your turn, when no decision is waiting."


def action_guide(view: dict, legal: list[dict], seat: int | None, achievements: list[dict]) -> list[dict]:
    """On ``seat``'s turn with no decision waiting, the three actions besides the strip's Draw, each with where to
    tap and what it does, or why it cannot be taken now (the nearest achievement's needs)."""
    turn = view.get("turn") or {}
    if seat is None or view["phase"] != "play" or view.get("pending") or turn.get("seat") != seat:
        return []
    kinds = {e["move"]["type"] for e in legal}
    record = view["seats"][seat]
    # Not legal though possible: a lesson enables only the move its step teaches.
    no_meld = "not now" if record["hand"] else "no card in hand"
    no_dogma = "not now" if any(p["top"] for p in record["board"]) else "your board is empty"
    guide = [
        {"kind": "meld", "name": "Meld", "ok": "meld" in kinds,
         "how": "a hand card onto its colour's pile" if "meld" in kinds else no_meld},
        {"kind": "dogma", "name": "Dogma", "ok": "dogma" in kinds,
         "how": "tap a top card to do what it says" if "dogma" in kinds else no_dogma},
    ]
    open_ages = [a for a in achievements if a["entry"] or a["blocked"]]
    if "achieve" in kinds:
        how = f"tap a marked achievement: the first to {ACHIEVEMENTS_TO_WIN[view['players']]} wins"
    elif open_ages and open_ages[0]["blocked"].startswith("Needs "):
        how = f"age {open_ages[0]['age']}: n{open_ages[0]['blocked'][1:].rstrip('.')}"
    elif open_ages:
        how = "not now"
    else:
        how = "none left"
    guide.append({"kind": "achieve", "name": "Achieve", "ok": "achieve" in kinds, "how": how})
    return guide


DOGMA_LINE = re.compile(r"^(?P<card>[^:{]+): \{p(?P<seat>\d+)\} carried out the dogma of (?P=card)\.$")
OWN_LINE = re.compile(r"^\{p(?P<seat>\d+)\} (?P<did>.*?)\.?$")
EFFECT_LINE = re.compile(r"^[^:{]+: \{p(?P<seat>\d+)\} (?P<did>.*?)\.?$")


SCORE_PILE_NOTE = re.compile(r" \(into their score pile\)")


def _as_seen_by(did: str, seat: int, names: list[str]) -> str:
    """A log line's words as ``seat`` reads them: ``seat`` is "you" ("your score pile"), the others by name."""
    did = did.replace(f"{{p{seat}}}'s", "your").replace(f"{{p{seat}}}", "you")
    return name_seats(did, names)


def _effect(seat: int, did: str, viewer: int, names: list[str]) -> str:
    """One thing a dogma did, as the viewer reads it: "you drew City States", "Bea scored a 3"."""
    did = SCORE_PILE_NOTE.sub("", did)  # (the log says it; the box is short)
    if seat == viewer:
        return "you " + _as_seen_by(did, viewer, names).replace(" their ", " your ")
    return f"{wording.seat_name(names, seat)} {_as_seen_by(did, viewer, names)}"


EFFECTS_SHOWN = 2  # what one dogma did, at most, in the box; the log has the rest


def _runs(effects: list[str]) -> list[str]:
    """The effects with a run of the same one said once: "you gave a 1 to Bea (3 times)"."""
    said: list[str] = []
    times: list[int] = []
    for e in effects:
        if said and said[-1] == e:
            times[-1] += 1
        else:
            said.append(e)
            times.append(1)
    return [e if n == 1 else f"{e} ({n} times)" for e, n in zip(said, times, strict=True)]


def last_turns(view: dict, seat: int | None, names: list[str]) -> list[str]:
    """What the others did in their latest turns (between ``seat``'s actions), one line per player from the log, so
    a phone player, whose log waits behind a button, sees at the top of the board whose turn it was and what each of
    their actions did: "Bea's turn: dogma of Archery: you drew City States, you gave a 1 to Bea; then drew
    a 1." A dogma says at most two of the things it did (the log has them all). Empty for an onlooker,
    or before anyone else has acted."""
    if seat is None:
        return []
    blocks: list[tuple[int, str, list[str]]] = []  # (actor, action, what it did)
    for line in view.get("log") or []:
        dogma, own = DOGMA_LINE.match(line), OWN_LINE.match(line)
        found = dogma or own
        if found is not None:
            actor = int(found.group("seat"))
            action = (f"dogma of {dogma.group('card')}" if dogma
                      else _as_seen_by(found.group("did"), seat, names))
            blocks.append((actor, action, []))
        elif blocks and (effect := EFFECT_LINE.match(line)):
            blocks[-1][2].append(_effect(int(effect.group("seat")), effect.group("did"), seat, names))
    while blocks and blocks[-1][0] == seat:  # the player's own actions this turn
        blocks.pop()
    done: dict[int, list[str]] = {}
    for actor, action, effects in reversed(blocks):
        if actor == seat:
            break
        said = _runs(effects)
        if said:
            more = f" and {len(said) - EFFECTS_SHOWN} more" if len(said) > EFFECTS_SHOWN else ""
            # what it did to the viewer first, if not all is said
            shown = sorted(sorted(range(len(said)), key=lambda i: not said[i].startswith("you "))[:EFFECTS_SHOWN])
            action += ": " + ", ".join(said[i] for i in shown) + more
        done.setdefault(actor, []).insert(0, action)
    return [f"{wording.seat_name(names, s)}'s turn: " + "; then ".join(acts) + "."
            for s, acts in reversed(done.items())]


def specials(view: dict, seat: int | None, names: list[str]) -> list[dict]:
    """The five special achievements in the rules' order, each with what it needs and who has claimed it (``mine``
    when ``seat`` has)."""
    holders = {a: s for s, record in enumerate(view["seats"]) for a in record["achievements"]}
    return [{"id": f"x{i}", "name": n, "needs": SPECIAL_NEEDS[n], "mine": n in holders and holders[n] == seat,
             "holder": wording.seat_name(names, holders[n]) if n in holders else ""}
            for i, n in enumerate(SPECIAL_NAMES)]


def board_layout(view: dict, legal: list[dict], seat: int | None, names: list[str]) -> dict:
    edition = view.get("edition", "first")
    pending = view.get("pending") or {}
    group = pending.get("group")
    set_aside = group["picked"] if group and not group["acted"] else []
    placer = _Placer(legal, pending.get("kind"), names, set_aside)
    marks = view.get("marks") or {}
    order = list(range(view["players"]))
    if seat is not None:
        order = order[seat:] + order[:seat]
    players = [_player(placer, s, seat, view, names) for s in order]
    revealed = [{"card": card_info(r["card"], edition), "seat": r["seat"],
                 "name": names[r["seat"]] if r["seat"] < len(names) else "",
                 "entry": placer.card_choice(r["card"])} for r in view.get("revealed", [])]
    achievements = [{"id": f"a{a}", "age": a, "entry": placer.claim({"type": "achieve", "age": a})}
                    for a in view["achievements"]]
    for a in achievements:
        a["blocked"] = "" if a["entry"] else achievement_blocked(view, seat, a["age"])
    drawn = set(marks.get("supply", []))
    supply = [{**pile, "id": f"u{pile['age']}", "changed": pile["age"] in drawn} for pile in view["supply"]]
    return {
        "players": players,
        "revealed": revealed,
        "achievements": achievements,
        "specials": specials(view, seat, names),
        "supply": supply,
        "table_changed": bool(marks.get("table")),
        "actions": _actions(placer, legal, names),
        "picked": wording.picked_line(group) if group else "",
        "guide": action_guide(view, legal, seat, achievements),
        "since": last_turns(view, seat, names),
        "colors": COLORS,
        "setup": view["phase"] == "setup",
        "to_win": ACHIEVEMENTS_TO_WIN[view["players"]] if view["phase"] != "over" else 0,
    }
