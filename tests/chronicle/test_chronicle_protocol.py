"""Chronicle's own side of the engine contract: its refusals, labels, views, log and prompts (the checks every
game shares are in tests/engines)."""

import json

import pytest
from chronicle_helpers import assert_views_leak_nothing, built, stage, to_vote

from apps.chronicle.content import ASPECTS, CHARACTERS, FILLS, STORIES
from apps.chronicle.engine import RULES, IllegalMove
from apps.chronicle.wording import name_seats


def test_a_refused_move_leaves_the_state_untouched_too():
    state = built(2, 1)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove):
        RULES.apply(state, 0, {"type": "choose_fill", "card": "place-oasis"})
    assert json.dumps(state, sort_keys=True) == before


# Refusals of this game's own moves; those every game gives are in tests/engines/test_protocol.py.
MALFORMED = [
    ({"type": "pick_aspect"}, "needs a 'aspect'"),
    ({"type": "pick_aspect", "aspect": 1}, "must be a string"),
    ({"type": "pick_aspect", "aspect": "heat", "extra": 1}, "no field 'extra'"),
    ({"type": "vote", "for": "1"}, "whole number"),
    ({"type": "vote", "for": True}, "whole number"),
    ({"type": "take_reward", "option": 1.0}, "whole number"),
    ({"type": "choose_fill"}, "needs a 'card'"),
]


@pytest.mark.parametrize("move, message", MALFORMED)
def test_a_malformed_move_is_refused_with_a_message(move, message):
    with pytest.raises(IllegalMove, match=message):
        RULES.apply(RULES.setup(2, 1), 0, move)


def test_a_move_out_of_turn_is_refused():
    state = RULES.setup(2, 1)
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(state, 1, {"type": "pick_aspect", "aspect": "hierarchical"})


@pytest.mark.parametrize("move, message", [
    ({"type": "redraw"}, "aspect"),
    ({"type": "vote", "for": 1}, "aspect"),
    ({"type": "pick_aspect", "aspect": "gold"}, "no aspect called 'gold'"),
])
def test_a_move_of_another_phase_is_refused_while_building(move, message):
    with pytest.raises(IllegalMove, match=message):
        RULES.apply(RULES.setup(2, 1), 0, move)


def test_a_move_of_another_phase_is_refused_while_filling_and_voting():
    state = stage(built(1, 1), ["animal-white-stag"], ["frost-shaman", "envoy", "tax-gatherer"])
    with pytest.raises(IllegalMove, match="fill the blank"):
        RULES.apply(state, 0, {"type": "pick_aspect", "aspect": "heat"})
    with pytest.raises(IllegalMove, match="not among the cards you drew"):
        RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-black-mare"})
    with pytest.raises(IllegalMove, match="not among"):
        RULES.apply(state, 0, {"type": "choose_fill", "card": "no-such-card"})
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-white-stag"})
    with pytest.raises(IllegalMove, match="reward"):
        RULES.apply(state, 0, {"type": "redraw"})
    voting = to_vote(2, 1)
    with pytest.raises(IllegalMove, match="voting"):
        RULES.apply(voting, 0, {"type": "redraw"})


def test_a_fill_card_label_names_the_card_and_a_vote_label_names_the_seat():
    state = stage(built(1, 1), ["animal-white-stag"], ["frost-shaman", "envoy", "tax-gatherer"])
    assert RULES.describe_move(state, 0, {"type": "choose_fill", "card": "animal-white-stag"}) == \
        "Choose \u201ca white stag\u201d"
    assert RULES.describe_move(state, 0, {"type": "redraw"}) == "Draw three new fill cards"
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-white-stag"})
    assert RULES.describe_move(state, 0, {"type": "take_reward", "option": 0}) == "Take a Cold card"
    assert RULES.describe_move(state, 0, {"type": "skip_reward"}) == "Take no character card"
    voting = to_vote(3, 1)
    assert name_seats(RULES.describe_move(voting, 0, {"type": "vote", "for": 2}), ["A", "B", "C"]) == \
        "Vote for C's telling"


def test_a_group_reward_label_names_each_aspect():
    state = stage(built(1, 1), ["animal-great-brown-bear"], ["mammoth-hunter", "envoy", "tax-gatherer"])
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-great-brown-bear"})
    label = RULES.describe_move(state, 0, {"type": "take_reward", "option": 0})
    assert label == "Take a Cold and a Martial card"


# --- Views --------------------------------------------------------------------------

def test_the_view_has_the_documented_keys():
    view = RULES.view(built(2, 1), None)
    assert set(view) == {
        "game", "phase", "players", "viewer", "active", "turn", "prompt", "story", "stories_revealed",
        "stories_total", "build", "piles", "civilizations", "draw", "reward", "tellings", "votes", "tie_break",
        "outcome", "log", "changed",
    }


def test_nobody_sees_the_generator_state_deck_orders_or_unrevealed_story_cards():
    state = built(2, 1)
    for viewer in (None, 0, 1):
        view = RULES.view(state, viewer)
        text = json.dumps(view)
        assert str(state["rng"]) not in text
        assert STORIES[1].title not in text and STORIES[8].title not in text
        assert STORIES[0].title in text
        for civ in view["civilizations"]:
            shown = [(ASPECTS.index(card["aspect"]), card["name"]) for card in civ["cards"]]
            assert shown == sorted(shown), "deck contents are shown sorted, never in deck order"
            assert len(shown) == civ["size"] == 4
        assert [p["count"] for p in view["piles"]] == [len(state["piles"][a]) for a in state["piles"]]
    assert_views_leak_nothing(state)


def test_hidden_from_names_unseen_cards_and_unrevealed_stories_and_the_rng():
    state = built(1, 1)
    hidden = RULES.hidden_from(state, None)
    assert str(state["rng"]) in hidden
    assert STORIES[4].title in hidden and STORIES[0].title not in hidden
    drawn = state["draw"]["fill"]
    for card in FILLS:
        assert (card.name in hidden) == (card.id not in drawn)
    owned = set(state["seats"][0]["civ"] + state["draw"]["civ"])
    for card in CHARACTERS:
        assert (card.name in hidden) == (card.id not in owned)


def test_everything_is_revealed_at_the_end_except_undrawn_cards_and_the_rng():
    state = to_vote(2, 3)
    hidden = RULES.hidden_from(state, 0)
    assert not any(story.title in hidden for story in STORIES)
    assert_views_leak_nothing(state)


def test_the_log_refers_to_seats_by_placeholder():
    state = to_vote(2, 3)
    assert any("{p0}" in line for line in state["log"]) and any("{p1}" in line for line in state["log"])
    assert not any("P1" in line or "Player" in line for line in state["log"])
    assert name_seats("{p1} took The Envoy.", ["Ada", "Bo"]) == "Bo took The Envoy."
    assert name_seats("{p3} waits.", ["Ada"]) == "Player 4 waits."


def test_the_prompt_tells_the_active_seat_what_to_do_and_the_others_what_is_awaited():
    state = RULES.setup(2, 1)
    assert RULES.view(state, 0)["prompt"].startswith("Choose the first card")
    assert RULES.view(state, 1)["prompt"].startswith("{p0} is choosing the first card")
    assert RULES.view(state, None)["prompt"].startswith("{p0} is choosing")
    voting = to_vote(2, 1)
    assert RULES.view(voting, 0)["prompt"].startswith("Vote for the telling")


def test_tellings_set_each_seats_fill_words_into_the_revealed_story_cards():
    state = to_vote(2, 5)
    tellings = RULES.view(state, None)["tellings"]
    assert [t["seat"] for t in tellings] == [0, 1]
    for telling, player in zip(tellings, state["seats"], strict=True):
        assert len(telling["pages"]) == 9
        for page, told in zip(telling["pages"], player["told"], strict=True):
            name = next(c.name for c in FILLS if c.id == told["card"])
            assert page["fill"] == name
            assert page["before"] + name + page["after"] in telling["text"]
    early = RULES.view(built(2, 5), 1)["tellings"]
    assert [len(t["pages"]) for t in early] == [1, 1]
    assert early[0]["pages"][0]["fill"] is None and "____" in early[0]["text"]
