"""Replay steps from kept snapshots: the same states as a full replay, a bounded rebuild, the same pages per viewer."""

import hashlib
import json
import random
import re

import pytest

from apps.matches.domain import replay as replaying
from apps.matches.domain.checks import digest_matches, state_digest
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.domain.replay import EVERY, ReplayDiverged, state_at, states
from apps.matches.engine import built_games, engine
from apps.matches.models import Match, MoveLog, ReplaySnapshot

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'(name="csrfmiddlewaretoken" value|name="csrf-token" content)="[^"]*"')


def bot_match(game: str, seed: int, user=None) -> Match:
    rules = engine(game)
    seats = [SeatSpec(f"Bot {i}", user if i == 0 else None, bot="random") for i in range(max(2, rules.min_players))]
    match = do_start_match(game, seats, seed=seed)
    while do_bot_move(match.pk):
        pass
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


@pytest.mark.parametrize("game", [entry.slug for entry in built_games()])
def test_every_step_of_a_real_match_equals_the_full_replay_in_any_order(game, monkeypatch):
    every = 8  # many snapshots even in a short match
    monkeypatch.setattr(replaying, "EVERY", every)
    match = bot_match(game, seed=41)
    full = states(match)
    assert match.version > 3 * every
    steps = list(range(match.version + 1))
    random.Random(2).shuffle(steps)  # cold and warm snapshots, far and near, in no helpful order
    for step in steps:
        assert state_at(match, step) == full[step], f"step {step}"
    kept = set(ReplaySnapshot.objects.filter(match=match).values_list("version", flat=True))
    # (the last step is the match's own state; moves themselves keep one every ReplaySnapshot.EVERY versions)
    assert kept - set(range(ReplaySnapshot.EVERY, match.version + 1, ReplaySnapshot.EVERY)) == set(
        range(every, match.version, every)) - set(range(ReplaySnapshot.EVERY, match.version + 1, ReplaySnapshot.EVERY))


def test_the_moves_themselves_keep_a_snapshot_every_so_many_versions():
    match = bot_match("stone_age", seed=7)
    assert match.version > 4 * EVERY
    full = states(match)
    kept = dict(ReplaySnapshot.objects.filter(match=match).values_list("version", "state"))  # no replay asked yet
    assert sorted(kept) == list(range(EVERY, match.version + 1, EVERY))
    assert all(state == full[version] for version, state in kept.items())


def test_even_the_first_request_of_a_replay_step_rebuilds_at_most_every_moves(client, monkeypatch):
    match = bot_match("stone_age", seed=7)
    assert match.version > 4 * EVERY
    rules = engine("stone_age")
    applied = []
    real_apply = rules.apply
    monkeypatch.setattr(rules, "apply", lambda state, seat, move: applied.append(1) or real_apply(state, seat, move))
    for step in (match.version - 1, match.version // 2 + EVERY - 1, EVERY - 1, 1):
        applied.clear()
        assert client.get(f"/matches/{match.pk}/replay/?move={step}").status_code == 200
        assert len(applied) <= EVERY, f"step {step} applied {len(applied)} moves"


def test_a_snapshot_that_disagrees_with_the_log_is_dropped_and_rebuilt():
    match = bot_match("stone_age", seed=9)
    full = states(match)
    step = 3 * EVERY + 5
    assert state_at(match, step) == full[step]
    ReplaySnapshot.objects.filter(match=match, version=3 * EVERY).update(state={"forged": True})
    assert state_at(match, step) == full[step]
    assert ReplaySnapshot.objects.get(match=match, version=3 * EVERY).state == full[3 * EVERY]


def test_a_replay_page_shows_each_viewer_what_the_full_replay_showed(client, alice, moderator, monkeypatch):
    match = bot_match("stone_age", seed=11, user=alice)
    steps = [0, 1, EVERY, EVERY + 1, match.version // 2, match.version - 1, match.version]
    viewers = [(None, ""), (alice, "&seat=0"), (moderator, "&seat=1"), (moderator, "")]

    def pages() -> list[str]:
        shown = []
        for user, seat in viewers:
            client.force_login(user) if user else client.logout()
            for step in steps:
                response = client.get(f"/matches/{match.pk}/replay/?move={step}{seat}")
                assert response.status_code == 200
                shown.append(CSRF.sub("", response.content.decode()))  # (a fresh mask on every page)
        return shown

    from_snapshots = pages()
    monkeypatch.setattr(replaying, "state_at", lambda match, step: states(match, upto=step)[-1])
    assert from_snapshots == pages()


def test_moves_logged_with_the_earlier_form_of_digest_replay_as_they_did():
    match = bot_match("stone_age", seed=11)
    full = states(match)
    assert all(MoveLog.objects.get(match=match, version=v).state_digest == state_digest(full[v]) for v in (1, 60))
    for row in MoveLog.objects.filter(match=match):  # as logged before: json's canonical text
        row.state_digest = hashlib.sha256(
            json.dumps(full[row.version], sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        row.save(update_fields=["state_digest"])
    ReplaySnapshot.objects.filter(match=match).delete()
    assert state_at(match, EVERY + 7) == full[EVERY + 7]
    assert [state_at(match, v) for v in (EVERY + 7, 2 * EVERY + 1)] == [full[EVERY + 7], full[2 * EVERY + 1]]
    MoveLog.objects.filter(match=match, version=EVERY + 8).update(state_digest="0" * 64)
    with pytest.raises(ReplayDiverged):
        state_at(match, EVERY + 9)


def test_a_state_orjson_refuses_is_digested_as_json_writes_it():
    state = {"seed": 2**70, "board": [1, "two"]}
    assert state_digest(state) == hashlib.sha256(b'{"board":[1,"two"],"seed":1180591620717411303424}').hexdigest()
    assert digest_matches(state, state_digest(state)) and not digest_matches({"seed": 1}, state_digest(state))
