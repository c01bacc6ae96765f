"""Innovation's game machinery: the state's shape, card moves, icon counting, turns and dogma execution.

A dogma is resumable by replay. Effects are plain Python functions that ask ``Game.choose`` for each
decision; when the answer is not known yet, ``choose`` raises ``NeedDecision``, the state keeps the
changes made so far (so the chooser sees what was drawn) plus a snapshot of the state before the
action and the answers given so far. Answering appends to the answers and runs the action again
from the snapshot; since the generator's state is in the snapshot, every replay is identical up to
the new answer. Pure Python: standard library and ``apps.matches.engine`` only.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import Any, NotRequired, TypedDict

from apps.matches.engine import Move, Rng, seed_state

from .cards import CARDS, SPECIALS, THIRD

COLORS = ["red", "yellow", "green", "blue", "purple"]
ICONS = ["castle", "crown", "leaf", "lightbulb", "factory", "clock"]
SPLAYS = ["left", "right", "up"]
# Which icon positions (top left, bottom left, bottom middle, bottom right) a covered card shows.
SHOWN_BY_SPLAY = {"none": (), "left": (3,), "right": (0, 1), "up": (1, 2, 3)}
ACHIEVEMENTS_TO_WIN = {2: 6, 3: 5, 4: 4}

AGE = {name: data[0] for name, data in CARDS.items()}
COLOR = {name: data[1] for name, data in CARDS.items()}
CARD_ICONS = {name: data[2] for name, data in CARDS.items()}
DOGMA_ICON = {name: data[3] for name, data in CARDS.items()}
SPECIAL_NAMES = list(SPECIALS)

Effect = Callable[["Game", int, int], None]
# card name -> effect functions in card order (first edition), and the third-edition replacements
EFFECTS: dict[str, list[Effect]] = {}
THIRD_EFFECTS: dict[str, list[Effect]] = {}


def dogma(name: str, *, third: bool = False) -> Callable[[list[Effect]], list[Effect]]:
    """Register the effect functions of one card: ``dogma("Archery")([archery_demand])``."""
    if name not in CARDS:
        raise KeyError(f"No card is called {name!r}.")

    def register(effects: list[Effect]) -> list[Effect]:
        wanted = len(THIRD[name] if third else CARDS[name][4])
        if len(effects) != wanted:
            raise ValueError(f"{name} has {wanted} effects, not {len(effects)}.")
        (THIRD_EFFECTS if third else EFFECTS)[name] = list(effects)
        return effects

    return register


def effect_list(name: str, edition: str) -> list[tuple[bool, Effect]]:
    """(is_demand, function) for every effect of the card in the chosen edition."""
    if edition == "third" and name in THIRD:
        return [(demand, fn) for (demand, _), fn in zip(THIRD[name], THIRD_EFFECTS[name], strict=True)]
    return [(demand, fn) for (demand, _), fn in zip(CARDS[name][4], EFFECTS[name], strict=True)]


def missing_dogmas() -> list[str]:
    """Names of cards whose dogma is not implemented yet (in either edition)."""
    return [n for n in CARDS if n not in EFFECTS or (n in THIRD and n not in THIRD_EFFECTS)]


class NeedDecision(Exception):
    """Raised by ``Game.choose`` when a seat must decide; carries the pending decision record."""

    def __init__(self, pending: Decision):
        super().__init__(pending["prompt"])
        self.pending = pending


class GameEnds(Exception):
    """The game ends now: ``winners`` given (a card or achievements said who) or decided by score."""

    def __init__(self, reason: str, winners: list[int] | None = None):
        super().__init__(reason)
        self.reason = reason
        self.winners = winners


class DogmaEnds(Exception):
    """The rest of the current dogma action is skipped (Fission)."""


# --- InnovationState ------------------------------------------------------------------------------------


class Pile(TypedDict):
    cards: list[str]  # bottom to top
    splay: str  # "none", "left", "right" or "up"


class SeatState(TypedDict):
    hand: list[str]
    score: list[str]
    achievements: list[str]  # achieved cards and special achievements
    board: dict[str, Pile]  # by color


class Turn(TypedDict):
    seat: int
    actions: int  # actions left this turn
    number: int


class Decision(TypedDict):
    """A decision a dogma waits for: ``seat`` picks one of ``options`` (or declines if ``optional``)."""

    seat: int
    kind: str  # what the options are: card, color, value, seat, target, option, or yes
    options: list[Any]
    prompt: str  # addressed to the deciding seat: it may name cards only that seat can see
    optional: bool
    source: str | None  # the card whose dogma asks
    group: NotRequired[PickGroup]  # when this is one pick of several


class PickGroup(TypedDict):
    """What a decision that is one pick of several has gathered: what happens to the cards (``verb``: "return",
    "tuck"...; "" when the prompt says it), those ``picked`` so far in order, at least ``least`` and at most
    ``most`` of them (None: any number); ``acted`` when each pick is carried out at once (Masonry's melds) rather
    than set aside until the seat stops picking."""

    verb: str
    picked: list[str]
    least: int
    most: int | None
    acted: bool


class LogRecord(TypedDict):
    t: str  # the text, with {0}, {1}... for ``c`` and {p0}... for seats
    c: list[str]
    src: str | None
    see: NotRequired[list[int]]  # who saw the cards named, when not everyone did


class InnovationState(TypedDict):
    game: str
    players: int
    edition: str  # "first" or "third"
    rng: int
    phase: str  # "setup", "play" or "over"
    start_melds: list[str | None] | None  # during setup, each seat's chosen first card
    decks: dict[str, list[str]]  # by age as a string; the top is the list's end
    achievements: list[str]
    specials: list[str]
    seats: list[SeatState]
    revealed: list[list[Any]]  # [card, seat]
    removed: list[str]
    turn: Turn
    tucked: list[int]  # this turn, for Monument
    scored: list[int]
    pending: Decision | None
    dogma: DogmaRun | None
    log: list[LogRecord]
    log_count: int
    result: dict[str, Any] | None
    marks: NotRequired[dict[str, Any] | None]


class DogmaRun(TypedDict):
    """The action a pending decision interrupted, replayed from ``snapshot`` with ``answers`` plus the next one."""

    snapshot: InnovationState
    seat: int
    move: Move
    answers: list[Any]



def new_state(players: int, seed: int, edition: str = "first") -> InnovationState:
    rng = Rng(seed_state(seed))
    decks: dict[str, list[str]] = {str(a): [] for a in range(1, 11)}
    for name in CARDS:
        decks[str(AGE[name])].append(name)
    for age in range(1, 11):
        rng.shuffle(decks[str(age)])
    # one card of each age 1-9 becomes that age's achievement (the deck's top is the list's end)
    achievements = [decks[str(a)].pop() for a in range(1, 10)]
    seats: list[SeatState] = []
    for _ in range(players):
        seats.append({
            "hand": [decks["1"].pop(), decks["1"].pop()],
            "score": [],
            "achievements": [],
            "board": {c: {"cards": [], "splay": "none"} for c in COLORS},
        })
    return {
        "game": "innovation",
        "players": players,
        "edition": edition,
        "rng": rng.state,
        "phase": "setup",
        "start_melds": [None] * players,
        "decks": decks,
        "achievements": achievements,
        "specials": list(SPECIAL_NAMES),
        "seats": seats,
        "revealed": [],
        "removed": [],
        "turn": {"seat": 0, "actions": 0, "number": 0},
        "tucked": [0] * players,
        "scored": [0] * players,
        "pending": None,
        "dogma": None,
        "log": [],
        "log_count": 0,
        "result": None,
    }


def copy_state(state: InnovationState) -> InnovationState:
    """A copy that ``apply`` may change freely. Log records, the pending decision, the dogma
    snapshot and the result are never changed in place once made, so they are shared."""
    new = state.copy()
    new["decks"] = {age: cards.copy() for age, cards in state["decks"].items()}
    new["achievements"] = state["achievements"].copy()
    new["specials"] = state["specials"].copy()
    new["removed"] = state["removed"].copy()
    new["revealed"] = [entry.copy() for entry in state["revealed"]]
    new["seats"] = [{
        "hand": seat["hand"].copy(),
        "score": seat["score"].copy(),
        "achievements": seat["achievements"].copy(),
        "board": {c: {"cards": p["cards"].copy(), "splay": p["splay"]} for c, p in seat["board"].items()},
    } for seat in state["seats"]]
    new["turn"] = state["turn"].copy()
    new["tucked"] = state["tucked"].copy()
    new["scored"] = state["scored"].copy()
    if state["start_melds"] is not None:
        new["start_melds"] = state["start_melds"].copy()
    new["log"] = state["log"].copy()
    return new


def start_melds(state: InnovationState) -> list[str | None]:
    """Each seat's chosen first card (None: not chosen yet); the list lives in the state during setup only."""
    melds = state["start_melds"]
    if melds is None:
        raise ValueError("The first cards are chosen during setup only.")
    return melds


def every_card_on_the_table(state: InnovationState) -> list[str]:
    """Every card and special achievement wherever it lies (supply, hands, score piles, boards, achievements,
    revealed, removed), once per copy: a conserving game always holds each exactly once."""
    seats = state["seats"]
    return list(chain(
        chain.from_iterable(state["decks"].values()), state["achievements"], state["removed"], state["specials"],
        (card for card, _ in state["revealed"]),
        chain.from_iterable(seat["hand"] for seat in seats),
        chain.from_iterable(seat["score"] for seat in seats),
        chain.from_iterable(seat["achievements"] for seat in seats),
        chain.from_iterable(pile["cards"] for seat in seats for pile in seat["board"].values()),
    ))


def top(state: InnovationState, seat: int, color: str) -> str | None:
    cards = state["seats"][seat]["board"][color]["cards"]
    return cards[-1] if cards else None


def tops(state: InnovationState, seat: int) -> list[str]:
    board = state["seats"][seat]["board"]
    return [board[c]["cards"][-1] for c in COLORS if board[c]["cards"]]


def icon_counts(state: InnovationState, seat: int) -> dict[str, int]:
    """Visible icons on a board: every icon of a top card, plus what each splay reveals below."""
    counts = dict.fromkeys(ICONS, 0)
    for pile in state["seats"][seat]["board"].values():
        cards = pile["cards"]
        if not cards:
            continue
        for icon in _TOP_ICONS[cards[-1]]:
            counts[icon] += 1
        splay = pile["splay"]
        if splay != "none":
            shown = _SHOWN[splay]
            for name in cards[:-1]:
                for icon in shown[name]:
                    counts[icon] += 1
    return counts


_TOP_ICONS = {name: [i for i in icons if i != "hex"] for name, icons in CARD_ICONS.items()}
_SHOWN = {
    splay: {name: [icons[i] for i in positions if icons[i] != "hex"] for name, icons in CARD_ICONS.items()}
    for splay, positions in SHOWN_BY_SPLAY.items()
}


def icon_count(state: InnovationState, seat: int, icon: str) -> int:
    return icon_counts(state, seat)[icon]


def points(state: InnovationState, seat: int) -> int:
    return sum(AGE[c] for c in state["seats"][seat]["score"])


def has_icon(card: str, icon: str) -> bool:
    return icon in CARD_ICONS[card]


def highest_top_age(state: InnovationState, seat: int) -> int:
    return max((AGE[c] for c in tops(state, seat)), default=0)


def claimable_ages(state: InnovationState, seat: int) -> list[int]:
    """Ages of the achievements this seat may claim with the achieve action."""
    pts = points(state, seat)
    best = highest_top_age(state, seat)
    return sorted(AGE[c] for c in state["achievements"] if pts >= 5 * AGE[c] and best >= AGE[c])


def draw_age_for(state: InnovationState, seat: int) -> int:
    return max(highest_top_age(state, seat), 1)


def locate(state: InnovationState, card: str) -> tuple[str, int | None]:
    """Where a card is: ("hand"|"score"|"board"|"revealed"|"deck"|"achievements"|"achieved"|"removed", seat)."""
    color = COLOR[card]
    for s, seat in enumerate(state["seats"]):
        if card in seat["hand"]:
            return "hand", s
        if card in seat["score"]:
            return "score", s
        if card in seat["board"][color]["cards"]:
            return "board", s
    for entry in state["revealed"]:
        if entry[0] == card:
            return "revealed", entry[1]
    if card in state["decks"][str(AGE[card])]:
        return "deck", None
    if card in state["achievements"]:
        return "achievements", None
    for s, seat in enumerate(state["seats"]):
        if card in seat["achievements"]:
            return "achieved", s
    if card in state["removed"]:
        return "removed", None
    raise KeyError(f"{card} is nowhere")


def visible_to(state: InnovationState, card: str, viewer: int | None) -> bool:
    zone, owner = locate(state, card)
    if zone in ("board", "revealed"):
        return True
    return zone in ("hand", "score") and viewer is not None and owner == viewer


# --- The game context the effects work through ---------------------------------------------------


class Game:
    """One run of an action over a state (mutated in place) with the answers known so far."""

    def __init__(self, state: InnovationState, answers: list | None = None):
        self.s = state
        self.n = state["players"]
        self.rng = Rng(state["rng"])
        self.answers = answers or []
        self.cursor = 0
        self.changes = 0
        self.vars: dict[str, Any] = {}
        self.source: str | None = None  # the card whose dogma is running, for the log
        self.dirty: set[int] = set()  # seats whose board or counters changed since the last check

    # --- reading --------------------------------------------------------------------------

    def hand(self, seat: int) -> list[str]:
        return self.s["seats"][seat]["hand"]

    def score_pile(self, seat: int) -> list[str]:
        return self.s["seats"][seat]["score"]

    def pile(self, seat: int, color: str) -> list[str]:
        return self.s["seats"][seat]["board"][color]["cards"]

    def splay_of(self, seat: int, color: str) -> str:
        return self.s["seats"][seat]["board"][color]["splay"]

    def top(self, seat: int, color: str) -> str | None:
        return top(self.s, seat, color)

    def tops(self, seat: int) -> list[str]:
        return tops(self.s, seat)

    def icons(self, seat: int, icon: str) -> int:
        return icon_count(self.s, seat, icon)

    def points(self, seat: int) -> int:
        return points(self.s, seat)

    def others(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(1, self.n)]

    def everyone(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(self.n)]

    def colors_on_board(self, seat: int) -> list[str]:
        return [c for c in COLORS if self.pile(seat, c)]

    # --- the log ----------------------------------------------------------------------------

    def log(self, text: str, cards: list[str] | None = None, see: list[int] | None = None) -> None:
        """A log line; ``{0}``, ``{1}``… name ``cards`` (shown only to ``see`` if given and to those
        who can still see the card when the log is read); ``{p0}``… are seats."""
        record: LogRecord = {"t": text, "c": list(cards or []), "src": self.source}
        if see is not None:
            record["see"] = sorted(set(see))
        log = self.s["log"]
        log.append(record)
        self.s["log_count"] += 1
        if len(log) > 120:
            del log[:20]

    # --- decisions --------------------------------------------------------------------------

    def choose(self, seat: int, kind: str, options: list, prompt: str, optional: bool = False,
               group: PickGroup | None = None) -> Any:
        """The seat's pick among ``options`` (None if it declined an optional choice or there is none); ``group``
        when the pick is one of several."""
        if not options:
            return None
        if len(options) == 1 and not optional:
            return options[0]
        if self.cursor < len(self.answers):
            answer = self.answers[self.cursor]
            self.cursor += 1
            return answer
        decision: Decision = {"seat": seat, "kind": kind, "options": list(options), "prompt": prompt,
                              "optional": optional, "source": self.source}
        if group is not None:
            decision["group"] = {**group, "picked": list(group["picked"])}
        raise NeedDecision(decision)

    def choose_card(self, seat: int, cards: list[str], prompt: str, optional: bool = False,
                    group: PickGroup | None = None) -> str | None:
        return self.choose(seat, "card", sorted(set(cards), key=lambda c: (AGE[c], c)), prompt, optional, group)

    def pick_card(self, seat: int, cards: list[str], prompt: str, group: PickGroup | None = None) -> str:
        """A card the seat must pick where the rules guarantee there is one to pick."""
        card = self.choose_card(seat, cards, prompt, group=group)
        if card is None:
            raise ValueError(f"{prompt!r} was asked with no card to pick.")
        return card

    def ask(self, seat: int, prompt: str) -> bool:
        """A "you may" with nothing else to pick: yes, or decline."""
        return self.choose(seat, "yes", ["yes"], prompt, optional=True) == "yes"

    def choose_cards(self, seat: int, cards: list[str], prompt: str, most: int | None = None,
                     least: int = 0, *, verb: str, before: tuple[str, ...] = ()) -> list[str]:
        """Pick cards one at a time (each pick is its own decision, saying what is picked so far and what happens
        to them, ``verb``) until ``most`` or the seat stops; ``before``: cards already picked for the same end by
        an earlier decision, counted in what the seat sees but not returned."""
        left = list(cards)
        picked: list[str] = []
        while left and (most is None or len(picked) < most):
            group: PickGroup = {"verb": verb, "picked": [*before, *picked], "least": len(before) + least,
                                "most": None if most is None else len(before) + most, "acted": False}
            card = self.choose_card(seat, left, prompt, optional=len(picked) >= least, group=group)
            if card is None:
                break
            picked.append(card)
            left.remove(card)
        return picked

    def splayable(self, seat: int, colors: list[str], direction: str) -> list[str]:
        return [c for c in colors if len(self.pile(seat, c)) >= 2 and self.splay_of(seat, c) != direction]

    def may_splay(self, seat: int, colors: list[str], direction: str) -> str | None:
        """Optional: splay one of ``colors`` in ``direction``; returns the color splayed."""
        options = self.splayable(seat, colors, direction)
        color = self.choose(seat, "color", options, f"You may splay a color {direction}.", optional=True)
        if color is not None:
            self.splay(seat, color, direction)
        return color

    # --- moving cards -----------------------------------------------------------------------

    def _seat(self, seat: int | None, zone: str) -> SeatState:
        if seat is None:
            raise ValueError(f"A card in a {zone} needs a seat whose {zone} it is.")
        return self.s["seats"][seat]

    def _remove(self, card: str) -> tuple[str, int | None]:
        zone, owner = locate(self.s, card)
        if zone == "hand":
            self._seat(owner, zone)["hand"].remove(card)
        elif zone == "score":
            self._seat(owner, zone)["score"].remove(card)
        elif zone == "board":
            pile = self._seat(owner, zone)["board"][COLOR[card]]
            pile["cards"].remove(card)
            if len(pile["cards"]) < 2:
                pile["splay"] = "none"
        elif zone == "revealed":
            self.s["revealed"].remove([card, owner])
        else:
            raise ValueError(f"{card} cannot be moved from {zone}")
        return zone, owner

    def move(self, card: str, to: str, seat: int | None, verb: str) -> None:
        """Move a card to ``to`` (hand, score, board = on top, tuck = at the bottom, deck = returned,
        revealed, removed) of ``seat``, and log ``verb`` ("{p0} scored {0}")."""
        src, owner = self._remove(card)
        if to == "hand":
            self._seat(seat, to)["hand"].append(card)
        elif to == "score":
            self._seat(seat, to)["score"].append(card)
        elif to == "board":
            self._seat(seat, to)["board"][COLOR[card]]["cards"].append(card)
        elif to == "tuck":
            self._seat(seat, to)["board"][COLOR[card]]["cards"].insert(0, card)
        elif to == "deck":
            self.s["decks"][str(AGE[card])].insert(0, card)
        elif to == "revealed":
            self.s["revealed"].append([card, seat])
        elif to == "removed":
            self.s["removed"].append(card)
        public = src in ("board", "revealed") or to in ("board", "tuck", "revealed")
        see = None if public else [s for s in (owner, seat) if s is not None]
        self.log(verb, [card], see)
        if owner is not None:
            self.dirty.add(owner)
        if seat is not None:
            self.dirty.add(seat)
        self.changed()

    def changed(self) -> None:
        self.changes += 1
        self.check_specials()

    def draw_card(self, age: int) -> str:
        """Take the top card of the first non-empty pile from ``age`` up; past 10 the game ends."""
        age = max(age, 1)
        while age <= 10 and not self.s["decks"][str(age)]:
            age += 1
        if age > 10:
            raise GameEnds("A player had to draw above 10.")
        return self.s["decks"][str(age)].pop()

    def _drawn(self, seat: int, age: int, to: str, verb: str) -> str:
        card = self.draw_card(age)
        # the card passes through the seat's hand, so the move is logged as seen by that seat only
        self.s["seats"][seat]["hand"].append(card)
        if to == "hand":
            self.log(verb, [card], [seat])
            self.changed()
        else:
            self.move(card, to, seat, verb)
        return card

    def draw(self, seat: int, age: int) -> str:
        return self._drawn(seat, age, "hand", f"{{p{seat}}} drew {{0}}.")

    def draw_reveal(self, seat: int, age: int) -> str:
        return self._drawn(seat, age, "revealed", f"{{p{seat}}} drew and revealed {{0}}.")

    def draw_meld(self, seat: int, age: int) -> str:
        return self._drawn(seat, age, "board", f"{{p{seat}}} drew {{0}} and melded it onto their board.")

    def draw_score(self, seat: int, age: int) -> str:
        self.s["scored"][seat] += 1
        return self._drawn(seat, age, "score", f"{{p{seat}}} drew {{0}} and scored it (into their score pile).")

    def draw_tuck(self, seat: int, age: int) -> str:
        self.s["tucked"][seat] += 1
        return self._drawn(seat, age, "tuck", f"{{p{seat}}} drew {{0}} and tucked it under its pile.")

    def keep(self, seat: int, card: str) -> None:
        """A revealed card goes to its drawer's hand."""
        self.move(card, "hand", seat, f"{{p{seat}}} kept {{0}} in hand.")

    def meld(self, seat: int, card: str) -> None:
        self.move(card, "board", seat, f"{{p{seat}}} melded {{0}} onto their board.")

    def tuck(self, seat: int, card: str) -> None:
        self.s["tucked"][seat] += 1
        self.move(card, "tuck", seat, f"{{p{seat}}} tucked {{0}} under their {COLOR[card]} pile.")

    def score(self, seat: int, card: str) -> None:
        self.s["scored"][seat] += 1
        self.move(card, "score", seat, f"{{p{seat}}} scored {{0}} (into their score pile).")

    def return_card(self, seat: int, card: str) -> None:
        self.move(card, "deck", None, f"{{p{seat}}} returned {{0}} to the bottom of its supply pile.")

    def to_hand(self, seat: int, card: str, text: str | None = None) -> None:
        self.move(card, "hand", seat, text or f"{{p{seat}}} took {{0}} into their hand.")

    def to_score(self, seat: int, card: str, text: str | None = None) -> None:
        """A transfer into a score pile (not scoring)."""
        self.move(card, "score", seat, text or f"{{0}} went to {{p{seat}}}'s score pile.")

    def to_board(self, seat: int, card: str, text: str | None = None) -> None:
        self.move(card, "board", seat, text or f"{{0}} went to {{p{seat}}}'s board.")

    def splay(self, seat: int, color: str, direction: str) -> None:
        pile = self.s["seats"][seat]["board"][color]
        if len(pile["cards"]) < 2 or pile["splay"] == direction:
            return
        pile["splay"] = direction
        self.log(f"{{p{seat}}} splayed their {color} pile {direction}: more of its icons now count.")
        self.dirty.add(seat)
        self.changed()

    def unsplay(self, seat: int, color: str) -> None:
        pile = self.s["seats"][seat]["board"][color]
        if pile["splay"] != "none":
            pile["splay"] = "none"
            self.log(f"{{p{seat}}}'s {color} pile is no longer splayed: only its top card's icons count.")
            self.dirty.add(seat)
            self.changed()

    # --- achievements and the end -------------------------------------------------------------

    def claim_special(self, seat: int, name: str) -> bool:
        if name not in self.s["specials"]:
            return False
        self.s["specials"].remove(name)
        self.s["seats"][seat]["achievements"].append(name)
        self.log(f"{{p{seat}}} claimed the {name} achievement.")
        self.changes += 1
        self.check_achievement_win(seat)
        return True

    def check_achievement_win(self, seat: int) -> None:
        if len(self.s["seats"][seat]["achievements"]) >= ACHIEVEMENTS_TO_WIN[self.n]:
            raise GameEnds("A player claimed enough achievements.", [seat])

    def check_specials(self) -> None:
        if not self.s["specials"]:
            self.dirty.clear()
            return
        for seat in self.everyone(self.s["turn"]["seat"]):
            if seat in self.dirty:
                self.dirty.discard(seat)
                for name in special_conditions_met(self.s, seat):
                    self.claim_special(seat, name)

    def win(self, seat: int) -> None:
        raise GameEnds("A card's dogma decided the winner.", [seat])

    def end_game(self) -> None:
        raise GameEnds("A card's dogma ended the game.")

    # --- dogma --------------------------------------------------------------------------------

    def run_dogma(self, me: int, card: str) -> None:
        edition = self.s["edition"]
        icon = DOGMA_ICON[card]
        counts = [self.icons(p, icon) for p in range(self.n)]
        order = self.others(me) + [me]
        shared = False
        self.source = card
        self.vars = {}
        self.log(f"{{p{me}}} carried out the dogma of {{0}}.", [card])
        try:
            for demand, fn in effect_list(card, edition):
                for p in order:
                    if demand:
                        if p != me and counts[p] < counts[me]:
                            fn(self, p, me)
                    elif p == me or counts[p] >= counts[me]:
                        before = self.changes
                        fn(self, p, me)
                        if p != me and self.changes != before:
                            shared = True
            if shared:
                self.log(f"{{p{me}}} draws a card: an opponent shared the dogma and it changed something.")
                self.draw(me, draw_age_for(self.s, me))
        except DogmaEnds:
            pass
        self.source = None

    def execute_self(self, seat: int, card: str) -> None:
        """Execute the non-demand effects of ``card`` for ``seat`` only (no sharing)."""
        saved_source, saved_vars = self.source, self.vars
        self.source = card
        self.vars = {}
        self.log(f"{{p{seat}}} carries out the effects of {{0}} for themselves alone (not its demands).", [card])
        for demand, fn in effect_list(card, self.s["edition"]):
            if not demand:
                fn(self, seat, seat)
        self.source, self.vars = saved_source, saved_vars


def special_conditions_met(state: InnovationState, seat: int) -> list[str]:
    """Special achievements still available whose standing condition this seat meets now."""
    available = state["specials"]
    met = []
    if "Monument" in available and (state["tucked"][seat] >= 6 or state["scored"][seat] >= 6):
        met.append("Monument")
    if "Empire" in available or "World" in available:
        counts = icon_counts(state, seat)
        if "Empire" in available and all(counts[i] >= 3 for i in ICONS):
            met.append("Empire")
        if "World" in available and counts["clock"] >= 12:
            met.append("World")
    board = state["seats"][seat]["board"]
    if "Wonder" in available and all(board[c]["cards"] and board[c]["splay"] in ("right", "up") for c in COLORS):
        met.append("Wonder")
    if "Universe" in available and all(board[c]["cards"] and AGE[board[c]["cards"][-1]] >= 8 for c in COLORS):
        met.append("Universe")
    return met


# --- Turns and actions ------------------------------------------------------------------------


def begin_play(state: InnovationState) -> None:
    """Everyone has picked a start card: meld them all; the alphabetically first goes first."""
    g = Game(state)
    picks = [card for card in start_melds(state) if card is not None]
    if len(picks) != state["players"]:
        raise ValueError("Play begins once every seat has chosen its first card.")
    for seat, card in enumerate(picks):
        g.meld(seat, card)
    first = min(range(state["players"]), key=lambda s: picks[s])
    state["phase"] = "play"
    state["start_melds"] = None
    state["turn"] = {"seat": first, "actions": 1, "number": 1}
    g.log(f"{{p{first}}} melded the card first in the alphabet and goes first, with one action.")
    state["rng"] = g.rng.state


def next_turn(state: InnovationState) -> None:
    turn = state["turn"]
    n = state["players"]
    turn["seat"] = (turn["seat"] + 1) % n
    turn["number"] += 1
    # the first player has one action; in a four-player game the second player too
    turn["actions"] = 1 if (n == 4 and turn["number"] == 2) else 2
    state["tucked"] = [0] * n
    state["scored"] = [0] * n


def do_action(g: Game, seat: int, move: dict) -> None:
    """One action (draw, meld, achieve, dogma), then the turn's bookkeeping."""
    s = g.s
    kind = move["type"]
    if kind == "draw":
        g.draw(seat, draw_age_for(s, seat))
    elif kind == "meld":
        g.meld(seat, move["card"])
    elif kind == "achieve":
        card = next(c for c in s["achievements"] if AGE[c] == move["age"])
        s["achievements"].remove(card)
        s["seats"][seat]["achievements"].append(card)
        g.log(f"{{p{seat}}} claimed the age {move['age']} achievement.")
        g.changed()
        g.check_achievement_win(seat)
    elif kind == "dogma":
        g.run_dogma(seat, move["card"])
    s["turn"]["actions"] -= 1
    if s["turn"]["actions"] <= 0:
        next_turn(s)


def final_result(state: InnovationState, reason: str, winners: list[int] | None) -> dict:
    n = state["players"]
    scores = [points(state, s) for s in range(n)]
    achieved = [len(state["seats"][s]["achievements"]) for s in range(n)]
    if winners is None:
        best = max(scores)
        tied = [s for s in range(n) if scores[s] == best]
        most = max(achieved[s] for s in tied)
        winners = [s for s in tied if achieved[s] == most]
    return {"scores": scores, "achievements": achieved, "winners": sorted(winners), "reason": reason}


def run_action(state: InnovationState, seat: int, move: Move, answers: list,
               snapshot: InnovationState) -> InnovationState:
    """Run one action on ``state`` (a fresh copy of ``snapshot``), stopping at the next decision."""
    g = Game(state, answers)
    try:
        do_action(g, seat, move)
        state["pending"] = None
        state["dogma"] = None
    except NeedDecision as decision:
        state["pending"] = decision.pending
        state["dogma"] = {"snapshot": snapshot, "seat": seat, "move": move, "answers": list(answers)}
    except GameEnds as end:
        state["pending"] = None
        state["dogma"] = None
        state["phase"] = "over"
        state["result"] = final_result(state, end.reason, end.winners)
        g.log(end.reason)
    state["rng"] = g.rng.state
    return state
