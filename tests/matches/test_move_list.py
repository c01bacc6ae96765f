"""The replay's move list: one entry per turn with its sub-steps folded in, words from the log as the viewer reads
them, rounds to jump to, undos told, and a 1,000-step match listed quickly."""

import time

import pytest

from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_move, do_start_match
from apps.matches.domain.move_list import build, move_list
from apps.matches.domain.replay import states
from apps.matches.domain.undo import do_undo
from apps.matches.engine import engine
from apps.matches.models import Match
from tests.matches.long_match import long_match

pytestmark = pytest.mark.django_db


def played(match: Match, moves: list[tuple[int, dict]]) -> Match:
    for seat, move in moves:
        match.refresh_from_db()
        result = do_move(match.pk, seat, move, match.version)
        assert result.ok, result
    match.refresh_from_db()
    return match


@pytest.fixture
def stone_age(alice, bob) -> Match:
    return do_start_match("stone_age", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=1)


def test_a_stone_age_placement_made_in_two_steps_is_one_entry_told_by_its_log_line(stone_age):
    match = played(stone_age, [(0, {"type": "place", "where": "forest"}), (0, {"type": "count", "n": 2}),
                               (1, {"type": "place", "where": "hunting"})])
    entries = build(match, None).entries
    assert [(e.first, e.last, e.seat, e.player) for e in entries] == [(1, 2, 0, "alice"), (3, 3, 1, "bob")]
    assert entries[0].lines == ["{p0} places 2 people: Forest."]
    assert entries[0].round == "Round 1"


def test_a_whole_game_is_listed_turn_by_turn_with_its_rounds_to_jump_to():
    match = long_match("stone_age", 2, seed=4)
    listed = build(match, None)
    entries = listed.entries
    assert len(entries) < match.version * 0.8  # sub-steps are folded in
    assert entries[0].first == 1 and entries[-1].last == match.version
    assert all(a.last + 1 == b.first for a, b in zip(entries, entries[1:], strict=False))  # every step, once
    assert all((a.seat, a.round, a.part) != (b.seat, b.round, b.part) for a, b in zip(entries, entries[1:],
                                                                                       strict=False))
    placing = [" ".join(entry.lines) for entry in entries if entry.part == "place"]
    assert placing and not any(" uses " in text or " rolls " in text for text in placing)  # actions: another turn
    assert all(entry.lines for entry in entries)
    assert listed.rounds[:2] == [("Round 1", 0), ("Round 2", next(e.first - 1 for e in entries
                                                                   if e.round == "Round 2"))]
    assert listed.stopped_at is None


def test_an_undo_is_an_entry_of_its_own_and_the_move_it_took_back_is_marked(stone_age):
    match = played(stone_age, [(0, {"type": "place", "where": "forest"})])
    assert do_undo(match.pk, 0, match.version).ok
    match = played(match, [(0, {"type": "place", "where": "hunting"}), (0, {"type": "count", "n": 1})])
    entries = build(match, None).entries
    assert [(e.first, e.last, e.undo, e.taken_back) for e in entries] == [
        (1, 1, None, True), (2, 2, 1, False), (3, 4, None, False)]
    assert entries[2].lines == ["{p0} places 1 person: Hunting grounds."]


def test_a_spectator_reads_only_what_the_table_showed_everyone():
    match = do_start_match("innovation", [SeatSpec("A", bot="random"), SeatSpec("B", bot="random")], seed=2)
    for _ in range(30):
        do_bot_move(match.pk)
    match.refresh_from_db()
    replayed = states(match)
    rules = engine("innovation")
    for entry in build(match, None).entries:
        hidden = rules.hidden_from(replayed[entry.last], None)
        for line in entry.lines:
            assert not [secret for secret in hidden if secret and secret in line], line
    assert build(match, None).entries != build(match, 0).entries  # a seat reads its own cards by name


def test_a_thousand_step_match_is_listed_quickly_and_kept_for_the_next_request():
    match = long_match("stone_age", 4, seed=9, at_least=1000)
    started = time.perf_counter()
    first = move_list(match, None)
    made = time.perf_counter() - started
    started = time.perf_counter()
    again = move_list(match, None)
    kept = time.perf_counter() - started
    print(f"move list of {match.version} steps: made in {made * 1000:.0f} ms, read again in {kept * 1000:.0f} ms,"
          f" {len(first.entries)} entries")
    assert again.entries == first.entries
    assert made < 2.0 and kept < 0.5


def test_the_replay_page_of_a_thousand_steps_answers_quickly_with_its_move_list(client):
    match = long_match("stone_age", 4, seed=9, at_least=1000)
    timings = []
    for _ in range(3):  # the first request as quick as the next: the page holds only the list's place
        started = time.perf_counter()
        page = client.get(f"/matches/{match.pk}/replay/?move=0")
        timings.append((time.perf_counter() - started) * 1000)
        assert page.status_code == 200
    listed = []
    for _ in range(2):  # the list the page fetches: worked out by the first request, found kept by the next
        started = time.perf_counter()
        moves = client.get(f"/matches/{match.pk}/replay/moves/?move=0")
        listed.append((time.perf_counter() - started) * 1000)
        assert moves.status_code == 200
    step = time.perf_counter()
    assert client.get(f"/matches/{match.pk}/replay/step/?move={match.version - 7}").status_code == 200
    step_ms = (time.perf_counter() - step) * 1000
    print(f"replay page of {match.version} steps, ms: {[round(t) for t in timings]}; its move list: "
          f"{[round(t) for t in listed]}; one step: {step_ms:.0f}")
    assert "data-move-entry" not in page.content.decode()  # the list's place alone
    assert moves.json()["html"].count("data-move-entry") == len(move_list(match, None).entries)
    assert max(timings) < 1000 and listed[1] < 1000
