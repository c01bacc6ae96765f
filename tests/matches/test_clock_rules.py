"""The clock's sums (``apps/matches/engine/clock.py``), with no database and no real time: every test names it."""

import pytest

from apps.matches.engine import clock

MIN, DAY = clock.MINUTE, clock.DAY


@pytest.mark.parametrize(("text", "control"), [
    ("none", None),
    ("rt:10+10", {"kind": "real_time", "base_ms": 10 * MIN, "increment_ms": 10_000}),
    ("rt:1+0", {"kind": "real_time", "base_ms": MIN, "increment_ms": 0}),
    ("days:3", {"kind": "own_pace", "base_ms": 3 * DAY, "increment_ms": 0}),
    ("days:7", {"kind": "own_pace", "base_ms": 7 * DAY, "increment_ms": 0}),
])
def test_a_time_control_is_read_from_its_lobby_value(text, control):
    assert clock.parse(text) == control


@pytest.mark.parametrize("text", ["", "rt:0+5", "rt:181+0", "rt:10+301", "days:0", "days:8", "rt:10", "days:1.5",
                                  "RT:10+10", " none", None, 10, ["none"], "rt:-1+5"])
def test_anything_else_is_refused(text):
    with pytest.raises(clock.BadTimeControl):
        clock.parse(text)


def test_labels_read_as_people_say_them():
    assert [clock.label(t) for t in ("none", "rt:20+20", "rt:5+0", "days:1", "days:3")] == [
        "No clock", "20 min + 20 s", "5 min", "1 day per move", "3 days per move"]


def test_only_the_running_seat_spends_time():
    c = clock.start(clock.parse("rt:10+5"), 3, [0], now=1_000)
    assert clock.remaining(c, 61_000) == [9 * MIN, 10 * MIN, 10 * MIN]
    assert clock.out_of_time(c, 1_000 + 10 * MIN - 1) == []
    assert clock.out_of_time(c, 1_000 + 10 * MIN) == [0]
    assert clock.remaining(c, 1_000 + 11 * MIN) == [0, 10 * MIN, 10 * MIN]  # never below zero


def test_a_turn_that_ends_gains_the_increment_once_however_many_steps_it_took():
    c = clock.start(clock.parse("rt:10+5"), 2, [0], now=0)
    c = clock.after_move(c, [0], now=20_000)  # a first step; still seat 0's turn
    c = clock.after_move(c, [0], now=30_000)  # a second step
    assert c["remaining_ms"] == [10 * MIN - 30_000, 10 * MIN] and c["running"] == [0]
    c = clock.after_move(c, [1], now=40_000)  # the turn ends: +5 s, and seat 1's clock starts
    assert c["remaining_ms"] == [10 * MIN - 40_000 + 5_000, 10 * MIN]
    assert (c["running"], c["since"]) == ([1], 40_000)


def test_a_decision_inside_another_seats_effect_spends_the_deciding_seats_time():
    c = clock.start(clock.parse("rt:10+0"), 2, [0], now=0)
    c = clock.after_move(c, [1], now=10_000)  # seat 0's card makes seat 1 choose
    c = clock.after_move(c, [0], now=25_000)  # seat 1 chose; back to seat 0's turn
    assert c["remaining_ms"] == [10 * MIN - 10_000, 10 * MIN - 15_000]


def test_a_simultaneous_choice_ticks_every_waiting_seat():
    c = clock.start(clock.parse("rt:10+0"), 3, [0, 1, 2], now=0)
    c = clock.after_move(c, [0, 2], now=7_000)  # seat 1 chose; 0 and 2 still deciding
    assert c["remaining_ms"] == [10 * MIN - 7_000] * 3 and c["running"] == [0, 2]
    assert clock.remaining(c, 10_000) == [10 * MIN - 10_000, 10 * MIN - 7_000, 10 * MIN - 10_000]


def test_the_last_move_stops_every_clock():
    c = clock.start(clock.parse("rt:10+5"), 2, [0], now=0)
    c = clock.after_move(c, [], now=3_000, over=True)
    assert c["running"] == [] and clock.remaining(c, 10 * DAY) == [10 * MIN - 3_000 + 5_000, 10 * MIN]


def test_own_pace_gives_a_whole_allowance_at_each_new_turn_shared_by_its_steps():
    c = clock.start(clock.parse("days:2"), 2, [0], now=0)
    c = clock.after_move(c, [0], now=DAY)  # a step of the same turn: the deadline stays
    assert clock.remaining(c, DAY) == [DAY, 2 * DAY]
    c = clock.after_move(c, [1], now=DAY + 1)
    assert c["remaining_ms"][1] == 2 * DAY and c["running"] == [1]
    c = clock.after_move(c, [0], now=DAY + 5)  # seat 0 again: a fresh two days
    assert c["remaining_ms"][0] == 2 * DAY


def test_a_player_taking_back_their_seat_gets_no_more_time_than_it_had():
    real = clock.start(clock.parse("rt:1+0"), 2, [1], now=0)
    late = clock.capped(real, 1, 0, now=5 * MIN)
    assert clock.remaining(late, 5 * MIN) == [MIN, 0]  # seat 1 had run out: it stays out
    earned = clock.start(clock.parse("rt:30+0"), 2, [0], now=0)
    assert clock.remaining(clock.capped(earned, 0, 10 * MIN, now=MIN), MIN)[0] == 10 * MIN
    assert clock.remaining(clock.capped(earned, 0, 40 * MIN, now=MIN), MIN)[0] == 29 * MIN  # never adds time


def test_the_frame_gives_the_time_read_and_each_seats_remaining_time():
    c = clock.start(clock.parse("rt:10+5"), 2, [1], now=1_000)
    assert clock.frame(c, 4_000) == {"kind": "real_time", "remaining_ms": [10 * MIN, 10 * MIN - 3_000],
                                     "running": [1], "increment_ms": 5_000, "server_time": 4_000}
    assert clock.frame(None, 4_000) is None
