"""Each game's word on taking a step back (``Rules.undoable``), checked at every step of random games: a step
that may be taken back left the mover to act, moved no generator and showed nobody anything; a game's final moves
never may; and every game has steps of both kinds.

"Showed nobody anything" is checked apart from how the rules decide it, with the states a viewer cannot tell from
the real one (each game's ``determinize``, which deals again what that viewer cannot see): had the hidden cards lain
otherwise, the viewer would see after the step just what it sees now. Innovation's scenes check the Robotics peek of
issue 37: a card that a card in sight mentions is no less hidden for it.
"""

import importlib
import random

import pytest

from apps.innovation import core as innovation_core
from apps.innovation import peeks
from apps.matches.engine import IllegalMove, engine

GAMES = ["chronicle", "innovation", "live_on", "stone_age", "origins"]


def steps(game: str, players: int, seed: int, count: int = 300):
    rules = engine(game)
    rng = random.Random(seed)
    state = rules.setup(players, seed)
    for _ in range(count):
        active = rules.active_seats(state)
        if not active:
            return
        seat = rng.choice(active)
        move = rng.choice(rules.legal_moves(state, seat))
        after = rules.apply(state, seat, move)
        yield state, seat, move, after
        state = after


@pytest.mark.parametrize("game", GAMES)
def test_a_step_taken_back_revealed_nothing_and_left_the_mover_to_act(game):
    rules = engine(game)
    kinds = {True: 0, False: 0}
    for seed in range(3):
        for before, seat, move, after in steps(game, 3, seed):
            undoable = rules.undoable(before, seat, move, after)
            kinds[undoable] += 1
            if undoable:
                assert move["type"] not in rules.final_moves
                assert before["rng"] == after["rng"] and seat in rules.active_seats(after)
                for viewer in [None, *range(3)]:
                    assert rules.unseen(before, viewer) <= rules.unseen(after, viewer), (move, viewer)
            elif move["type"] not in rules.final_moves and before["rng"] == after["rng"] \
                    and seat in rules.active_seats(after):
                assert any(not rules.unseen(before, v) <= rules.unseen(after, v) for v in [None, *range(3)]) \
                    or rules.consults_unseen(before, seat, move, after)
    assert kinds[True] > 0 and kinds[False] > 0, kinds


@pytest.mark.parametrize("game", GAMES)
def test_a_games_final_moves_are_never_taken_back(game):
    rules = engine(game)
    for seed in range(3):
        for before, seat, move, after in steps(game, 3, seed):
            if move["type"] in rules.final_moves:
                assert not rules.undoable(before, seat, move, after)


def test_a_roll_or_a_draw_is_never_taken_back():
    """Stone Age: resolving a hunting spot rolls dice; Origins: drawing three cards shows them to the drawer."""
    stone, origins = engine("stone_age"), engine("origins")
    for before, seat, move, after in steps("stone_age", 2, 1, 400):
        if before["rng"] != after["rng"]:
            assert not stone.undoable(before, seat, move, after)
    seen = 0
    for before, seat, move, after in steps("origins", 2, 2, 400):
        if move["type"] == "draw3":
            seen += 1
            assert not origins.undoable(before, seat, move, after)
    assert seen


def view_after(rules, state, seat: int, move: dict, viewer):
    """What ``viewer`` sees after ``seat`` plays ``move`` in ``state``, or None where the move is not legal."""
    try:
        return rules.view(rules.apply(state, seat, move), viewer)
    except IllegalMove:
        return None


def told_nothing(rules, determinize, before, seat, move, after, viewer, deals: int = 2) -> bool:
    """Whether ``viewer`` would see just what it sees after this step had the cards hidden from it lain otherwise:
    in states it cannot tell from ``before`` (``deals`` of them), the same move gives it the same view if it made
    the move, and some move of the mover's does if not (it need not know which one the mover chose)."""
    seen = rules.view(after, viewer)
    for deal in range(deals):
        twin = determinize.determinized(before, viewer, random.Random(deal))
        assert rules.view(twin, viewer) == rules.view(before, viewer), "the twin looks different"
        moves = [move] if viewer == seat else [move, *rules.legal_moves(twin, seat)]
        if not any(view_after(rules, twin, seat, each, viewer) == seen for each in moves):
            return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_no_step_that_may_be_taken_back_showed_anyone_what_was_hidden_from_them(game):
    rules = engine(game)
    determinize = importlib.import_module(f"apps.{game}.determinize")
    checked = seed = 0
    while checked < 40 and seed < 30:  # Chronicle's steps are seldom taken back: it plays more games
        players = min(max(2 + seed % 2, rules.min_players), rules.max_players)
        for before, seat, move, after in steps(game, players, seed, 250):
            if not rules.undoable(before, seat, move, after):
                continue
            checked += 1
            for viewer in [None, *range(players)]:
                assert told_nothing(rules, determinize, before, seat, move, after, viewer), \
                    f"seat {seat}'s {move} may be taken back, yet it told viewer {viewer} what was hidden"
        seed += 1
    assert checked >= 5, checked


# --- Innovation: a card in sight that names a hidden one (issue 37) ----------------------------------------------

INNOVATION = engine("innovation")


def lay(state: dict, card: str, to: str, seat: int | None = None) -> None:
    """Move ``card`` from wherever it lies to ``to``: a seat's hand or the top of its pile ("board"), the top of
    its age's supply pile ("deck") or the bottom of it ("deck bottom")."""
    for cards in [*state["decks"].values(), state["achievements"], state["removed"]]:
        if card in cards:
            cards.remove(card)
    for each in state["seats"]:
        for cards in [each["hand"], each["score"], *(pile["cards"] for pile in each["board"].values())]:
            if card in cards:
                cards.remove(card)
    if to == "hand":
        state["seats"][seat]["hand"].append(card)
    elif to == "board":
        state["seats"][seat]["board"][innovation_core.COLOR[card]]["cards"].append(card)
    elif to == "deck":
        state["decks"][str(innovation_core.AGE[card])].append(card)
    else:
        state["decks"][str(innovation_core.AGE[card])].insert(0, card)


def seat_zero_to_act() -> dict:
    """A two-player game past the first melds, seat 0 to act with both actions of its turn and no card in any
    hand."""
    state = INNOVATION.setup(2, 5)
    for seat in (0, 1):
        state = INNOVATION.apply(state, seat, INNOVATION.legal_moves(state, seat)[0])
    state = innovation_core.copy_state(state)
    state["turn"] = {"seat": 0, "actions": 2, "number": 3}
    for each in state["seats"]:
        for card in list(each["hand"]):
            lay(state, card, "deck bottom")
    return state


@pytest.mark.parametrize(("in_sight", "owner", "drawn"),
                         [("A.I.", 0, "Robotics"), ("A.I.", 0, "Software"), ("Machine Tools", 1, "Tools")])
def test_a_card_drawn_while_a_card_in_sight_names_it_is_never_taken_back(in_sight, owner, drawn):
    state = seat_zero_to_act()
    lay(state, in_sight, "board", owner)
    lay(state, drawn, "deck")
    after = INNOVATION.apply(state, 0, {"type": "draw"})
    assert after["seats"][0]["hand"] == [drawn] and INNOVATION.active_seats(after) == [0]
    assert not INNOVATION.undoable(state, 0, {"type": "draw"}, after)


def test_a_meld_the_other_player_saw_is_never_taken_back():
    state = seat_zero_to_act()
    lay(state, "Machine Tools", "board", 1)
    lay(state, "Tools", "hand", 0)
    move = {"type": "meld", "card": "Tools"}
    after = INNOVATION.apply(state, 0, move)
    assert INNOVATION.active_seats(after) == [0]
    assert not INNOVATION.undoable(state, 0, move, after)


def test_a_dogma_that_found_nothing_in_a_hand_is_never_taken_back():
    """Masonry melds castles from its user's hand: met by none, it tells the other player the hand has none."""
    state = seat_zero_to_act()
    lay(state, "Masonry", "board", 0)
    lay(state, "Archery", "hand", 0)  # no castle
    move = {"type": "dogma", "card": "Masonry"}
    after = INNOVATION.apply(state, 0, move)
    assert after["seats"][0]["hand"] == ["Archery"] and INNOVATION.active_seats(after) == [0]
    assert not INNOVATION.undoable(state, 0, move, after)


def test_a_dogma_that_looks_only_at_the_boards_may_still_be_taken_back():
    """Philosophy first asks which color to splay: nothing hidden has been looked at yet."""
    state = seat_zero_to_act()
    for each in state["seats"]:
        for pile in each["board"].values():
            for card in list(pile["cards"]):
                lay(state, card, "deck bottom")
    lay(state, "Mysticism", "board", 0)
    lay(state, "Philosophy", "board", 0)
    lay(state, "The Wheel", "board", 1)
    move = {"type": "dogma", "card": "Philosophy"}
    after = INNOVATION.apply(state, 0, move)
    assert after["pending"]["seat"] == 0 and after["pending"]["kind"]
    assert INNOVATION.undoable(state, 0, move, after)
    splay = {"type": "choose", "pick": "purple"}
    then = INNOVATION.apply(after, 0, splay)  # the splay done, Philosophy offers to score a card from the hand
    assert then["seats"][0]["board"]["purple"]["splay"] == "left"
    assert not INNOVATION.undoable(after, 0, splay, then)


def test_placing_people_in_stone_age_may_still_be_taken_back():
    rules = engine("stone_age")
    placed = 0
    for before, seat, move, after in steps("stone_age", 3, 4):
        if move["type"] == "place" and seat in rules.active_seats(after) and before["rng"] == after["rng"]:
            placed += 1
            assert rules.undoable(before, seat, move, after), move
    assert placed > 10


def test_the_watched_run_of_an_innovation_step_is_the_run_apply_makes():
    """``peeks`` runs a step again to see what it reads: the cards must end where ``apply`` put them."""
    compared = 0
    for seed in range(3):
        for before, seat, move, after in steps("innovation", 2 + seed, seed, 200):
            game = peeks.watched_run(before, seat, move)
            if game is not None:
                compared += 1
                assert (game.s["seats"], game.s["decks"]) == (after["seats"], after["decks"]), move
    assert compared > 300
