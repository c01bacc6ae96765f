"""Resigning, leaving the band and aborting: a seat that leaves the result (resigned, or lost on time) ranks last and
is never a winner; a duel ends at once; with more players a bot plays the seat out; before every seat has moved any
player may abort, and the match ends unrated with no result. The outcome stored on the match, the seats' results,
the ratings, the table's log and its result panel all say the same."""

import json

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain import forfeit, leaving, seats, time_loss, timekeeper
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_move, do_start_match
from apps.matches.engine import clock, engine
from apps.matches.live import frames
from apps.matches.models import Match, MatchSeat
from apps.notices.models import Notice
from apps.ratings.models import RatingChange
from tests.matches.test_consumer import connect, next_of

RULES = engine("chronicle")


def started(people, game: str = "chronicle", rated: bool = False, control: str = "none", seed: int = 5) -> Match:
    return do_start_match(game, [SeatSpec(person.username, person) for person in people], seed=seed, rated=rated,
                          time_control=control)


def first_move(match_id: int, seat: int | None = None) -> int:
    """The first active seat (or ``seat``) plays its first legal move; returns the seat that moved."""
    match = Match.objects.get(pk=match_id)
    rules = engine(match.game)
    seat = rules.active_seats(match.state)[0] if seat is None else seat
    assert do_move(match_id, seat, rules.legal_moves(match.state, seat)[0], match.version).ok
    return seat


def play_out(match_id: int) -> Match:
    """Bots play every seat still a person's (as an away vote would) to the end of the match."""
    MatchSeat.objects.filter(match_id=match_id, bot="").update(bot="random", bot_by="vote")
    for _ in range(5000):
        if not do_bot_move(match_id):
            break
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.FINISHED
    return match


def table_of(match_id: int, seat: int | None) -> str:
    return json.loads(frames.frame_for(Match.objects.get(pk=match_id), seat, "html"))["html"]


# --- resign ---------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_player_who_resigns_a_rated_duel_loses_at_once_and_the_other_wins(alice, bob):
    match = started([alice, bob], rated=True)
    assert leaving.resign(match.pk, 0) == ""
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.finished_at is not None
    assert match.outcome == {"winners": [1], "reason": "resigned", "resigned": [0]}
    assert [(seat.is_winner, seat.bot_by) for seat in match.seats.order_by("index")] == [(False, "resigned"),
                                                                                         (True, "")]
    ranks = dict(RatingChange.objects.filter(match=match).values_list("user__username", "rank"))
    assert ranks == {"bob": 1, "alice": 2}
    table = table_of(match.pk, 1)
    assert "alice resigned." in table and "Winner: <strong>bob</strong>" in table
    assert "data-result-panel" in table and "Rating" in table


@pytest.mark.django_db
def test_a_resignation_in_a_match_of_three_hands_the_seat_to_a_bot_that_plays_it_out_and_it_ranks_last(
        alice, bob, carol):
    match = started([alice, bob, carol], rated=True)
    assert leaving.resign(match.pk, 1) == ""
    seat = MatchSeat.objects.get(match=match, index=1)
    assert (seat.bot, seat.bot_by) == ("random", "resigned")
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
    assert "bob resigned" in table_of(match.pk, 0)  # the log says it
    assert seats.take_back(match.pk, 1) == leaving.RESIGNED_FOR_GOOD
    assert leaving.resign(match.pk, 1) == leaving.ALREADY_LEFT
    ended = play_out(match.pk)
    assert 1 not in ended.outcome["winners"] and ended.outcome["resigned"] == [1]
    assert not MatchSeat.objects.get(match=match, index=1).is_winner
    ranks = dict(RatingChange.objects.filter(match=match).values_list("user__username", "rank"))
    assert ranks["bob"] == max(ranks.values()) and list(ranks.values()).count(ranks["bob"]) == 1


@pytest.mark.django_db
def test_a_forfeited_seat_is_never_a_winner_even_when_its_bot_reached_the_best_score():
    ended = {"scores": [3, 5, 4], "winners": [1], "reason": "points"}
    assert forfeit.settle(ended, {1: "time"}) == {"scores": [3, 5, 4], "winners": [2], "reason": "points",
                                                  "lost_on_time": [1], "engine_winners": [1]}
    shared = {"scores": [5, 5, 1], "winners": [0, 1]}
    assert forfeit.settle(shared, {0: "resigned"})["winners"] == [1]
    assert forfeit.settle(shared, {})["winners"] == [0, 1]


@pytest.mark.django_db
def test_a_seat_lost_on_time_in_a_match_of_three_is_no_winner_on_the_table_once_the_match_ends(
        alice, bob, carol, monkeypatch):
    now = {"at": 1_900_000_000_000}
    monkeypatch.setattr(timekeeper, "now_ms", lambda: now["at"])
    match = started([alice, bob, carol], rated=True, control="rt:1+0")
    late = RULES.active_seats(match.state)[0]
    now["at"] += clock.MINUTE
    assert time_loss.flag_expired() == [match.pk]
    ended = play_out(match.pk)
    assert late not in ended.outcome["winners"] and ended.outcome["lost_on_time"] == [late]
    table = table_of(match.pk, None)
    names = ["alice", "bob", "carol"]
    assert f"{names[late]} lost on time" in table
    winners = table.split("Winner")[1].split("</p>")[0]
    assert names[late] not in winners


@pytest.mark.django_db
def test_a_loss_on_time_in_a_duel_reads_like_a_resignation_on_the_table(alice, bob, monkeypatch):
    now = {"at": 1_900_000_000_000}
    monkeypatch.setattr(timekeeper, "now_ms", lambda: now["at"])
    match = started([alice, bob], rated=True, control="rt:1+0")
    late = RULES.active_seats(match.state)[0]
    now["at"] += clock.MINUTE
    assert time_loss.flag_expired() == [match.pk]
    ended = Match.objects.get(pk=match.pk)
    assert ended.outcome == {"winners": [1 - late], "reason": "time", "lost_on_time": [late]}
    assert MatchSeat.objects.get(match=match, index=late).bot_by == MatchSeat.LOST_ON_TIME
    table = table_of(match.pk, 1 - late)
    assert f"{['alice', 'bob'][late]} lost on time." in table and "data-result-panel" in table


@pytest.mark.django_db
def test_leaving_the_band_in_live_on_hands_the_seat_to_a_bot_and_the_band_plays_on(alice, bob):
    match = started([alice, bob], game="live_on")
    assert "Leave the band" in table_of(match.pk, 0) and "Resign" not in table_of(match.pk, 0)
    assert leaving.resign(match.pk, 0) == ""
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
    seat = MatchSeat.objects.get(match=match, index=0)
    assert (seat.bot, seat.bot_by) == ("random", "resigned")
    assert "alice left the band" in table_of(match.pk, 1)
    ended = play_out(match.pk)
    assert not MatchSeat.objects.get(match=match, index=0).is_winner
    assert ended.outcome["resigned"] == [0]


@pytest.mark.django_db
def test_when_the_last_person_leaves_the_band_the_match_ends(alice, bob):
    match = started([alice, bob], game="live_on")
    assert leaving.resign(match.pk, 0) == "" and leaving.resign(match.pk, 1) == ""
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"] == [] and match.outcome["resigned"] == [0, 1]
    assert "Everyone left the band" in table_of(match.pk, None)


@pytest.mark.django_db
def test_it_refuses_a_resignation_of_a_finished_match_and_changes_nothing(alice, bob):
    match = started([alice, bob])
    assert leaving.resign(match.pk, 0) == ""
    assert leaving.resign(match.pk, 1) == leaving.OVER
    assert Match.objects.get(pk=match.pk).outcome["winners"] == [1]


# --- abort ----------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_any_player_may_abort_before_every_seat_has_moved_and_the_match_ends_unrated_with_no_result(alice, bob):
    match = started([alice, bob], rated=True)
    mover = first_move(match.pk)
    assert 'data-leave="abort"' in table_of(match.pk, 1 - mover)
    assert leaving.abort(match.pk, 1 - mover) == ""
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert match.outcome == {"aborted": True, "by": 1 - mover, "reason": "abort"}
    assert not RatingChange.objects.filter(match=match).exists()
    assert not MatchSeat.objects.filter(match=match, is_winner=True).exists()
    table = table_of(match.pk, mover)
    aborter = ["alice", "bob"][1 - mover]
    assert f"{aborter} aborted the match before every seat had moved" in table and "not rated" in table
    assert Notice.objects.filter(user=[alice, bob][mover], text__contains="aborted").exists()


@pytest.mark.django_db
def test_it_refuses_an_abort_once_every_seat_has_moved(alice, bob):
    match = started([alice, bob])
    first_move(match.pk, 0) if 0 in RULES.active_seats(match.state) else first_move(match.pk, 1)
    for _ in range(40):  # until both seats made a move
        current = Match.objects.get(pk=match.pk)
        if set(current.moved_seats) == {0, 1}:
            break
        first_move(match.pk)
    assert set(Match.objects.get(pk=match.pk).moved_seats) == {0, 1}
    assert leaving.abort(match.pk, 0) == leaving.TOO_LATE_TO_ABORT
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
    assert 'data-leave="abort"' not in table_of(match.pk, 0)


@pytest.mark.django_db
def test_a_spectator_has_neither_resign_nor_abort(alice, bob):
    match = started([alice, bob])
    table = table_of(match.pk, None)
    assert "data-leave=" not in table


@pytest.mark.django_db
def test_a_json_client_reads_the_result_of_a_resignation_in_its_state_frame(alice, bob):
    match = started([alice, bob], rated=True)
    assert leaving.resign(match.pk, 0) == ""
    frame = json.loads(frames.frame_for(Match.objects.get(pk=match.pk), 1, "json"))
    assert frame["outcome"] == {"winners": [1], "reason": "resigned", "resigned": [0]}
    assert frame["legal"] == [] and frame["active"] == []


# --- the socket -----------------------------------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_resign_frame_ends_a_duel_and_tells_the_table(alice, bob):
    match = await database_sync_to_async(started)([alice, bob], "chronicle", True)
    mine, theirs = (await connect(match.pk, alice))[0], (await connect(match.pk, bob))[0]
    await next_of(theirs, "state")
    await mine.send_to(text_data=json.dumps({"type": "resign"}))
    notice = await next_of(theirs, "notice")
    assert notice["over"] and notice["message"] == "alice resigned. Winner: bob."
    ended = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert ended.outcome["winners"] == [1]
    await mine.send_to(text_data=json.dumps({"type": "abort"}))
    assert (await next_of(mine, "error"))["message"] == leaving.OVER
    watcher = (await connect(match.pk))[0]
    await watcher.send_to(text_data=json.dumps({"type": "resign"}))
    assert (await next_of(watcher, "error"))["code"] == "forbidden"
    for socket in (mine, theirs, watcher):
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()
