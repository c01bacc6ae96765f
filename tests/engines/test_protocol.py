"""Every built engine keeps the protocol (DESIGN.md, "Rules engine protocol"): its RULES object, table sizes,
no Django, pure apply, exact replay, JSON states, the same refusals of malformed moves and unknown seats,
legal moves that are plain JSON and accepted, and short labels. Each game's own refusals stay in its folder."""

import json
import pkgutil
import random
import subprocess
import sys
from importlib import import_module

import pytest

from apps.matches.engine import IllegalMove, Rules, engine, game_entry
from tests import engine_contract as contract
from tests.engines.games import TESTS, rows
from tests.engines.games import random_game as played

ROOT = TESTS.parent


def by_slug(games):
    return [pytest.param(game, id=game.slug) for game in games]


@pytest.mark.parametrize("game", by_slug(rows()))
def test_the_engine_exposes_rules_and_the_shared_illegal_move(game):
    rules = engine(game.slug)
    assert isinstance(rules, Rules)
    assert import_module(f"{game_entry(game.slug).app}.engine").IllegalMove is IllegalMove
    assert (rules.slug, rules.title, (rules.min_players, rules.max_players)) == (game.slug, game.title, game.players)


@pytest.mark.parametrize("game", by_slug(rows()))
def test_setup_refuses_a_table_of_the_wrong_size(game):
    rules = engine(game.slug)
    for players in dict.fromkeys([rules.min_players - 1, rules.max_players + 1, 0, "2", 2.0]):
        with pytest.raises(ValueError):
            rules.setup(players, 1)


@pytest.mark.parametrize("game", by_slug(rows()))
def test_the_engine_and_everything_but_its_django_glue_import_nothing_of_django(game):
    app = game_entry(game.slug).app
    modules = [f"{app}.{m.name}" for m in pkgutil.iter_modules([str(ROOT / app.replace(".", "/"))])
               if m.name not in ("apps", "templatetags", "migrations", "admin", "views", "urls", "models")]
    assert f"{app}.engine" in modules
    code = (f"import sys; import {', '.join(modules)}; "
            "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game", by_slug(rows()))
def test_apply_never_changes_the_state_it_is_given(game):
    rnd = random.Random(5)
    contract.assert_apply_leaves_its_input_untouched(
        engine(game.slug), (played(game.slug, players, 17, rnd, game.any_active) for players in game.apply_players))


@pytest.mark.parametrize("game, players, seed, chooser", [
    pytest.param(game, *replay, id=f"{game.slug}-{replay[0]}-{replay[1]}")
    for game in rows() for replay in game.replays])
def test_replaying_a_seed_and_its_moves_gives_the_identical_state(game, players, seed, chooser):
    playout = played(game.slug, players, seed, random.Random(chooser), game.any_active)
    contract.assert_replay_gives_the_same_state(engine(game.slug), players, seed, playout)


@pytest.mark.parametrize("game", by_slug(rows()))
def test_the_state_is_plain_json_and_survives_a_round_trip(game):
    players, seed, chooser, every = game.round_trip
    contract.assert_states_survive_a_json_round_trip(
        engine(game.slug), played(game.slug, players, seed, random.Random(chooser), game.any_active), every)


@pytest.mark.parametrize("game, move, message", [
    pytest.param(game, move, message, id=f"{game.slug}-{json.dumps(move)}")
    for game in rows() for move, message in contract.MALFORMED_ANY_GAME])
def test_a_malformed_move_is_refused_with_a_message(game, move, message):
    rules = engine(game.slug)
    state = rules.setup(max(2, rules.min_players), 1)
    with pytest.raises(IllegalMove, match=message):
        rules.apply(state, rules.active_seats(state)[0], move)


@pytest.mark.parametrize("game, seat", [
    pytest.param(game, seat, id=f"{game.slug}-{seat!r}") for game in rows()
    for seat in [-1, 2, 7, 9, "0", None, True, 0.0]])
def test_a_seat_outside_the_table_is_refused(game, seat):
    rules = engine(game.slug)
    state = rules.setup(2, 1)
    before = contract.frozen(state)
    move = rules.legal_moves(state, rules.active_seats(state)[0])[0]
    with pytest.raises(IllegalMove, match="no seat"):
        rules.apply(state, seat, move)
    assert contract.frozen(state) == before


@pytest.mark.parametrize("game", by_slug(rows("legal")))
def test_legal_moves_are_plain_json_and_every_one_is_accepted(game):
    players, seed, chooser, every, most = game.legal
    rules = engine(game.slug)
    for i, (state, _, _) in enumerate(played(game.slug, players, seed, random.Random(chooser), game.any_active)):
        for seat in range(players):
            moves = rules.legal_moves(state, seat)
            assert json.loads(json.dumps(moves)) == moves
            if seat not in rules.active_seats(state):
                assert moves == []
            if most is not None:
                assert len(moves) <= most, "few enough to show as buttons"
            if i % every == 0:
                for move in moves:
                    rules.apply(state, seat, move)


@pytest.mark.parametrize("game", by_slug(rows()))
def test_every_legal_move_has_a_short_label(game):
    case, rules = game.labels, engine(game.slug)
    first_words = set()
    for i, (state, _, _) in enumerate(played(game.slug, case.players, case.seed, random.Random(case.chooser),
                                             game.any_active)):
        if case.steps is not None and i >= case.steps:
            break
        for seat in rules.active_seats(state):
            for move in rules.legal_moves(state, seat):
                label = rules.describe_move(state, seat, move)
                assert label, move
                assert case.longest is None or len(label) < case.longest, label
                assert not [word for word in case.never if word in label], (move, label)
                first_words.add(label.split(" ")[0])
    assert case.first_words <= first_words
