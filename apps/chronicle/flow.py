"""How a game of Chronicle moves: the state, whose input is awaited, the legal moves, and
what each move does.

The state is plain JSON data. Deck and pile tops are the *last* item of their list.
The functions named ``do_*`` change the state they are given: the engine hands them
a fresh copy, so the state a caller holds is never touched.
"""

from __future__ import annotations

from typing import Any

from apps.matches.rules import Rng, seed_state

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

State = dict[str, Any]
Move = dict[str, Any]

HAND_SIZE = 3  # fill cards and civilization cards drawn for a story card
DECK_SIZE = 4  # cards in a civilization deck after building
FAILED_DRAWS_BEFORE_FATE = 3  # on the third failed draw for a story card, fate intervenes

BUILD, STORY, VOTE, OVER = "build", "story", "vote", "over"


# --- Setup -------------------------------------------------------------------

def new_state(players: int, seed: int) -> State:
    """Shuffled character piles and each seat's shuffled fill decks; building starts at seat 0."""
    rng = Rng(seed_state(seed))
    piles = {}
    for aspect in ASPECTS:
        pile = list(CHARACTER_IDS_BY_ASPECT[aspect])
        rng.shuffle(pile)
        piles[aspect] = pile
    seats = []
    for _ in range(players):
        decks = {}
        for kind in KINDS:
            deck = list(FILL_IDS_BY_KIND[kind])
            rng.shuffle(deck)
            decks[kind] = deck
        seats.append({"civ": [], "fill": decks, "discard": {kind: [] for kind in KINDS}, "told": []})
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
        "votes": [None] * players,
        "seen": [],
        "log": [f"{w.seat_token(0)} begins building a civilization."],
    }


# --- Questions about a state ---------------------------------------------------

def active_seats(state: State) -> list[int]:
    phase = state["phase"]
    if phase in (BUILD, STORY):
        return [state["turn"]]
    if phase == VOTE:
        return [seat for seat, vote in enumerate(state["votes"]) if vote is None]
    return []


def revealed_count(state: State) -> int:
    """How many story cards are face up."""
    phase = state["phase"]
    if phase == BUILD:
        return 0
    if phase == STORY:
        return state["story"] + 1
    return len(STORIES)


def current_story_kind(state: State) -> str:
    return STORIES[state["story"]].blank


def build_choices(state: State) -> tuple[str, ...]:
    """The aspects allowed for the building seat's next card (empty piles included)."""
    return BUILD_STEPS[len(state["seats"][state["turn"]]["civ"])]


def choosable_fills(state: State) -> tuple[list[str], bool]:
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


def reward_alternatives(state: State) -> list[list[str]]:
    reward = state["reward"]
    if reward is None:
        return []
    return [list(alternative) for alternative in FILL_BY_ID[reward["card"]].reward]


def alternative_available(state: State, alternative: list[str]) -> bool:
    return any(state["piles"][aspect] for aspect in alternative)


def legal_moves(state: State, seat: int) -> list[Move]:
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


def outcome(state: State) -> dict | None:
    if state["phase"] != OVER:
        return None
    players = state["players"]
    if players == 1:
        return {"scores": [len(state["seats"][0]["told"])], "winners": [0], "solo": True}
    received = [0] * players
    for vote in state["votes"]:
        received[vote] += 1
    best = max(received)
    return {
        "scores": received,
        "winners": [seat for seat in range(players) if received[seat] == best],
        "votes": list(state["votes"]),
    }


# --- Changing a state (on a copy) ----------------------------------------------

def _log(state: State, line: str) -> None:
    state["log"].append(line)


def _reveal(state: State, card_ids: list[str]) -> None:
    """Remember that these cards have been face up in this match."""
    state["seen"] = sorted(set(state["seen"]).union(card_ids))


def do_pick_aspect(state: State, rng: Rng, seat: int, aspect: str) -> None:
    civ = state["seats"][seat]["civ"]
    card = state["piles"][aspect].pop()
    civ.append(card)
    _reveal(state, [card])
    _log(state, f"{w.seat_token(seat)} took {w.character_phrase(card)} "
                f"as the {w.ORDINALS[len(civ) - 1]} card of their civilization.")
    if len(civ) < DECK_SIZE:
        return
    if seat + 1 < state["players"]:
        state["turn"] = seat + 1
        _log(state, f"{w.seat_token(seat + 1)} begins building a civilization.")
        return
    for each in state["seats"]:
        rng.shuffle(each["civ"])
    _log(state, "Every Civilization Deck is shuffled. The story begins.")
    _begin_story_card(state, rng, 0)


def _begin_story_card(state: State, rng: Rng, index: int) -> None:
    story = STORIES[index]
    state["phase"] = STORY
    state["story"] = index
    state["turn"] = 0
    _log(state, f"Story card {story.number}, {story.title}, is revealed: "
                f"its blank needs {w.with_article(w.kind_label(story.blank).lower())}.")
    _draw(state, rng, redraws=0)


def _draw(state: State, rng: Rng, redraws: int) -> None:
    """Draw fill cards of the blank's kind and civilization cards for the seat whose turn it is."""
    seat = state["turn"]
    player = state["seats"][seat]
    kind = current_story_kind(state)
    deck = player["fill"][kind]
    if len(deck) < HAND_SIZE and player["discard"][kind]:
        deck.extend(player["discard"][kind])
        player["discard"][kind] = []
        rng.shuffle(deck)
        _log(state, f"{w.seat_token(seat)}'s {kind} discard pile is shuffled back into the deck.")
    fill = [deck.pop() for _ in range(min(HAND_SIZE, len(deck)))]
    civ = [player["civ"].pop() for _ in range(min(HAND_SIZE, len(player["civ"])))]
    state["draw"] = {"fill": fill, "civ": civ, "redraws": redraws}
    _reveal(state, fill)
    _log(state, f"{w.seat_token(seat)} draws {w.join_words([w.fill_name(c) for c in fill])}, "
                f"with {w.join_words([w.character_phrase(c) for c in civ])} from their civilization.")
    cards, fate = choosable_fills(state)
    if fate:
        _log(state, "Fate intervenes: after three failed draws any of these cards may be chosen, "
                    "without a reward.")


def _return_civ_cards(state: State, rng: Rng, seat: int) -> None:
    player = state["seats"][seat]
    player["civ"].extend(state["draw"]["civ"])
    rng.shuffle(player["civ"])


def do_redraw(state: State, rng: Rng, seat: int) -> None:
    draw = state["draw"]
    deck = state["seats"][seat]["fill"][current_story_kind(state)]
    deck.extend(draw["fill"])
    rng.shuffle(deck)
    _return_civ_cards(state, rng, seat)
    _log(state, f"{w.seat_token(seat)} can pay for none of them, shuffles them back and draws again.")
    _draw(state, rng, redraws=draw["redraws"] + 1)


def do_choose_fill(state: State, rng: Rng, seat: int, card: str) -> None:
    _, fate = choosable_fills(state)
    draw = state["draw"]
    player = state["seats"][seat]
    kind = current_story_kind(state)
    story = STORIES[state["story"]]
    player["told"].append({"card": card, "fate": fate})
    player["discard"][kind].extend(c for c in draw["fill"] if c != card)
    _return_civ_cards(state, rng, seat)
    state["draw"] = None
    how = " by fate, without a reward" if fate else ""
    _log(state, f"{w.seat_token(seat)} fills the blank of {story.title} with {w.fill_name(card)}{how}.")
    if fate:
        _end_turn(state, rng)
        return
    state["reward"] = {"card": card}
    if not any(alternative_available(state, alt) for alt in reward_alternatives(state)):
        state["reward"] = None
        _log(state, f"The piles {w.seat_token(seat)} could take a reward from are empty.")
        _end_turn(state, rng)


def do_take_reward(state: State, rng: Rng, seat: int, option: int) -> None:
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
    cards = w.join_words([w.character_phrase(c) for c in taken])
    _log(state, f"{w.seat_token(seat)}'s civilization took {cards}.")
    _end_turn(state, rng)


def do_skip_reward(state: State, rng: Rng, seat: int) -> None:
    state["reward"] = None
    _log(state, f"{w.seat_token(seat)} takes no character card.")
    _end_turn(state, rng)


def _end_turn(state: State, rng: Rng) -> None:
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
        _log(state, "The ninth story card is filled: the chronicle is complete.")
    else:
        state["phase"] = VOTE
        _log(state, "Every telling is complete. Each player now votes for the telling they like "
                    "best, other than their own.")


def do_vote(state: State, seat: int, chosen: int) -> None:
    state["votes"][seat] = chosen
    _log(state, f"{w.seat_token(seat)} has voted.")
    if any(vote is None for vote in state["votes"]):
        return
    state["phase"] = OVER
    result = outcome(state)
    for voter, vote in enumerate(state["votes"]):
        _log(state, f"{w.seat_token(voter)} voted for {w.seat_token(vote)}'s telling.")
    winners = w.join_words([w.seat_token(s) for s in result["winners"]])
    _log(state, f"The favourite telling: {winners}, with {max(result['scores'])} "
                f"vote{'s' if max(result['scores']) != 1 else ''}.")
