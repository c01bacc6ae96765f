"""What each of a seat's legal Live On moves will do, said before it is chosen (``Rules.explain_move``).

Dice decisions give the dice that would be rolled, the value each die must show, and the exact chance of
success from ``odds``; losses say which tokens go and what is left; everything else says its effect and who it
touches. Seats are written ``{pN}`` as in every Live On text. Reads only what the deciding seat may see: its own
tokens, the public board, and the encounter card it is meeting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from apps.matches.engine import Move

from . import wording as w
from .content import (
    ARTIFACT_BY_ID,
    BUILDING_BY_ID,
    EVENT_BY_ID,
    EVENT_DIE,
    EVENT_SUCCESS,
    HEALTH_TRAITS,
    MORALE_TRAITS,
    ROLE_BRIEFS,
    ROLE_BY_ID,
    zone_action,
)
from .flow import board
from .flow.board import POOLS, default_loss
from .odds import chance, chance_after_mage, percent
from .state import LiveOnState


def dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def tokens(n: int, word: str) -> str:
    return f"{n} {word} token{'s' if n != 1 else ''}"


def successes(n: int) -> str:
    return "at least one success" if n == 1 else f"at least {n} successes"


# --- The roll a spending decision feeds -----------------------------------------------------------------------

@dataclass(frozen=True)
class Roll:
    """A roll about to be made: ``fixed`` dice whatever is spent, each a success on ``value`` or less, ``need``
    successes wanted for ``goal``."""

    fixed: int
    value: int
    need: int
    goal: str


# The tasks that roll the dice a spending decision adds to, by the purpose the decision names.
ROLL_TASKS = {"gather_roll": "gather", "settle_roll": "settle", "rest_roll": "rest", "scout_roll": "scout",
              "cave_roll": "cave", "enc_roll": "encounter", "avoid_roll": "avoid"}


def roll_for(state: LiveOnState, seat: int, purpose: str) -> Roll:
    """The roll ``seat`` is about to make for ``purpose`` (a spend decision's), before the tokens it spends."""
    zone = state["seats"][seat]["zone"] or "rest"
    if purpose == "encounter":
        enc = board.encounter(state)
        option = board.enc_options(enc)[enc["picks"][str(seat)]]
        fixed = (1 + enc["helped"].get(str(seat), 0) + board.tool_bonus(state, seat, option.trait)
                 + altar_die(state, enc["ctx"], option.trait))
        return Roll(fixed, EVENT_SUCCESS, option.diamonds, f"the {option.trait} option needs "
                    f"{option.diamonds} success{'es' if option.diamonds != 1 else ''}")
    if purpose == "avoid":
        ex = board.exploration(state)
        return Roll(0, board.zone_value(state, ex["zone"]), 1, f"any success avoids the {state['face']} event")
    if purpose == "gather":
        return Roll(1 + board.tool_bonus(state, seat, "gather"), board.zone_value(state, zone), 1,
                    "a resource for each success")
    if purpose == "scout":
        return Roll(1 + board.tool_bonus(state, seat, "scout"), board.zone_value(state, zone), 1,
                    "a zone scouted for each success, and two also foresee its event die")
    if purpose == "cave":
        group = board.group_of(state, seat)
        others = sum(1 + board.extra(state, o) + board.tool_bonus(state, o, "cave") for o in group if o != seat)
        return Roll(others + 1 + board.tool_bonus(state, seat, "cave"), board.zone_value(state, zone), len(group),
                    f"the group hides in the cave with {len(group)} successes among its {dice(others + 1)} or more"
                    if len(group) > 1 else "you hide in the cave")
    if purpose == "settle":
        value = board.zone_value(state, "settle")
        if zone == "settle":
            return Roll(1 + board.tool_bonus(state, seat, "settle"), value, 1,
                        "a resource given to a building for each success (the extra dice's from one player at camp)")
        return Roll(0, value, 1, "each success of these extra dice is a resource given to a building by one player "
                                 "at camp")
    # rest: caring dice are rolled apart from the rest roll, and each success tends to someone of the group
    return Roll(0, board.zone_value(state, "rest"), 1, "each success lets someone at camp regain a token")


def altar_die(state: LiveOnState, ctx: str, trait: str) -> int:
    return 1 if ctx == "visit" and trait == "communing" and board.built(state, "altar") else 0


def coming_roll(state: LiveOnState, seat: int) -> Roll | None:
    """The roll the next task of the queue makes for ``seat`` (what a mage's or advisor's help goes into)."""
    for task in state["tasks"]:
        purpose = ROLL_TASKS.get(task["t"])
        if purpose and (task.get("seat") == seat or seat in task.get("seats", []) or seat in task.get("group", [])):
            return roll_for(state, seat, purpose)
    return None


def roll_text(roll: Roll, n: int, spent: str = "") -> str:
    """'Roll 3 dice (2 from keen tokens): 87.5% to succeed. Each a success on 4 or less, at least one success
    wanted; ...': the dice and the chance first (what a choice shows at once), the target after (what it shows on
    demand)."""
    if n <= 0:
        return f"Roll no dice: {roll.goal} cannot happen from your dice."
    source = f" ({spent})" if spent else ""
    return (f"Roll {dice(n)}{source}: {percent(chance(n, roll.value, roll.need))} to succeed. Each a success on "
            f"{roll.value} or less, {successes(roll.need)} wanted; {roll.goal}.")


# --- Moves that roll or spend --------------------------------------------------------------------------------

def _spend(state: LiveOnState, seat: int, move: Move) -> str:
    ask = board.awaited(state)
    trait, count = move["trait"], move["count"]
    own = count - (1 if move.get("plans") else 0)
    plans = " (one of them from the plans token, free)" if move.get("plans") else ""
    left = state["seats"][seat]["traits"][trait] - own
    # a spent token is health or morale gone, as a loss is: say so (a newcomer's band died of spending)
    after = f" You keep {tokens(left, trait)}"
    after += f"; {change_text(state, seat, {trait: -own}).split('; ', 1)[1]}." if own else "."
    if ask["kind"] == "mage":
        return _commune(state, seat, ask["for"], count) + after
    if ask["kind"] == "advise":
        return _advise(state, ask["for"], count) + after
    if ask["kind"] == "augury":
        return (f"Roll {dice(count)}{plans}: any 4 or lower lets you look at the top two cards of a deck you "
                f"choose, {percent(chance(count, EVENT_SUCCESS, 1))}." + after)
    roll = roll_for(state, seat, ask["purpose"])
    source = [f"{own} from {trait} tokens"] if own else []
    source += ["1 from the plans token, free"] if move.get("plans") else []
    return roll_text(roll, roll.fixed + count, " and ".join(source)) + after


def _commune(state: LiveOnState, mage: int, helped: int, count: int) -> str:
    head = (f"Roll {dice(count)} for {{p{helped}}}: each 4 or lower gives them a die, each 2 or lower also takes "
            f"one back")
    roll = coming_roll(state, helped)
    if roll is None:
        return head + "."
    extra = board.extra(state, helped)
    before = chance(roll.fixed + extra, roll.value, roll.need)
    after = chance_after_mage(roll.fixed, extra, count, roll.value, roll.need, board.has_role(state, mage, "priest"))
    return (f"{head}. Their chance of {successes(roll.need)} on {roll.value} or less: {percent(before)} now, "
            f"{percent(after)} with your communing.")


def _advise(state: LiveOnState, helped: int, count: int) -> str:
    roll = coming_roll(state, helped)
    if roll is None:
        return f"Give {{p{helped}}} {dice(count)} more for their wise option."
    have = roll.fixed + board.extra(state, helped)
    return (f"Give {{p{helped}}} {dice(count)} more for their wise option: {successes(roll.need)} on 4 or less "
            f"goes from {percent(chance(have, roll.value, roll.need))} to "
            f"{percent(chance(have + count, roll.value, roll.need))}.")


def _insight(state: LiveOnState, seat: int, move: Move) -> str:
    count = move["count"]
    return (f"Roll {dice(count)} from caring tokens: two of 4 or lower let you read one of {{p{move['target']}}}'s "
            f"secrets (only you), {percent(chance(count, EVENT_SUCCESS, 2))}. You keep "
            f"{tokens(state['seats'][seat]['traits']['caring'] - count, 'caring')}.")


def _option(state: LiveOnState, seat: int, move: Move) -> str:
    enc = board.encounter(state)
    option = board.enc_options(enc)[move["index"]]
    fixed = 1 + board.tool_bonus(state, seat, option.trait) + altar_die(state, enc["ctx"], option.trait)
    have = state["seats"][seat]["traits"][option.trait]
    plans = 1 if board.built(state, "plans") and not state["plans_used"] else 0
    need = option.diamonds
    text = f"{dice(fixed).capitalize()}: {percent(chance(fixed, EVENT_SUCCESS, need))}"
    if have + plans:
        spend = f"your {tokens(have, option.trait)}" + (" and the plans token" if plans else "")
        text += (f"; up to {dice(fixed + have + plans)} if you spend {spend}: "
                 f"{percent(chance(fixed + have + plans, EVENT_SUCCESS, need))}. ")
    else:
        text += f". You have no {option.trait} token to add dice. "
    return text + f"Needs {successes(need)} of 4 or less; the outcome shows when the card is flipped."


def _invoke(state: LiveOnState, seat: int, move: Move) -> str:
    enc = board.encounter(state)
    rolls = enc["rolls"][str(seat)]
    need = board.enc_options(enc)[enc["picks"][str(seat)]].diamonds
    n = len(rolls)
    return (f"Every one of your {dice(n)} counts as a 1: {n} success{'es' if n != 1 else ''} for the {need} needed, so "
            f"you {'succeed' if n >= need else 'still fail'}; {tokens(n, 'presence')} "
            f"{'go' if n != 1 else 'goes'} onto the quietest zones, drawing events.")


def _keep_rolls(state: LiveOnState, seat: int) -> str:
    enc = board.encounter(state)
    got = board.successes(enc["rolls"][str(seat)])
    need = board.enc_options(enc)[enc["picks"][str(seat)]].diamonds
    return (f"Keep your rolls: {got} of {need} successes needed, so you {'succeed' if got >= need else 'fail'}; "
            f"no presence tokens are added.")


# --- Tokens: losing, paying, regaining -----------------------------------------------------------------------

def change_text(state: LiveOnState, seat: int, change: dict[str, int]) -> str:
    """What losing (negative) or gaining tokens leaves: 'strong 3 → 2, keen 1 → 0; health 5 → 3; no keen left'."""
    traits = state["seats"][seat]["traits"]
    parts = [f"{t} {traits[t]} → {traits[t] + n}" for t, n in change.items()]
    notes = []
    for name, pool in (("health", HEALTH_TRAITS), ("morale", MORALE_TRAITS)):
        if any(t in pool for t in change):
            now = sum(traits[t] for t in pool)
            then = now + sum(n for t, n in change.items() if t in pool)
            notes.append(f"{name} {now} → {then}")
            if name == "health" and then <= 0:
                notes.append(w.LAST_HEALTH)
            elif name == "morale" and then <= 0 < now:
                notes.append("you become hopeless: your own actions gain you nothing until someone restores you")
    emptied = [t for t, n in change.items() if n < 0 and traits[t] + n == 0]
    if emptied:
        notes.append(f"no {' or '.join(emptied)} left to spend")
    return ", ".join(parts) + "; " + "; ".join(notes)


# What a trait's tokens add dice to, besides its own options at events: the spending decisions flow/tasks.py asks
# for (gather: active or keen; settle: active; rest: caring; scout and cave: wise; avoiding an explored event:
# keen, or wise for a location) and the abilities that spend them.
TRAIT_USES = {
    "strong": (),
    "active": ("gathering", "settling"),
    "keen": ("gathering", "avoiding events while exploring"),
    "wise": ("scouting", "the cave", "avoiding locations while exploring"),
    "communing": (),
    "caring": ("tending others at rest",),
}
ROLE_USES = {"advisor": ("wise", "advising"), "mage": ("communing", "communing for others"),
             "seer": ("communing", "augury"), "empath": ("caring", "insight")}


def later_cost(state: LiveOnState, seat: int, lost: dict[str, int]) -> str:
    """What losing these tokens costs later: the rolls they would have added dice to, for this seat's roles too."""
    roles = {state["seats"][seat].get(kind) for kind in ("past", "gift")}
    uses: list[str] = []
    for trait in lost:
        uses += [use for use in TRAIT_USES.get(trait, ()) if use not in uses]
        uses += [f"your {use}" for role, (t, use) in ROLE_USES.items() if t == trait and role in roles]
    uses.append(" or ".join(lost) + " options at events")
    last = ", and " if len(uses) > 2 else " and "
    return "Later: fewer dice for " + (", ".join(uses[:-1]) + last + uses[-1] if len(uses) > 1 else uses[0])


def _lose(state: LiveOnState, seat: int, move: Move) -> str:
    lost = move["tokens"]
    text = change_text(state, seat, {t: -k for t, k in lost.items()})
    ask = state["ask"] or {}
    owed = (state["seats"][seat].get("owes") or [{}])[0] if ask.get("kind") == "zones" else ask
    pool = POOLS.get(owed.get("pool", ""), ())
    usual = pool and lost == default_loss(state["seats"][seat]["traits"], pool, sum(lost.values()))
    grave = next((note for note in (w.LAST_HEALTH, "you become hopeless") if note in text), "")
    head = f"This is {grave.split(':')[0]}. " if grave == w.LAST_HEALTH else ("You become hopeless. " if grave else "")
    tail = f"The usual way, from the traits you hold most: {text}." if usual else text[0].upper() + text[1:] + "."
    return f"{head}{later_cost(state, seat, lost)}. {tail}"


def _pick(state: LiveOnState, seat: int, move: Move) -> str:
    trait = move["trait"]
    article = "an" if trait[0] in "aeiou" else "a"
    return (f"Regain {article} {trait} token (you hold at most {board.cap(state, seat, trait)}): "
            + change_text(state, seat, {trait: 1}) + ".")


def _pay(state: LiveOnState, seat: int, move: Move) -> str:
    return "Spend it to keep the camp out of the event: " + change_text(state, seat, {move["trait"]: -1}) + "."


# --- Choosing a zone, calling a secret, setting out --------------------------------------------------------------

def presence_note(state: LiveOnState, seat: int, zone: str) -> str:
    key = board.camp_key(zone)
    zones = ("rest", "settle") if key == "camp" else (zone,)
    heading = sum(1 for s, pl in enumerate(state["seats"]) if s != seat and pl["zone"] in zones)
    count = sum(state["presence"][z] for z in zones) + heading + 1
    scouted = state["scouted"].get(key)
    if scouted:
        return (f" Scouted: its presence roll is {scouted['roll']}, so an event comes "
                f"{'for sure' if scouted['roll'] <= count else 'only if enough others join you'}.")
    return f" Event afterwards: {percent(chance(1, count))} ({tokens(count, 'presence')}, yours included)."


# What each action zone does, effect first (its tile on the board names it, its button's label too): short, as it
# is printed in the tile under its Go button.
ZONE_TEXTS = {
    "gather": "A resource per success, bonus ones for the group's lowest roll. {roll}.",
    "explore": "Each success draws an event: a location goes on a spot, any other is met unless avoided. {roll}.",
    "deepwoods": "Like exploring, but a location found may be met at once, and is never placed. {roll}.",
    "scout": "Each success foresees next round's presence die for a zone you choose. {roll}.",
    "cave": "One success per player of the group: no presence token, no event, two tokens of your choice each. "
            "{roll}.",
    "rest": "Regain a token in each core trait; on a success, two more of your choice. {roll}.",
    "settle": "A resource given to a building per success. {roll}.",
}


# The same, in a few words with the chance of a success: what the tile shows at once, the rest on demand.
ZONE_GAINS = {"gather": "Gain resources ({share}).", "explore": "Find events ({share}).",
              "deepwoods": "Meet events ({share}).", "scout": "Foresee events ({share}).",
              "cave": "Hide, regain tokens ({share}).", "rest": "Regain tokens ({share} for two more).",
              "settle": "Build ({share}).", }


def _go(state: LiveOnState, seat: int, move: Move) -> str:
    zone = move["zone"]
    action = zone_action(state["region"], zone)
    if action == "visit":
        event = EVENT_BY_ID[move["card"]]
        options = ", ".join(f"{o.trait} ({o.diamonds} diamond{'s' if o.diamonds != 1 else ''})"
                            for o in event.options)
        text = f"Meet the event with whoever visits it. Choose {options}, and roll."
    else:
        value = board.zone_value(state, zone)
        n = 1 + board.tool_bonus(state, seat, action)
        share = percent(chance(n, value))
        roll = f"{dice(n).capitalize()}, {share} for a success on {value} or less"
        text = ZONE_GAINS[action].format(share=share) + " " + ZONE_TEXTS[action].format(roll=roll)
    return text + presence_note(state, seat, zone)


def _call(state: LiveOnState, seat: int, move: Move) -> str:
    return (f"Name the secret you believe {{p{move['target']}}} holds: if right, it is discovered and its hidden "
            f"rule turns against them; if wrong, you lose 1 morale (you have {board.morale(state, seat)}). "
            f"Once a round.")


def _role(state: LiveOnState, seat: int, move: Move) -> str:
    role = ROLE_BY_ID[move["role"]]  # the card says the rest: its trait tokens, and the other half dealt at random
    return f"{role.ability.capitalize()}: {ROLE_BRIEFS[role.id]}"


def _cast(state: LiveOnState, seat: int, move: Move) -> str:
    art = ARTIFACT_BY_ID[move["artifact"]]
    options = ", ".join(f"{o.trait} ({o.diamonds})" for o in art.options)
    return f"Meet {art.name} now like an event: choose {options} and roll; the spell is then used up."


# --- Everything else -----------------------------------------------------------------------------------------

def _contribute(state: LiveOnState, seat: int, move: Move) -> str:
    b = BUILDING_BY_ID[move["building"]]
    have = state["buildings"][b.id] + 1
    done = have >= b.cost
    use = b.text.split(". ")[1].rstrip(".").split(", ", 1)[1]  # "When the hall is built, players ...": its use
    return (f"{b.name}: {have} of {b.cost} resources" + (", built! From now on, " if done else ". Once built, ") + use
            + f". You keep {state['seats'][seat]['res'] - 1} resource(s).")


def _eat(state: LiveOnState, seat: int, move: Move) -> str:
    need = board.food_need(state)
    eaten = sum(pl.get("ate", 0) for pl in state["seats"])
    band = f"The band must eat {need} in all and each group at least one" if need else "Each group must eat one"
    text = (f"Eat {move['count']} of your {state['seats'][seat]['res']} resources. {band} ({eaten} eaten so far)")
    group = board.group_of(state, seat)
    fed = move["count"] > 0 or any(state["seats"][s].get("ate") for s in group)
    later = [s for s in group if s > seat and state["seats"][s]["res"]]  # seats eat in order: they may still feed it
    if not fed and not later:  # what a newcomer's zero would do, said before it happens, first
        who = "You go hungry: you lose" if len(group) == 1 else "Your group goes hungry: each of you loses"
        return f"{who} 1 health and 1 morale. {text}."
    if move["count"] == 0 and not (fed and eaten >= need):  # the risk first: the first sentence is what is shown
        risk = "the band eats less than it needs" if fed else \
            "no one else in your group eats or the band eats less than it needs"
        return f"If {risk}, you go hungry: you lose 1 health and 1 morale. {text}."
    return text + "; anyone hungry loses 1 health and 1 morale."


def _artifact(card: str) -> str:
    art = ARTIFACT_BY_ID[card]
    return f"{art.name} ({art.front.text.rstrip('.')})"


def _whisper(state: LiveOnState, seat: int, move: Move) -> str:
    shares = ", ".join(f"{face} {EVENT_DIE.count(face)} in 6" for face in dict.fromkeys(EVENT_DIE))
    return f"The event die now shows {state['face']}; roll it again ({shares}) and the second roll stands."


PASSES: dict[str, Callable[[LiveOnState, int], str]] = {
    "spell": lambda state, seat: "Keep your spells for a later round.",
    "mage": lambda state, seat: _pass_mage(state, seat),
    "advise": lambda state, seat: "Keep your wise tokens; they roll the dice they have.",
    "invoke": lambda state, seat: _keep_rolls(state, seat),
    "protect": lambda state, seat: "Everyone's outcome happens as rolled.",
    "whisper": lambda state, seat: f"Keep {state['face']}: the event comes from the {state['face']} deck.",
    "woken": lambda state, seat: "Regain nothing this keeping phase.",
    "contribute": lambda state, seat: f"Keep the resource: you have {state['seats'][seat]['res']}.",
    "augury": lambda state, seat: "Keep your communing tokens and look at no deck.",
    "insight": lambda state, seat: "Keep your caring tokens; the secrets stay unread.",
    "gift_art": lambda state, seat: f"{_artifact(board.awaited(state)['card'])} is discarded.",
    "hall": lambda state, seat: "The camp faces the event: the event die chooses its deck.",
}


def _pass(state: LiveOnState, seat: int, move: Move) -> str:
    ask = board.awaited(state)
    if ask["kind"] == "spend":
        roll = roll_for(state, seat, ask["purpose"])
        if ask["purpose"] == "avoid":
            return f"Roll no dice: unless someone else of the group avoids it, the {state['face']} event is met."
        if roll.fixed == 0:
            return ("Spend nothing: you roll no caring dice, so you tend to no one." if ask["purpose"] == "rest"
                    else "Spend nothing: you roll no dice for the settling.")
        return "Spend nothing, r" + roll_text(roll, roll.fixed)[1:]
    return PASSES[ask["kind"]](state, seat)


def _pass_mage(state: LiveOnState, seat: int) -> str:
    helped = board.awaited(state)["for"]
    roll = coming_roll(state, helped)
    if roll is None:
        return f"Keep your communing tokens; {{p{helped}}} rolls the dice they have."
    n = roll.fixed + board.extra(state, helped)
    return (f"Keep your communing tokens: {{p{helped}}} rolls {dice(n)}, {successes(roll.need)} on "
            f"{roll.value} or less, {percent(chance(n, roll.value, roll.need))}.")


def _protect(state: LiveOnState, seat: int, move: Move) -> str:
    target = move["target"]
    enc = board.encounter(state)
    option = board.enc_options(enc)[enc["picks"][str(target)]]
    ok = board.succeeded(state, target)
    effects = w.effect_text(option.success if ok else option.failure)
    return f"Spare {{p{target}}} their {'success' if ok else 'failure'}: {effects} does not happen to them."


def _look(state: LiveOnState, seat: int, move: Move) -> str:
    deck = state["art_deck"] if move["deck"] == "artifact" else state["decks"][move["deck"]]
    return f"Only you see the top two of the {move['deck']} deck's {len(deck)} cards, until the round ends."


def _store_res(state: LiveOnState, seat: int, move: Move) -> str:
    return (f"Put a resource in the storage hut (it then holds {state['storage']['res'] + 1}); you keep "
            f"{state['seats'][seat]['res'] - 1}.")


def _take_res(state: LiveOnState, seat: int, move: Move) -> str:
    return (f"Take a resource from the storage hut (it holds {state['storage']['res']}); you then carry "
            f"{state['seats'][seat]['res'] + 1}.")


EXPLAIN: dict[str, Callable[[LiveOnState, int, Move], str]] = {
    "role": _role,
    "go": _go,
    "call": _call,
    "lose": _lose,
    "pass": _pass,
    "spend": _spend,
    "cast": _cast,
    "option": _option,
    "invoke": _invoke,
    "protect": _protect,
    "reroll": _whisper,
    "pick": _pick,
    "tend": lambda state, seat, move: (f"{{p{move['target']}}} regains a trait token of their choice (health "
                                       f"{board.health(state, move['target'])}, morale "
                                       f"{board.morale(state, move['target'])} now)."),
    "scout": lambda state, seat, move: (f"Roll the presence die for {w.zone_label(state, move['zone'])} now: next "
                                        "round, a group there uses it for its event"
                                        + (", and the event die too." if board.awaited(state).get("face") else ".")),
    "contribute": _contribute,
    "fund": lambda state, seat, move: (f"{{p{move['seat']}}} pays for the extra successes: for each of the "
                                       f"{board.awaited(state)['count']}, they may give a building one of their "
                                       f"{state['seats'][move['seat']]['res']} resources."),
    "look": _look,
    "insight": _insight,
    "give_art": lambda state, seat, move: (f"{{p{move['to']}}} takes "
                                           f"{_artifact(move.get('artifact') or board.awaited(state)['card'])}."),
    "refuge": lambda state, seat, move: (f"No event for the camp this round; "
                                         f"{', '.join(f'{{p{s}}}' for s in board.awaited(state)['group'])} each "
                                         f"spend a trait token of their choice."),
    "pay": _pay,
    "eat": _eat,
    "give_res": lambda state, seat, move: (f"{{p{move['to']}}} gets one of your resources; you keep "
                                           f"{state['seats'][seat]['res'] - 1}."),
    "store_res": _store_res,
    "take_res": _take_res,
    "store_art": lambda state, seat, move: f"Leave {_artifact(move['artifact'])} in the storage hut for others.",
    "take_art": lambda state, seat, move: f"Carry {_artifact(move['artifact'])} from the storage hut.",
    "done": lambda state, seat, move: "Stop trading; what you carry stays with you.",
}


def explain(state: LiveOnState, seat: int, move: Move) -> str:
    """What ``move`` (one of ``seat``'s legal moves) will do, in a sentence or two."""
    return EXPLAIN[move["type"]](state, seat, move)
