"""A lesson match ("Learn to play"): made from the lesson's prepared position, the learner may make only the taught
move until it is played, the bots play their scripted replies, the table shows the callout, and the lesson ends
with a real game against a bot. Unrated and never listed."""

import pytest

from apps.matches.domain import lessons
from apps.matches.domain.deeds import bot_turn, do_bot_move, do_human_move
from apps.matches.domain.lesson_start import do_start_lesson
from apps.matches.domain.selectors import has_waiting_bot, live_matches
from apps.matches.engine import engine
from apps.matches.engine.lesson import compile_script, lesson_for
from apps.matches.live import frames
from apps.matches.models import Match, MatchSeat

pytestmark = pytest.mark.django_db


def play_bots(match_id: int) -> None:
    while do_bot_move(match_id):
        pass


def test_it_makes_an_unrated_unlisted_lesson_against_the_games_bot(alice, client):
    match = do_start_lesson("chronicle", alice)
    assert match.lesson and not match.rated and match.clock is None
    assert match.watchers == Match.Watchers.INVITED
    seats = list(MatchSeat.objects.filter(match=match).order_by("index"))
    assert seats[0].user == alice and seats[1].bot == "heuristic"
    assert match not in live_matches(alice, {})
    assert match.state == engine("chronicle").setup(2, lesson_for("chronicle").seed)


def test_only_the_taught_move_is_enabled_and_any_other_is_refused(alice):
    match = do_start_lesson("chronicle", alice)
    taught = lesson_for("chronicle").steps[0].move
    legal = [entry["move"] for entry in frames.legal_for(match, match.state, 0)]
    assert legal == [taught]
    other = next(m for m in engine("chronicle").legal_moves(match.state, 0) if m != taught)
    refused = do_human_move(match.pk, 0, other, match.version)
    assert not refused.ok and refused.code == "illegal_move" and refused.message == lessons.REFUSED
    assert do_human_move(match.pk, 0, taught, match.version).ok


def test_the_bots_play_their_scripted_replies_and_wait_for_the_learner(alice):
    match = do_start_lesson("chronicle", alice)
    script = compile_script(lesson_for("chronicle"))
    assert not has_waiting_bot(match.pk) and bot_turn(match.pk) is None
    for step in lesson_for("chronicle").steps[:4]:
        match.refresh_from_db()
        assert do_human_move(match.pk, 0, step.move, match.version).ok
    assert has_waiting_bot(match.pk)
    assert bot_turn(match.pk).scripted == script.entries[4].move
    play_bots(match.pk)
    match.refresh_from_db()
    assert match.version == script.step_versions[4]
    assert [m for m in match.moves.order_by("version").values_list("move", flat=True)] == [
        entry.move for entry in script.entries[:match.version]]


def test_the_callout_follows_the_steps_to_the_end(alice):
    match = do_start_lesson("stone_age", alice)
    lesson = lesson_for("stone_age")
    first = lessons.callout(match, 0)
    assert first["number"] == 1 and first["awaiting"] and first["rule"] == lesson.steps[0].rule
    assert lessons.callout(match, 1) is None and lessons.callout(match, None) is None
    for step in lesson.steps:
        match.refresh_from_db()
        assert do_human_move(match.pk, 0, step.move, match.version).ok
        play_bots(match.pk)
    match.refresh_from_db()
    assert lessons.callout(match, 0)["complete"]
    # Played out, the game goes on freely: the learner has every legal move again.
    assert len(frames.legal_for(match, match.state, 0)) == len(engine("stone_age").legal_moves(match.state, 0)) > 1


def test_the_table_shows_the_callout_to_the_learner_only(alice):
    match = do_start_lesson("chronicle", alice)
    names = frames.seat_names(match)
    mine = frames.render_table(frames.table_context(match, 0, names))
    assert 'id="lesson-callout" role="status"' in mine and "Step 1 of 10" in mine
    assert lesson_for("chronicle").steps[0].rule in mine
    assert 'data-lesson-move="{&quot;type&quot;:&quot;pick_aspect&quot;' in mine
    assert "lesson-callout" not in frames.render_table(frames.table_context(match, None, names))


def test_a_step_in_a_lesson_is_never_taken_back(alice):
    match = do_start_lesson("chronicle", alice)
    assert do_human_move(match.pk, 0, lesson_for("chronicle").steps[0].move, match.version).ok
    match.refresh_from_db()
    assert match.undo_seat is None


def test_learn_to_play_is_on_the_home_page_and_the_rules_pages(client):
    assert 'href="/learn/chronicle/"' in client.get("/").content.decode()
    assert 'href="/learn/stone_age/"' in client.get("/games/stone_age/").content.decode()
    assert client.get("/learn/chronicle/").status_code == 200
    assert client.get("/learn/nothing/").status_code == 404


def test_starting_a_lesson_goes_to_its_table_and_the_last_step_to_a_real_game(client, alice):
    client.force_login(alice)
    response = client.post("/learn/chronicle/")
    match = Match.objects.get(lesson=True)
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    response = client.post("/learn/chronicle/play/")
    real = Match.objects.get(lesson=False)
    assert response.url == real.get_absolute_url()
    assert [seat.bot for seat in real.seats.order_by("index")] == ["", "heuristic"]


def test_a_visitor_is_asked_to_enter_before_starting(client):
    page = client.get("/learn/stone_age/").content.decode()
    assert "/accounts/guest/?next=/learn/stone_age/" in page
    assert client.post("/learn/stone_age/").status_code == 200
    assert not Match.objects.exists()
