"""What each of a seat's legal Origins moves will do, said before it is chosen (``Rules.explain_move``).

A pawn move says where the pawn goes, what settling there gives (a hunting token, a tile and a card, brown tiles),
which strait token it wins and which objective in hand it completes, and which rival pawns could swap it back to
the Cradle; an evolution says what the new pawn is, how it differs from the pawn it comes from (which stays), and
where it may settle; a card says what it does now. Seats are written ``{pN}`` as in every Origins text.

Reads only what the deciding seat may see: the public board, how many cards each hand and deck holds, and its own
hand. A pawn move's consequences are worked out by doing the move on a copy (``flow``'s own functions), which
draws nothing: the reward it leads to is a later decision.
"""

from __future__ import annotations

from collections.abc import Callable

from apps.matches.engine import Move, Rng

from . import flow, objectives
from .content import (
    CARD_BY_ID,
    DISTANCE,
    MARKERS_PER_PLAYER,
    OBJECTIVES_TO_END,
    ROUND_LIMIT,
    STRAITS,
    TERRITORY_BY_ID,
    parse_form,
    tile_points,
)
from .state import OriginsState, Pawn
from .wording import seat_token, space_name

State = OriginsState


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listing(items: list[str], most: int = 4) -> str:
    """'A, B or C'; past ``most`` items, the first ones and how many more; 'nothing' for none."""
    if not items:
        return "nothing"
    if len(items) > most:
        return ", ".join(items[:most]) + f" or {len(items) - most} more"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def short(form: str) -> str:
    color, height, width = parse_form(form)
    return f"{color} {height}x{width}"


def difference(source: str, target: str) -> str:
    """How an evolved form differs from the pawn it comes from, in a newcomer's words."""
    c1, h1, w1 = parse_form(source)
    c2, h2, w2 = parse_form(target)
    if c1 != c2:
        return f"a new colour ({c2} instead of {c1})"
    if h2 > h1:
        return f"{plural(h2 - h1, 'step')} taller (moves {h2} spaces instead of {h1})"
    if w2 > w1:
        return f"{plural(w2 - w1, 'step')} wider (can swap onto pawns up to width {w2 - 1})"
    return "a copy of the picked pawn"


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


# --- What settling a territory brings ------------------------------------------------------------------------

def reward_words(state: State, seat: int, territory: str, swapped: bool) -> str:
    """The reward for settling ``territory`` (``flow.after_settling`` gives it)."""
    t = TERRITORY_BY_ID[territory]
    if t.color == "green":
        if swapped:
            return "none (a swap onto green finds no hunting token)"
        if territory not in state["hunts"]:
            return "none (its hunting token is taken)"
        return f"its hunting token, {plural(state['hunts'][territory], 'VP', 'VP')}"
    if t.color == "brown":
        most = 3 if flow.has(state, seat, "granaries") else 2
        brown = flow.claimable_tiles(state, seat, ("brown",))
        if not flow.claimable_tiles(state, seat, ("yellow", "orange", "purple", "brown")):
            return "none (no tile left that you may claim)"
        return f"up to {most} brown tiles ({len(brown)} you may claim now), or 1 tile of another column"
    tiles = flow.claimable_tiles(state, seat, (t.color,))
    parts = []
    if tiles:
        a = article(t.color)
        parts.append(f"{a} {t.color} tile ({len(tiles)} you may claim) and {a} {t.color} card")
    if state["decks"][t.color]:
        parts.append(f"draw 3 {t.color} cards and return 2")
    return ", or ".join(parts) if parts else "none (its column and deck are empty)"


def swap_threats(state: State, seat: int, pawn: Pawn) -> list[str]:
    """Rival pawns that could swap onto ``pawn`` where it stands, on their own turn (their reach and width, the
    permanent cards in play; not the action cards they might play)."""
    width = parse_form(pawn["form"])[2]
    out = []
    for other in state["pawns"]:
        if other["owner"] == seat:
            continue
        _, height, strength = parse_form(other["form"])
        reach = height + (1 if flow.has(state, other["owner"], "canoes") else 0)
        if DISTANCE[other["at"]][pawn["at"]] > reach:
            continue
        needed = width if flow.has(state, other["owner"], "spears") else width + 1
        if flow.has(state, seat, "palisades"):
            needed = max(needed, width + 2)
        if strength >= needed:
            out.append(f"{seat_token(other['owner'])}'s {short(other['form'])} on {space_name(other['at'])}")
    return out


def settling(state: State, seat: int, move: Move) -> str:
    """What a migrate, swap or place move brings, by doing it on a copy: the reward, strait tokens won, objectives
    in hand it completes, and the rival pawns that could swap the pawn back to the Cradle."""
    after = flow.copy_state(state)
    flow.DEEDS[move["type"]](after, Rng(0), seat, move)
    to = move["to"]
    pawn = flow.occupants(after)[to]
    t = TERRITORY_BY_ID[to]
    said = [f"Reward ({t.color}): {reward_words(state, seat, to, move['type'] == 'swap')}."]
    for strait in STRAITS:
        if after["straits"][strait.id] == seat != state["straits"][strait.id]:
            before = state["straits"][strait.id]
            source = "the supply" if before is None else seat_token(before)
            said.append(f"Wins the {strait.name} token ({plural(strait.value, 'VP', 'VP')}) from {source}.")
    hand = [c for c in state["seats"][seat]["hand"] if CARD_BY_ID[c].color == "purple"]
    now = {c: objectives.holds(state, seat, c) for c in hand}
    done = [CARD_BY_ID[c].name for c in hand if not now[c] and objectives.holds(after, seat, c)]
    lost = [CARD_BY_ID[c].name for c in hand if now[c] and not objectives.holds(after, seat, c)]
    if done:
        said.append(f"Your objective {listing(done)} can then be completed.")
    if lost:
        said.append(f"Your objective {listing(lost)} would no longer match the board.")
    threats = swap_threats(after, seat, pawn)
    said.append(f"Risk: {listing(threats, 3)} could swap it back to the Cradle." if threats
                else "Safe: no rival pawn in reach can swap it.")
    return " ".join(said)


# --- Pawn moves ---------------------------------------------------------------------------------------------

def selected_pawn(state: State) -> Pawn:
    top = flow.top_entry(state)
    assert top is not None and "pawn" in top
    return flow.pawn_of(state, top["pawn"])


def explain_select(state: State, seat: int, move: Move) -> str:
    pawn = flow.pawn_by_id(state, move["pawn"])
    assert pawn is not None
    where = space_name(pawn["at"])
    forms = flow.evolution_forms(state, seat, pawn)
    room = [space_name(t) for t in flow.empty_neighbours(state, pawn["at"])]
    kinds = plural(len(forms), "kind")
    evolve = f"evolve a new pawn of yours from it ({kinds}) onto {listing(room, 3)}" if forms else ""
    if pawn["owner"] != seat:
        return (f"{seat_token(pawn['owner'])}'s {short(pawn['form'])} on {where} stays theirs: you {evolve}. "
                f"Nothing happens until you choose.")
    migrate, swap = flow.destinations(state, seat, pawn)
    options = []
    if migrate:
        options.append(f"migrate to {listing([space_name(t) for t in migrate], 3)}")
    if swap:
        options.append(f"swap onto {listing([space_name(t) for t in swap], 3)}")
    if evolve:
        options.append(evolve)
    reach = flow.reach(state, seat, pawn)
    return (f"Your {short(pawn['form'])} on {where} (reaches {plural(reach, 'space')}): {listing(options)}. Nothing "
            f"happens until you choose.")


def explain_evolve(state: State, seat: int, move: Move) -> str:
    pawn = selected_pawn(state)
    form = move["form"]
    _, height, width = parse_form(form)
    room = [space_name(t) for t in flow.empty_neighbours(state, pawn["at"])]
    markers = MARKERS_PER_PLAYER - sum(p["owner"] == seat for p in state["pawns"]) - 1
    return (f"A new {short(form)} pawn of yours (moves {plural(height, 'space')}, strength {width}): "
            f"{difference(pawn['form'], form)}; the picked {short(pawn['form'])} stays. Next, tap where it settles "
            f"next to {space_name(pawn['at'])}: {listing(room, 5)}. {plural(markers, 'village marker')} left after.")


def explain_migrate(state: State, seat: int, move: Move) -> str:
    pawn = selected_pawn(state)
    distance = DISTANCE[pawn["at"]][move["to"]]
    return (f"Your {short(pawn['form'])} moves from {space_name(pawn['at'])} to {space_name(move['to'])} "
            f"({plural(distance, 'space')}). " + settling(state, seat, move))


def explain_swap(state: State, seat: int, move: Move) -> str:
    pawn = selected_pawn(state)
    victim = flow.occupants(state)[move["to"]]
    return (f"Your {short(pawn['form'])} moves from {space_name(pawn['at'])} onto {space_name(move['to'])}; "
            f"{seat_token(victim['owner'])}'s {short(victim['form'])} there goes back to the Cradle. "
            + settling(state, seat, move))


def explain_place(state: State, seat: int, move: Move) -> str:
    top = flow.top_entry(state)
    assert top is not None
    return f"Your new {short(top['form'])} settles {space_name(move['to'])}. " + settling(state, seat, move)


def explain_cancel(state: State, seat: int, move: Move) -> str:
    top = flow.top_entry(state)
    assert top is not None
    pawn = flow.pawn_of(state, top["pawn"])
    if top["kind"] == "evolving":
        return (f"The new {short(top['form'])} pawn stays in the reserve: nothing is evolved, and you choose again "
                f"what to do with your action.")
    return (f"Puts the {short(pawn['form'])} pawn on {space_name(pawn['at'])} down unused: nothing moves, and you "
            f"choose again what to do with your action.")


# --- Rewards and returns --------------------------------------------------------------------------------------

def explain_tile(state: State, seat: int, move: Move) -> str:
    reward = flow.top_entry(state)
    assert reward is not None
    column, level_text = move["tile"].rsplit("-", 1)
    level = int(level_text)
    on = "" if level == 1 else f", laid on one of your level {level - 1} tiles"
    said = f"Take the level {level} {column} tile ({plural(tile_points(level), 'VP', 'VP')} at the end{on})"
    unlocks = (f"; orange cards needing level {level} or lower become playable"
               if level > flow.highest_tile(state, seat) else "")
    if reward["color"] == "brown":
        most = reward["most"]
        if column != "brown":
            said += "; a tile from another column ends the brown reward"
        elif reward["taken"] + 1 < most:
            said += f"; then you may take another brown tile (up to {most} in all)"
        else:
            said += "; that completes the brown reward"
    else:
        count = 2 if flow.has(state, seat, "kilns") else 1
        deck = len(state["decks"][reward["color"]])
        said += (f" and draw {plural(min(count, deck), reward['color'] + ' card')}" if deck
                 else f"; the {reward['color']} deck is empty, so no card")
    said += unlocks
    if flow.has(state, seat, "firekeepers") and reward.get("taken", 0) == 0:
        said += "; Fire Keepers adds a yellow card"
    return said + "."


def explain_draw3(state: State, seat: int, move: Move) -> str:
    reward = flow.top_entry(state)
    assert reward is not None
    color = reward["color"]
    deck = len(state["decks"][color])
    back = 1 if flow.has(state, seat, "starlore") else 2
    return (f"Draw {plural(min(3, deck), color + ' card')} from the deck ({deck} there), then put {back} {color} "
            f"card{'s' if back > 1 else ''} of your choice from your hand under the deck; no tile. Each card in "
            f"hand is worth 1 VP at the end.")


def explain_skip_reward(state: State, seat: int, move: Move) -> str:
    reward = flow.top_entry(state)
    assert reward is not None
    if reward.get("taken"):
        return f"Stop here: you keep the {plural(reward['taken'], 'tile')} taken and take no more."
    return f"Take nothing for settling {space_name(reward['space'])}: no tile and no card."


def explain_return(state: State, seat: int, move: Move) -> str:
    top = flow.top_entry(state)
    assert top is not None
    card = CARD_BY_ID[move["card"]]
    more = top["count"] - 1
    why = ("you hold more objectives than your limit" if top.get("why") == "limit"
           else "the reward's draw of 3 is paid with returns")
    after = f"; then {plural(more, 'more card')} to return" if more else ""
    return (f"Put {card.name} under the {card.color} deck ({why}): you lose it and its 1 VP as a card in hand"
            f"{after}.")


# --- Cards ------------------------------------------------------------------------------------------------------

def _action_now(state: State, seat: int, card_id: str) -> str:
    """What an action card does when played now."""
    options = flow.choice_options(state, seat, card_id)
    turn = state["turn"]
    if card_id == "spark":
        return f"then choose a column and take its level 1 tile (1 VP): {listing(options)}"
    if card_id == "copper":
        return f"then take a brown tile you may claim: levels {listing([o.rsplit('-', 1)[1] for o in options])}"
    if card_id == "raid":
        return f"then take a random card from the hand of {listing([seat_token(int(o[5:])) for o in options])}"
    if card_id == "theft":
        return f"then take an innovation tile from {plural(len(options), 'choice')} on top of an opponent's tiles"
    if card_id == "pirates":
        names = [next(s.name for s in STRAITS if s.id == o) for o in options]
        return f"then take an opponent's strait token: {listing(names)}"
    if card_id == "camp":
        left = 2 - turn["acted"]
        return f"you get a second action this turn ({plural(left, 'action')} left after playing it)"
    if card_id == "wanderlust":
        return "this turn your pawns migrate and swap 2 spaces further (a height 1 pawn reaches 3)"
    if card_id == "ambush":
        return "this turn your pawns may also swap onto rival pawns as wide as they are"
    if card_id == "breeding":
        return "this turn you may evolve a pawn 2 steps taller or 2 steps wider"
    if card_id == "stories":
        return f"then draw 2 cards from the {listing(options)} deck of your choice"
    if card_id == "harvest":
        return (f"draw a yellow card ({len(state['decks']['yellow'])} in the deck) and an orange card "
                f"({len(state['decks']['orange'])} in the deck)")
    if card_id == "vision":
        limit = flow.objective_limit(state, seat)
        return (f"draw 2 objective cards ({len(state['decks']['purple'])} in the deck), then return any above your "
                f"limit of {limit}")
    if card_id == "hunt":
        values = [f"{space_name(t)} ({state['hunts'][t]} VP)" for t in options]
        return f"then take a hunting token: {listing(values)}"
    if card_id == "march":
        return f"then move one of your pawns to an adjacent empty territory, no reward ({plural(len(options), 'way')})"
    raise ValueError(card_id)


def explain_play(state: State, seat: int, move: Move) -> str:
    card = CARD_BY_ID[move["card"]]
    if card.color == "yellow":
        limit = flow.yellow_limit(state, seat)
        uses = "your yellow card" if limit == 1 else f"1 of your {limit} yellow cards"
        return f"Action card, used up: {_action_now(state, seat, card.id)}. Uses {uses} for this turn."
    if card.color == "orange":
        return (f"Permanent card, stays in front of you for the rest of the game: {card.text} Uses your orange card "
                f"for this turn.")
    turn = state["turn"]
    refill = turn["played"]["purple"] == 0 and state["decks"]["purple"]
    said = f"Complete the objective: {plural(card.points, 'VP', 'VP')}, kept for good"
    said += "; you draw a new objective card" if refill else "; no replacement card is drawn"
    if flow.has(state, seat, "looms") and state["decks"]["orange"]:
        said += " and an orange card (Weaving Looms)"
    return said + "."


def _option_now(state: State, seat: int, card: str, option: str) -> str:
    """What choosing ``option`` of an action card being resolved does."""
    if card == "spark":
        left = state["supply"][option][0]
        return f"Take a level 1 {option} tile ({left} in the supply): 1 VP, and it can carry a level 2 tile."
    if card == "copper":
        level = int(option.rsplit("-", 1)[1])
        return f"Take the level {level} brown tile: {plural(tile_points(level), 'VP', 'VP')}."
    if card == "raid":
        victim = int(option.split("-")[1])
        hand = state["seats"][victim]["hand"]
        counts = {c: sum(CARD_BY_ID[h].color == c for h in hand) for c in ("yellow", "orange", "purple")}
        odds = ", ".join(f"{c} {n} in {len(hand)}" for c, n in counts.items() if n)
        return (f"Take 1 of {seat_token(victim)}'s {plural(len(hand), 'card')} at random (chances: {odds}); "
                f"1 VP moves from them to you.")
    if card == "theft":
        victim_text, tile = option.split(":")
        level = int(tile.rsplit("-", 1)[1])
        points = plural(tile_points(level), "VP", "VP")
        column = tile.rsplit("-", 1)[0]
        return f"Take {seat_token(int(victim_text))}'s level {level} {column} tile: {points} moves to you."
    if card == "pirates":
        strait = next(s for s in STRAITS if s.id == option)
        owner = state["straits"][option]
        source = seat_token(owner) if owner is not None else "the supply"
        return f"Take the {strait.name} token from {source}: {plural(strait.value, 'VP', 'VP')} moves to you."
    if card == "stories":
        deck = len(state["decks"][option])
        return f"Draw {plural(min(2, deck), option + ' card')} ({deck} in the deck): 1 VP each while in hand."
    if card == "hunt":
        return f"Take the hunting token of {space_name(option)}: {plural(state['hunts'][option], 'VP', 'VP')}."
    if card == "march":
        pawn_text, to = option.split(">")
        pawn = flow.pawn_of(state, int(pawn_text))
        after = flow.copy_state(state)
        flow.pawn_of(after, pawn["id"])["at"] = to
        flow.check_straits(after, [seat])
        won = [s.name for s in STRAITS if after["straits"][s.id] == seat != state["straits"][s.id]]
        gain = f"; you take the {listing(won)} token" if won else ""
        return (f"Your {short(pawn['form'])} pawn on {space_name(pawn['at'])} moves to {space_name(to)}, with no "
                f"reward{gain}.")
    raise ValueError(card)


def explain_choose(state: State, seat: int, move: Move) -> str:
    top = flow.top_entry(state)
    assert top is not None
    return _option_now(state, seat, top["card"], move["option"])


def explain_end_turn(state: State, seat: int, move: Move) -> str:
    turn = state["turn"]
    unused = turn["actions"] - turn["acted"]
    said = "Your turn ends"
    if unused and flow.selectable_pawns(state, seat):
        said += f" with {plural(unused, 'action')} unused"
    if state["final"] is not None:
        rest = state["final"][1:]
        said += "; it is your final turn" + (f", {seat_token(rest[0])} plays next" if rest else ", and the game ends")
        return said + "."
    players = state["players"]
    nxt = (seat + 1) % players
    natural = any(len(p["completed"]) >= OBJECTIVES_TO_END for p in state["seats"])
    if natural or (state["round"] >= ROUND_LIMIT and seat == players - 1):
        said += "; the end is near: every player, starting with " + seat_token(nxt) + ", takes one final turn"
    else:
        said += f"; {seat_token(nxt)} plays next"
    return said + ". Cards left in your hand count 1 VP each at the end."


EXPLAIN: dict[str, Callable[[State, int, Move], str]] = {
    "select": explain_select,
    "cancel": explain_cancel,
    "evolve": explain_evolve,
    "migrate": explain_migrate,
    "swap": explain_swap,
    "place": explain_place,
    "tile": explain_tile,
    "draw3": explain_draw3,
    "skip_reward": explain_skip_reward,
    "return": explain_return,
    "play": explain_play,
    "choose": explain_choose,
    "end_turn": explain_end_turn,
}


def explain(state: State, seat: int, move: Move) -> str:
    """What one of ``seat``'s legal moves will do, in a sentence or two."""
    return EXPLAIN[move["type"]](state, seat, move)


__all__ = ["explain", "difference"]
