"""``Rules.views``: every viewer's view worked out together, as a move's frames are, is each view as it is worked out
alone. The games share between viewers what they see alike, so a part computed for one viewer and handed to another
(a hand, a secret, a log line naming a hidden card) would show here as a view that differs from its own."""

import random

import pytest

from apps.matches.engine import engine
from apps.stone_age.scoring import end_scoring
from tests.engines.games import random_game, rows

GAMES_PER_SIZE = 3
EVERY = 5  # steps between the states checked


@pytest.mark.parametrize("game", [pytest.param(game, id=game.slug) for game in rows()])
def test_views_worked_out_together_are_the_views_worked_out_alone(game):
    rules = engine(game.slug)
    low, high = game.players
    checked = 0
    for players in range(max(low, 2), high + 1):
        viewers: list[int | None] = [*range(players), None]
        for number in range(GAMES_PER_SIZE):
            rnd = random.Random(number)
            for step, (state, _, move) in enumerate(random_game(game.slug, players, number * 7919 + players, rnd,
                                                                game.any_active)):
                if step % EVERY and move is not None:
                    continue
                alone = [rules.view(state, viewer) for viewer in viewers]
                assert rules.views(state, viewers) == alone, (players, number, step)
                # In another order, and for some of the viewers only: the same views.
                assert rules.views(state, viewers[::-1]) == alone[::-1], (players, number, step)
                assert rules.views(state, viewers[1:]) == alone[1:], (players, number, step)
                checked += 1
    assert checked > 100



def _own_shows_only(slug, private, shown):
    """A check that a seat's record in its owner's view is the record everyone else sees but for the keys
    ``private``, which ``shown(state, s, public, own)`` finds right (so one record, worked out for a spectator,
    serves every other viewer, and its owner's is made from it)."""
    rules = engine(slug)

    def check(state, players):
        key = {"stone_age": "boards"}.get(slug, "seats")
        spectator = rules.view(state, None)[key]
        for s in range(players):
            public, own = spectator[s], rules.view(state, s)[key][s]
            assert all(rules.view(state, viewer)[key][s] == public for viewer in range(players) if viewer != s), s
            assert {name for name in own if own[name] != public[name]} <= set(private), s
            assert shown(state, s, public, own), s
    return check


def _innovation_shown(state, s, public, own):
    return all(public[key] is None and sorted(own[key]) == sorted(state["seats"][s][key]) for key in ("hand", "score"))


def _origins_shown(state, s, public, own):
    return public["hand"] is None and [card["id"] for card in own["hand"]] == state["seats"][s]["hand"]


def _stone_age_shown(state, s, public, own):
    player = state["seats"][s]
    return ([card["id"] for card in own["cards"]] == player["cards"]
            and [card["id"] for card in own["extra"]] == player["extra"] and own["backs"] == 0
            and all(card in own["cards"] for card in public["cards"])
            and own["end"] == end_scoring(player) and (public["end"] is None or state["phase"] == "over"))


def _innovation_alike(state, players):
    from apps.innovation import visibility  # noqa: PLC0415 -- only this game's row needs it

    _own_shows_only("innovation", ("hand", "score"), _innovation_shown)(state, players)
    where = visibility.locations(state)
    for record in state["log"][-visibility.LOG_LINES:]:
        if visibility._reads_alike(record, where):
            lines = {visibility._log_line(record, where, viewer) for viewer in [*range(players), None]}
            assert len(lines) == 1, record


def _shared_parts():
    return {"innovation": _innovation_alike,
            "origins": _own_shows_only("origins", ("hand",), _origins_shown),
            "stone_age": _own_shows_only("stone_age", ("cards", "extra", "backs", "secret", "end"),
                                        _stone_age_shown)}


@pytest.mark.parametrize("slug", ["innovation", "origins", "stone_age"])
def test_what_a_game_shares_between_viewers_reads_the_same_for_each(slug):
    """The claims the sharing rests on, checked against each viewer's own rendering: another seat's record is the
    spectator's, its owner's differs only in what the owner alone sees, and (Innovation) a log line judged to read
    alike does. (Chronicle and Live On share only parts worked out without
    the viewer.)"""
    game = next(game for game in rows() if game.slug == slug)
    check = _shared_parts()[slug]
    checked = 0
    for players in range(2, game.players[1] + 1):
        for number in range(GAMES_PER_SIZE):
            for step, (state, _, move) in enumerate(random_game(slug, players, number * 7919 + players,
                                                                random.Random(number), game.any_active)):
                if step % EVERY == 0 or move is None:
                    check(state, players)
                    checked += 1
    assert checked > 100
