"""``Rules.views``: every viewer's view worked out together, as a move's frames are, is each view as it is worked out
alone. The games share between viewers what they see alike, so a part computed for one viewer and handed to another
(a hand, a secret, a log line naming a hidden card) would show here as a view that differs from its own."""

import random

import pytest

from apps.matches.engine import engine
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



def _records_alike(record):
    """A check that ``record(state, s, viewer)``, a seat's part of the view, is the same for every viewer but its
    own seat (so one record, worked out for a spectator, serves them all)."""
    def check(state, players):
        for s in range(players):
            public = record(state, s, None)
            assert all(record(state, s, viewer) == public for viewer in range(players) if viewer != s), s
    return check


def _innovation_alike(state, players):
    from apps.innovation import visibility  # noqa: PLC0415 -- only this game's row needs it

    _records_alike(visibility.seat_record)(state, players)
    where = visibility.locations(state)
    for record in state["log"][-visibility.LOG_LINES:]:
        if visibility._reads_alike(record, where):
            lines = {visibility._log_line(record, where, viewer) for viewer in [*range(players), None]}
            assert len(lines) == 1, record


def _shared_parts():
    from apps.origins import visibility as origins  # noqa: PLC0415 -- imported with the rows
    from apps.stone_age import visibility as stone_age  # noqa: PLC0415 -- imported with the rows

    return {"innovation": _innovation_alike, "origins": _records_alike(origins.seat_record),
            "stone_age": _records_alike(stone_age._board_view)}


@pytest.mark.parametrize("slug", ["innovation", "origins", "stone_age"])
def test_what_a_game_shares_between_viewers_reads_the_same_for_each(slug):
    """The claims the sharing rests on, checked against each viewer's own rendering: another seat's record, and
    (Innovation) a log line judged to read alike. (Chronicle and Live On share only parts worked out without
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
