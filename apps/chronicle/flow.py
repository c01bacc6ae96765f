"""How a game of Chronicle moves: the state, whose input is awaited, the legal moves, and
what each move does.

The state is plain JSON data, shaped as ``state.ChronicleState``. Deck and pile tops are
the *last* item of their list. The functions named ``do_*`` change the state they are given:
the engine hands them a fresh copy, so the state a caller holds is never touched. Every
sentence (log lines, prompts) comes from ``wording``.
"""

from __future__ import annotations

from apps.matches.engine import Move, Pending, Rng, seed_state

from . import wording as w
from .content import (
    ASPECTS,
    BUILD_STEPS,
    CHARACTER_IDS_BY_ASPECT,
    FILL_BY_ID,
    FILL_IDS_BY_KIND,
    KINDS,
    STORIES,
)
from .payment import payable_fills
from .state import ChronicleState, Draw, SeatState
from .tie_break import break_tie
from .tie_break import numbers as tie_numbers

HAND_SIZE = 3  # fill cards and civilization cards drawn for a story card
DECK_SIZE = 4  # cards in a civilization deck after building
FAILED_DRAWS_BEFORE_FATE = 3  # on the third failed draw for a story card, fate intervenes

BUILD, STORY, VOTE, OVER = "build", "story", "vote", "over"
# What a pending decision is about: building and voting are their phases; a story card is filled, then its
# reward taken or refused.
FILL, REWARD = "fill", "reward"


# --- Setup -------------------------------------------------------------------

def new_state(players: int, seed: int) -> ChronicleState:
    """Shuffled character piles and each seat's shuffled fill decks; building starts at seat 0."""
    rng = Rng(seed_state(seed))
    piles: dict[str, list[str]] = {}
    for aspect in ASPECTS:
        pile = list(CHARACTER_IDS_BY_ASPECT[aspect])
        rng.shuffle(pile)
        piles[aspect] = pile
    seats: list[SeatState] = []
    for _ in range(players):
        decks: dict[str, list[str]] = {}
        for kind in KINDS:
            deck = list(FILL_IDS_BY_KIND[kind])
            rng.shuffle(deck)
            decks[kind] = deck
        seats.append({"civ": [], "fill": decks, "discard": {kind: [] for kind in KINDS}, "told": []})
    votes: list[int | None] = [None] * players
    return {
        "game": "chronicle",
        "players": players,
        "rng": rng.state,
        "phase": BUILD,
        "piles": piles,
        "seats": seats,
        "story": 0,
        "turn": 0,
        "draw": None,
        "reward": None,
        "votes": votes,
        "seen": [],
        "log": [w.begins_building(0)],
    }


# --- Questions about a state ---------------------------------------------------

def active_seats(state: ChronicleState) -> list[int]:
    phase = state["phase"]
    if phase in (BUILD, STORY):
        return [state["turn"]]
    if phase == VOTE:
        return [seat for seat, vote in enumerate(state["votes"]) if vote is None]
    return []


def revealed_count(state: ChronicleState) -> int:
    """How many story cards are face up."""
    phase = state["phase"]
    if phase == BUILD:
        return 0
    if phase == STORY:
        return state["story"] + 1
    return len(STORIES)


def current_story_kind(state: ChronicleState) -> str:
    return STORIES[state["story"]].blank


def build_choices(state: ChronicleState) -> tuple[str, ...]:
    """The aspects allowed for the building seat's next card (empty piles included)."""
    return BUILD_STEPS[len(state["seats"][state["turn"]]["civ"])]


def drawn(state: ChronicleState) -> Draw:
    """The cards the seat at turn has drawn: asked for only while it fills a blank."""
    draw = state["draw"]
    if draw is None:
        raise ValueError("No cards are drawn now.")
    return draw


def choosable_fills(state: ChronicleState) -> tuple[list[str], bool]:
    """The drawn fill cards that may be chosen now, and whether fate made them free."""
    draw = state["draw"]
    if draw is None:
        return [], False
    payable = payable_fills(draw["fill"], draw["civ"])
    if payable:
        return payable, False
    if draw["redraws"] >= FAILED_DRAWS_BEFORE_FATE - 1:
        return list(draw["fill"]), True
    return [], False


def reward_alternatives(state: ChronicleState) -> list[list[str]]:
    reward = state["reward"]
    if reward is None:
        return []
    return [list(alternative) for alternative in FILL_BY_ID[reward["card"]].reward]


def alternative_available(state: ChronicleState, alternative: list[str]) -> bool:
    return any(state["piles"][aspect] for aspect in alternative)


def legal_moves(state: ChronicleState, seat: int) -> list[Move]:
    if seat not in active_seats(state):
        return []
    phase = state["phase"]
    if phase == BUILD:
        return [{"type": "pick_aspect", "aspect": a} for a in build_choices(state) if state["piles"][a]]
    if phase == STORY:
        if state["reward"] is not None:
            moves: list[Move] = [
                {"type": "take_reward", "option": i}
                for i, alternative in enumerate(reward_alternatives(state))
                if alternative_available(state, alternative)
            ]
            return moves + [{"type": "skip_reward"}]
        cards, _ = choosable_fills(state)
        if cards:
            return [{"type": "choose_fill", "card": card} for card in cards]
        return [{"type": "redraw"}]
    if phase == VOTE:
        return [{"type": "vote", "for": other} for other in range(state["players"]) if other != seat]
    return []


def outcome(state: ChronicleState) -> dict | None:
    if state["phase"] != OVER:
        return None
    if state["players"] == 1:
        return {"scores": [len(state["seats"][0]["told"])], "winners": [0], "solo": True}
    return _vote_result(state, [vote for vote in state["votes"] if vote is not None])


def _vote_result(state: ChronicleState, votes: list[int]) -> dict:
    """The outcome of a vote every seat has cast (``votes``: by voter, the seat voted for)."""
    players = state["players"]
    received = [0] * players
    for vote in votes:
        received[vote] += 1
    best = max(received)
    leaders = [seat for seat in range(players) if received[seat] == best]
    result: dict = {"scores": received, "winners": leaders, "votes": list(state["votes"])}
    if len(leaders) > 1:  # always so with two players: a rated result needs one winner (``tie_break``)
        winner, criterion = break_tie(state, leaders)
        result["winners"] = [winner]
        says = w.tie_broken(leaders, winner, criterion, best, tie_numbers(state, leaders))
        result["tie_break"] = {"tied": leaders, "by": criterion, "says": says}
    return result


# --- The decision awaited ---------------------------------------------------------

# The move types that answer each kind of decision (sorted); filling is answered by ``choose_fill`` or, when
# no drawn card can be paid for, by ``redraw`` alone.
_OPTIONS = {BUILD: ["pick_aspect"], REWARD: ["skip_reward", "take_reward"], VOTE: ["vote"]}


def decision_kind(state: ChronicleState) -> str | None:
    """What the game waits for now (``BUILD``, ``FILL``, ``REWARD`` or ``VOTE``); None once it is over."""
    phase = state["phase"]
    if phase == STORY:
        return REWARD if state["reward"] is not None else FILL
    return None if phase == OVER else phase


def prompt(state: ChronicleState, *, mine: bool) -> str:
    """The decision awaited, in words for the seat that makes it (``mine``) or for everyone else."""
    kind = decision_kind(state)
    turn = state["turn"]
    if kind == BUILD:
        step = len(state["seats"][turn]["civ"])
        return w.build_prompt(turn, step, build_choices(state), mine=mine)
    if kind == FILL:
        choosable, fate = choosable_fills(state)
        number = STORIES[state["story"]].number
        return w.fill_prompt(turn, number, mine=mine, fate=fate, choosable=bool(choosable))
    if kind == REWARD:
        return w.reward_prompt(turn, mine=mine)
    if kind == VOTE:
        cast = sum(vote is not None for vote in state["votes"])
        return w.vote_prompt(cast, state["players"], mine=mine)
    result = outcome(state)
    return w.over_prompt(result["winners"] if result and state["players"] > 1 else None)


def pending(state: ChronicleState) -> Pending | None:
    """The decision awaited as the protocol's record; its prompt is the one every onlooker reads."""
    kind = decision_kind(state)
    if kind is None:
        return None
    if kind == FILL:
        options = ["choose_fill"] if choosable_fills(state)[0] else ["redraw"]
    else:
        options = list(_OPTIONS[kind])
    return {"seats": active_seats(state), "kind": kind, "prompt": prompt(state, mine=False), "options": options}


# --- Changing a state (on a copy) ----------------------------------------------

def _log(state: ChronicleState, line: str) -> None:
    state["log"].append(line)


def _reveal(state: ChronicleState, card_ids: list[str]) -> None:
    """Remember that these cards have been face up in this match."""
    state["seen"] = sorted(set(state["seen"]).union(card_ids))


def do_pick_aspect(state: ChronicleState, rng: Rng, seat: int, aspect: str) -> None:
    civ = state["seats"][seat]["civ"]
    card = state["piles"][aspect].pop()
    civ.append(card)
    _reveal(state, [card])
    _log(state, w.took_for_civilization(seat, card, len(civ) - 1))
    if len(civ) < DECK_SIZE:
        return
    if seat + 1 < state["players"]:
        state["turn"] = seat + 1
        _log(state, w.begins_building(seat + 1))
        return
    for each in state["seats"]:
        rng.shuffle(each["civ"])
    _log(state, w.DECKS_SHUFFLED)
    _begin_story_card(state, rng, 0)


def _begin_story_card(state: ChronicleState, rng: Rng, index: int) -> None:
    story = STORIES[index]
    state["phase"] = STORY
    state["story"] = index
    state["turn"] = 0
    _log(state, w.story_revealed(story.number, story.title, story.blank))
    _draw(state, rng, redraws=0)


def _draw(state: ChronicleState, rng: Rng, redraws: int) -> None:
    """Draw fill cards of the blank's kind and civilization cards for the seat whose turn it is."""
    seat = state["turn"]
    player = state["seats"][seat]
    kind = current_story_kind(state)
    deck = player["fill"][kind]
    if len(deck) < HAND_SIZE and player["discard"][kind]:
        deck.extend(player["discard"][kind])
        player["discard"][kind] = []
        rng.shuffle(deck)
        _log(state, w.discard_shuffled_back(seat, kind))
    fill = [deck.pop() for _ in range(min(HAND_SIZE, len(deck)))]
    civ = [player["civ"].pop() for _ in range(min(HAND_SIZE, len(player["civ"])))]
    state["draw"] = {"fill": fill, "civ": civ, "redraws": redraws}
    _reveal(state, fill)
    _log(state, w.drew(seat, fill, civ))
    cards, fate = choosable_fills(state)
    if fate:
        _log(state, w.FATE_INTERVENES)


def _return_civ_cards(state: ChronicleState, rng: Rng, seat: int) -> None:
    player = state["seats"][seat]
    player["civ"].extend(drawn(state)["civ"])
    rng.shuffle(player["civ"])


def do_redraw(state: ChronicleState, rng: Rng, seat: int) -> None:
    draw = drawn(state)
    deck = state["seats"][seat]["fill"][current_story_kind(state)]
    deck.extend(draw["fill"])
    rng.shuffle(deck)
    _return_civ_cards(state, rng, seat)
    _log(state, w.draws_again(seat))
    _draw(state, rng, redraws=draw["redraws"] + 1)


def do_choose_fill(state: ChronicleState, rng: Rng, seat: int, card: str) -> None:
    _, fate = choosable_fills(state)
    draw = drawn(state)
    player = state["seats"][seat]
    kind = current_story_kind(state)
    story = STORIES[state["story"]]
    player["told"].append({"card": card, "fate": fate})
    player["discard"][kind].extend(c for c in draw["fill"] if c != card)
    _return_civ_cards(state, rng, seat)
    state["draw"] = None
    _log(state, w.filled_blank(seat, story.title, card, fate=fate))
    if fate:
        _end_turn(state, rng)
        return
    state["reward"] = {"card": card}
    if not any(alternative_available(state, alt) for alt in reward_alternatives(state)):
        state["reward"] = None
        _log(state, w.reward_piles_empty(seat))
        _end_turn(state, rng)


def do_take_reward(state: ChronicleState, rng: Rng, seat: int, option: int) -> None:
    alternative = reward_alternatives(state)[option]
    player = state["seats"][seat]
    taken = []
    for aspect in alternative:
        pile = state["piles"][aspect]
        if pile:
            taken.append(pile.pop())
    player["civ"].extend(taken)
    rng.shuffle(player["civ"])
    _reveal(state, taken)
    state["reward"] = None
    _log(state, w.reward_taken(seat, taken))
    _end_turn(state, rng)


def do_skip_reward(state: ChronicleState, rng: Rng, seat: int) -> None:
    state["reward"] = None
    _log(state, w.reward_refused(seat))
    _end_turn(state, rng)


def _end_turn(state: ChronicleState, rng: Rng) -> None:
    """Pass to the next seat on this story card, or to the next story card, or to the end."""
    if state["turn"] + 1 < state["players"]:
        state["turn"] += 1
        _draw(state, rng, redraws=0)
        return
    if state["story"] + 1 < len(STORIES):
        _begin_story_card(state, rng, state["story"] + 1)
        return
    state["turn"] = 0
    if state["players"] == 1:
        state["phase"] = OVER
        _log(state, w.CHRONICLE_COMPLETE)
    else:
        state["phase"] = VOTE
        _log(state, w.VOTING_BEGINS_TWO if state["players"] == 2 else w.VOTING_BEGINS)


def do_vote(state: ChronicleState, seat: int, chosen: int) -> None:
    state["votes"][seat] = chosen
    _log(state, w.has_voted(seat))
    votes = [vote for vote in state["votes"] if vote is not None]
    if len(votes) < state["players"]:
        return
    state["phase"] = OVER
    result = _vote_result(state, votes)
    for voter, vote in enumerate(votes):
        _log(state, w.voted_for(voter, vote))
    if "tie_break" in result:
        _log(state, result["tie_break"]["says"])
    _log(state, w.favourite_telling(result["winners"], max(result["scores"])))
