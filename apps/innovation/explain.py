"""What each of a seat's legal Innovation moves will do, said before it is chosen (``RULES.explain_move``).

A draw says which age comes and why; a meld, where the card lands and how the seat's icon totals change; an
achievement, the points and top card it needs against what the seat has; a dogma, who shares its effects and
who must obey its demands, from the featured icon counted on every board now ("shares with {p1} (3 leaves, at
least your 2)"); a choice inside an effect, what picking that card, pile, value or player does for the
decision asked. Only what the deciding seat may see is read: icon totals and boards are public, the seat's
own hand and score pile are its own. Seats are ``{pN}`` placeholders, as in the log and the prompt.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from apps.matches.engine import Move

from .core import (
    ACHIEVEMENTS_TO_WIN,
    AGE,
    CARD_ICONS,
    COLOR,
    DOGMA_ICON,
    ICONS,
    SHOWN_BY_SPLAY,
    InnovationState,
    PickGroup,
    Pile,
    draw_age_for,
    effect_list,
    highest_top_age,
    icon_counts,
    locate,
    points,
    visible_to,
)
from .wording import DOING, OPTION_LABELS, PAST, article

PLURALS = {"castle": "castles", "crown": "crowns", "leaf": "leaves", "lightbulb": "lightbulbs",
           "factory": "factories", "clock": "clocks"}


def icons_phrase(count: int, icon: str) -> str:
    return f"{count} {icon if count == 1 else PLURALS[icon]}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def board_icons(board: dict[str, Pile]) -> dict[str, int]:
    """The visible icons of a board: every icon of each top card and what each splay shows of the cards below."""
    counts = dict.fromkeys(ICONS, 0)
    for pile in board.values():
        cards = pile["cards"]
        for position, name in enumerate(reversed(cards)):
            shown = range(4) if position == 0 else SHOWN_BY_SPLAY[pile["splay"]]
            for i in shown:
                icon = CARD_ICONS[name][i]
                if icon in counts:
                    counts[icon] += 1
    return counts


def icon_change(before: dict[str, int], after: dict[str, int]) -> str:
    """'+1 leaf, -2 castles' (the icons whose total changes), or '' when none does."""
    parts = [f"{'+' if after[i] > before[i] else '-'}{icons_phrase(abs(after[i] - before[i]), i)}"
             for i in ICONS if after[i] != before[i]]
    return ", ".join(parts)


# --- The four actions ----------------------------------------------------------------------------------------


def explain_draw(state: InnovationState, seat: int) -> str:
    wanted = draw_age_for(state, seat)
    why = (f"your highest top card is {article(wanted)} {wanted}" if highest_top_age(state, seat)
           else "your board is empty")
    age = wanted
    while age <= 10 and not state["decks"][str(age)]:
        age += 1
    if age > 10:
        return (f"Draw {article(wanted)} {wanted} ({why}), but no pile from {wanted} up has a card left: "
                "the game ends and the highest score wins.")
    if age == wanted + 1:
        return f"Take {article(age)} {age} into your hand: {why}, and the {wanted} pile is empty."
    if age != wanted:
        empty = f"{wanted} and {age - 1}" if age == wanted + 2 else f"{wanted} to {age - 1}"
        return f"Take {article(age)} {age} into your hand: {why}, and the {empty} piles are empty."
    left = len(state["decks"][str(age)])
    return f"Take {article(age)} {age} into your hand ({why}); {left} left in that pile."


def explain_meld(state: InnovationState, seat: int, card: str) -> str:
    board = state["seats"][seat]["board"]
    color = COLOR[card]
    pile = board[color]
    after: dict[str, Pile] = {**board, color: {"cards": [*pile["cards"], card], "splay": pile["splay"]}}
    change = icon_change(board_icons(board), board_icons(after))
    covers = f"covering {pile['cards'][-1]}" if pile["cards"] else f"starting your {color} pile"
    if state["phase"] == "setup":
        return (f"Start your board with {card} ({color}); the first card in the alphabet among everyone's "
                "choices goes first.")
    return f"Put {card} on your {color} pile, {covers}" + (f": {change}." if change else "; your icons stay the same.")


def achieve_needs(age: int, have_points: int, best_top: int) -> str:
    """What claiming the age's achievement asks (five times its age in points, a top card of that age) against
    what the seat has; the engine's reason when it may not."""
    need = 5 * age
    missing = []
    if have_points < need:
        missing.append(f"{need} points (you have {have_points})")
    if best_top < age:
        missing.append(f"a top card of age {age} or higher (your highest is {best_top or 'none'})")
    if missing:
        return "Needs " + " and ".join(missing) + "."
    return (f"You have {have_points} points (needs {need}) and a top card of age {best_top} (needs {age}); "
            "points are not spent.")


def explain_achieve(state: InnovationState, seat: int, age: int) -> str:
    have = len(state["seats"][seat]["achievements"]) + 1
    goal = ACHIEVEMENTS_TO_WIN[state["players"]]
    tally = "that wins the game" if have >= goal else f"{have} of the {goal} achievements that win"
    return (f"Claim the age {age} achievement ({tally}). "
            + achieve_needs(age, points(state, seat), highest_top_age(state, seat)))


def explain_dogma(state: InnovationState, seat: int, card: str) -> str:
    """Who shares and who is demanded of, by the rule: an opponent with at least as many of the featured icon
    shares the non-demand effects; one with fewer must obey the demands."""
    icon = DOGMA_ICON[card]
    counts = [icon_counts(state, s)[icon] for s in range(state["players"])]
    mine = counts[seat]
    others = [(seat + i) % state["players"] for i in range(1, state["players"])]
    effects = effect_list(card, state["edition"])
    demands = any(demand for demand, _ in effects)
    shared = any(not demand for demand, _ in effects)
    yours = f"your {mine}"
    parts = []
    if shared:
        sharers = [f"{{p{s}}} ({icons_phrase(counts[s], icon)}, at least {yours})" for s in others
                   if counts[s] >= mine]
        parts.append(f"Shares with {_and(sharers)}" if sharers else
                     f"No one shares (everyone has fewer {PLURALS[icon]} than {yours})")
    if demands:
        obeyers = [f"{{p{s}}} ({icons_phrase(counts[s], icon)}, fewer than {yours})" for s in others
                   if counts[s] < mine]
        parts.append(f"demands of {_and(obeyers)}" if obeyers else
                     f"demands of no one (no one has fewer {PLURALS[icon]} than {yours})")
    said = "; ".join(parts)
    said = said[0].upper() + said[1:]
    if shared and any(counts[s] >= mine for s in others):
        said += ". If a sharer's effect changes anything, you draw a card at the end"
    return f"{said}."


# --- Choices inside an effect ---------------------------------------------------------------------------------

VERBS = ("return", "score", "tuck", "meld", "reveal", "transfer", "give", "take", "keep", "achieve", "splay")
_MAY = re.compile(r"^(?:You may |You must )?(" + "|".join(VERBS) + r")\b(.*)$", re.IGNORECASE)
_CHOOSE = re.compile(r"^Choose .*? to (" + "|".join(VERBS) + r")\b(.*)$", re.IGNORECASE)


def card_place(state: InnovationState, seat: int, card: str) -> str:
    zone, owner = locate(state, card)
    whose = "your" if owner == seat else f"{{p{owner}}}'s"
    if zone == "hand":
        return f"from {whose} hand"
    if zone == "score":
        return f"from {whose} score pile"
    if zone == "board":
        return f"on {whose} board"
    if zone == "revealed":
        return "revealed"
    return zone


def card_words(state: InnovationState, seat: int, card: str) -> str:
    return f"{card} (age {AGE[card]}, {COLOR[card]}, {card_place(state, seat, card)})"


def explain_card_pick(state: InnovationState, seat: int, card: str, prompt: str) -> str:
    if not visible_to(state, card, seat):
        return f"Pick a {AGE[card]} for: {prompt}"
    what = card_words(state, seat, card)
    found = _CHOOSE.match(prompt) or _MAY.match(prompt)
    if found:
        rest = found.group(2)
        if found.re is _MAY:  # drop the object ("a card from your hand"): the pick names it
            object_end = re.search(r"\bcards?\b(?: from your (?:hand|score pile|board))?", rest)
            rest = rest[object_end.end():] if object_end else rest[rest.find(" to "):] if " to " in rest else ""
        rest = rest.rstrip(". ")
        tail = rest if rest.startswith((" to ", " into ", " and ", ",", ";", ":")) else ""
        return f"{found.group(1).capitalize()} {what}{tail}."
    return f"Pick {what} for: {prompt}"


def explain_color_pick(state: InnovationState, seat: int, color: str, prompt: str) -> str:
    pile = state["seats"][seat]["board"][color]
    cards = pile["cards"]
    if not cards:
        return f"Name {color} (not on your board) for: {prompt}"
    described = f"your {color} pile ({len(cards)} card{'s' if len(cards) != 1 else ''}, {cards[-1]} on top)"
    directions = re.findall(r"\b(left|right|up)\b", prompt)
    if "splay" in prompt.lower() and directions:
        direction = directions[-1]
        board = state["seats"][seat]["board"]
        after: dict[str, Pile] = {**board, color: {"cards": cards, "splay": direction}}
        change = icon_change(board_icons(board), board_icons(after))
        return f"Splay {described} {direction}" + (f": {change}." if change else "; no icon total changes.")
    return f"Pick {described} for: {prompt}"


def _seen(state: InnovationState, seat: int, cards: list[str]) -> list[str]:
    """Cards by name where ``seat`` sees them now, else by their backs ("a 7", given away)."""
    return [card if visible_to(state, card, seat) else f"a {AGE[card]}" for card in cards]


def explain_group_finish(state: InnovationState, seat: int, group: PickGroup) -> str:
    """What ending a pick of several does: the cards set aside go now, or the acting stops."""
    picked, verb = _seen(state, seat, group["picked"]), group["verb"]
    if not picked:
        return f"{verb.capitalize() or 'Pick'} no card, and the dogma goes on."
    if group["acted"]:
        return f"Stop {DOING.get(verb, verb)} ({_and(picked)} {PAST.get(verb, verb)} so far), and the dogma goes on."
    if not verb:
        return f"Stop picking, with {_and(picked)} picked, and the dogma goes on."
    return f"Stop picking and {verb} {_and(picked)}, and the dogma goes on."


def explain_group_pick(state: InnovationState, seat: int, card: str, group: PickGroup, said: str) -> str:
    """A pick of several (``said``: what the pick alone would say): whether it joins cards set aside and how many
    are left to pick, or what was already done."""
    picked, verb = _seen(state, seat, group["picked"]), group["verb"]
    if group["acted"] or not verb or not visible_to(state, card, seat):
        done = PAST.get(verb, "picked")
        return said + (f" ({_and(picked)} {done} so far.)" if picked else "")
    with_ = f" too, with {_and(picked)}" if picked else ""
    n, least, most = len(picked) + 1, group["least"], group["most"]
    if most is not None and n >= most:
        after = f"that makes {n}, and they are {PAST.get(verb, verb)} at once"
    elif n < least:
        after = f"{least - n} more to pick after it"
    else:
        after = f"then pick more, or stop to {verb} the picked cards"
    return f"Pick {card_words(state, seat, card)} to {verb}{with_}; {after}."


def explain_choice(state: InnovationState, seat: int, move: Move) -> str:
    pending = state["pending"]
    if pending is None:
        return ""
    prompt = pending["prompt"]
    kind = pending["kind"]
    group = pending.get("group")
    if move["type"] == "decline" and group is not None:
        return explain_group_finish(state, seat, group)
    if move["type"] == "decline":
        may = re.match(r"^You may (.*)$", prompt)
        if may:
            return f"Do not {may.group(1).rstrip('.')}: skip it, and the dogma goes on."
        return f"Stop here and pick nothing more for: {prompt}"
    pick = move["pick"]
    if kind == "card" and group is not None:
        return explain_group_pick(state, seat, str(pick), group, explain_card_pick(state, seat, str(pick), prompt))
    if kind == "card":
        return explain_card_pick(state, seat, str(pick), prompt)
    if kind == "color":
        return explain_color_pick(state, seat, str(pick), prompt)
    if kind == "yes":
        may = re.match(r"^You may (.*)$", prompt)
        return (may.group(1)[0].upper() + may.group(1)[1:]) if may else f"Yes to: {prompt}"
    if kind == "value":
        return f"Name {pick} for: {prompt}"
    if kind == "seat":
        return f"Pick {{p{int(pick)}}} for: {prompt}"
    if kind == "target":
        target, age = str(pick).split(":")
        return f"Pick {article(int(age))} {age} from {{p{int(target)}}}'s score pile for: {prompt}"
    if kind == "option":
        return f"{OPTION_LABELS.get(str(pick), str(pick))}, for: {prompt}"
    return f"Pick {pick} for: {prompt}"


EXPLAINERS: dict[str, Callable[[InnovationState, int, Move], str]] = {
    "draw": lambda state, seat, move: explain_draw(state, seat),
    "meld": lambda state, seat, move: explain_meld(state, seat, move["card"]),
    "achieve": lambda state, seat, move: explain_achieve(state, seat, move["age"]),
    "dogma": lambda state, seat, move: explain_dogma(state, seat, move["card"]),
    "choose": explain_choice,
    "decline": explain_choice,
}


def explain(state: InnovationState, seat: int, move: Move) -> str:
    """What one of ``seat``'s legal moves will do, in a sentence; ``{pN}`` names seats."""
    return EXPLAINERS[move["type"]](state, seat, move)
