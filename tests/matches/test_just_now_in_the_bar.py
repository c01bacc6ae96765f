"""Issue 39: the decision bar says what just happened ("Just now: …", the viewer's newest log line) and holds a
goal/score chip, in every game, for seats and spectators (``apps/matches/live/standing.py``). Both come from the
viewer's view, never from the full state; each is a part of the decision region, so an unchanged line is not sent
again."""

import html
import random

import pytest

from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine, name_seats
from apps.matches.live import frames, regions
from apps.matches.models import Match

GAMES = ("chronicle", "innovation", "live_on", "stone_age", "origins")
NAMES = ["ada", "bea"]

pytestmark = pytest.mark.django_db


def played(game: str, moves: int, seed: int = 5, until=None) -> Match:
    """A two-seat match of ``game`` after ``moves`` heuristic-bot moves (or sooner, once ``until(state)`` holds)."""
    rules = engine(game)
    chooser, rnd = rules.bots()["heuristic"][1], random.Random(seed)
    match = do_start_match(game, [SeatSpec(NAMES[0], bot="heuristic"), SeatSpec(NAMES[1], bot="heuristic")],
                           seed=seed)
    state = Match.objects.get(pk=match.pk).state
    for version in range(moves):
        if rules.outcome(state) is not None or (until and until(state)):
            break
        seat = rules.active_seats(state)[0]
        move = chooser(rules, state, seat, rnd)
        assert do_move(match.pk, seat, move, version).ok
        state = rules.apply(state, seat, move)
    return Match.objects.get(pk=match.pk)


def decision_of(context: dict) -> str:
    return next(entry[2] for entry in regions.render(context) if entry[0] == "decision")


@pytest.mark.parametrize("game", GAMES)
def test_the_bar_says_the_viewers_newest_log_line_and_a_chip_from_the_view(game):
    match = played(game, 30)
    rules = engine(game)
    for seat in (0, 1, None):
        context = frames.table_context(match, seat, NAMES)
        line = name_seats(rules.view(match.state, seat)["log"][-1], NAMES)
        assert context["just_now"] == line == context["log"][0], (game, seat)
        bar = decision_of(context)
        assert f"<b>Just now:</b> {html.escape(line)}</span>" in bar, (game, seat)
        assert 'data-part="jn"' in bar and 'data-part="sg"' in bar and "data-just-now" in bar
        chip = context["standing"]
        assert chip["mine"] or chip["when"], (game, seat)
        if seat is not None and game in ("innovation", "stone_age", "origins"):
            assert chip["mine"], f"{game}: the seat's own score"
        if seat is None:
            assert chip["mine"] == "", "a spectator has no score of their own"


def test_the_chip_quotes_the_viewers_own_score_from_the_view():
    match = played("stone_age", 30)
    for seat in (0, 1):
        board = next(b for b in engine("stone_age").view(match.state, seat)["boards"] if b["seat"] == seat)
        chip = frames.table_context(match, seat, NAMES)["standing"]
        assert chip["mine"] == f"{board['score']} points" and chip["when"].startswith("Round ")
    match = played("origins", 30)
    for seat in (0, 1):
        vp = engine("origins").view(match.state, seat)["seats"][seat]["vp"]["total"]
        assert frames.table_context(match, seat, NAMES)["standing"]["mine"] == f"{vp} VP"


def test_the_line_comes_from_the_view_given_not_from_the_state():
    match = played("stone_age", 12)
    view = engine("stone_age").view(match.state, 1)
    view = {**view, "log": [*view["log"], "{p1} did what only this view holds."]}
    context = frames.table_context(match, 1, NAMES, view=view)
    assert context["just_now"] == "bea did what only this view holds."
    assert "Just now:</b> bea did what only this view holds." in decision_of(context)


def test_a_line_another_seat_may_not_read_stays_out_of_its_bar():
    """Innovation: a card ada draws is named in her log and not in bea's, nor a spectator's; each bar says its own."""
    rules = engine("innovation")

    def hidden_last(state) -> bool:
        views = [rules.view(state, seat)["log"] for seat in (0, 1)]
        return bool(views[0]) and views[0][-1] != views[1][-1]
    match = played("innovation", 200, until=hidden_last)
    assert hidden_last(match.state), "the game reached a line one seat's view words otherwise"
    secret = name_seats(rules.view(match.state, 0)["log"][-1], NAMES)
    for seat in (1, None):
        context = frames.table_context(match, seat, NAMES)
        assert context["just_now"] == name_seats(rules.view(match.state, seat)["log"][-1], NAMES) != secret
        assert secret not in decision_of(context)


def test_an_unchanged_line_and_chip_are_kept_not_sent_again():
    """The bar is sent with every move (its version), its Just-now row only when its shell changed, its line and
    chip only when they changed."""
    match = played("origins", 20)
    context = frames.table_context(match, 0, NAMES)
    shown = regions.digests(regions.render(context))
    later = regions.render({**context, "version": context["version"] + 1, "clock_json": '"x"'})
    whole, parts, _ = regions.changed(later, shown)
    assert '<template data-keep="jr"></template>' in whole["decision"], "the row is kept, and all in it"
    assert "Just now:" not in whole["decision"] and not {"jr", "jn", "sg"} & set(parts)
    moved = regions.render({**context, "just_now": "bea ends their turn."})
    whole, parts, _ = regions.changed(moved, shown)
    assert "decision" not in whole and parts == {"jn": parts["jn"]} and "bea ends their turn." in parts["jn"]
    assert len(parts["jn"]) < 100, "a move sends the line alone"
